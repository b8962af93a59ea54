import {
  HttpError,
  type CreateParams,
  type DataProvider,
  type DeleteParams,
  type GetListParams,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetOneParams,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import { isApiError, type ApiError, type createApiClient } from '../../../lib/api-client';
import { serverFieldErrors, toNested } from '../../../lib/form-errors';

/*
 * What every resource's provider shares: the typed client and the token, the ETag kept with a record,
 * the server's errors as react-admin's, and whole lists searched, sorted and paged in the browser.
 */

export type Row = RaRecord & Record<string, unknown>;

/** The site's typed client (`apiRequest`), or one over another origin in the tests. */
export type ApiRequestFn = ReturnType<typeof createApiClient>['request'];

export interface ProviderDeps {
  request: ApiRequestFn;
  /** The signed-in admin's access token, read at each call (it is refreshed in the background). */
  token: () => string | undefined;
}

/** One resource's calls; what it leaves out is refused (`405`) by `toDataProvider`. */
export interface ResourceProvider {
  getList(params: GetListParams): Promise<{ data: Row[]; total: number }>;
  getOne(params: GetOneParams): Promise<{ data: Row }>;
  getMany(params: GetManyParams): Promise<{ data: Row[] }>;
  create?(params: CreateParams): Promise<{ data: Row }>;
  update?(params: UpdateParams): Promise<{ data: Row }>;
  delete?(params: DeleteParams): Promise<{ data: Row }>;
}

/**
 * Where a record keeps the `ETag` it was read with. react-admin hands the record a form was loaded with to
 * `update` and `delete` as `previousData`: its tag goes back as `If-Match`, so that a write based on an older
 * read is refused (`412 PreconditionFailed`) instead of undoing someone else's change. No server field has
 * this name; the bodies sent are picked field by field, so it never travels.
 */
export const ETAG_FIELD = '@etag';

export function etagOf(record: unknown): string | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const tag = (record as Record<string, unknown>)[ETAG_FIELD];
  return typeof tag === 'string' && tag !== '' ? tag : undefined;
}

/** `If-Match` with the tag the record was read with; nothing when it was read without one (a list row). */
export function ifMatch(record: unknown): Record<string, string> | undefined {
  const tag = etagOf(record);
  return tag === undefined ? undefined : { 'If-Match': tag };
}

/** Collects an answer's headers the provider needs (`ETag`, `X-Total-Count`, `X-Dry-Run`). */
export function answerHeaders() {
  let headers: Headers | null = null;
  return {
    onResponse: (response: Response) => {
      headers = response.headers;
    },
    get: (name: string): string | null => (headers as Headers | null)?.get(name) ?? null,
  };
}

/** A record with the `ETag` of the answer that brought it. */
export function withEtag(data: unknown, etag: string | null): Row {
  const row = data as Row;
  return etag === null ? row : { ...row, [ETAG_FIELD]: etag };
}

export function totalOf(value: string | null): number {
  const total = Number(value ?? 0);
  return Number.isFinite(total) ? total : 0;
}

/** A call given the `onResponse` that collects its answer's headers. */
type HeadedCall = (onResponse: (response: Response) => void) => Promise<unknown>;

/** The record a call answers, with the `ETag` of its answer. */
export async function fetchRowWithEtag(call: HeadedCall): Promise<Row> {
  const headers = answerHeaders();
  const row = await call(headers.onResponse);
  return withEtag(row, headers.get('ETag'));
}

/** One page of a list paged by the server: its rows, and the total its `X-Total-Count` says. */
export async function fetchServerPage(call: HeadedCall): Promise<{ data: Row[]; total: number }> {
  const headers = answerHeaders();
  const rows = await call(headers.onResponse);
  return { data: rows as unknown as Row[], total: totalOf(headers.get('X-Total-Count')) };
}

/** Conflicts that concern one field: their message is shown under it. */
const CONFLICT_FIELDS: Readonly<Record<string, string>> = {
  UriAlreadyUsed: 'uri',
  UsernameAlreadyUsed: 'username',
  EmailAlreadyUsed: 'email',
};

/** react-admin's error: the server's French message, its code, and per-field errors for the form. */
export function toHttpError(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const apiError: ApiError = error;
  const fields = serverFieldErrors(apiError, CONFLICT_FIELDS);
  return new HttpError(apiError.message, apiError.status, {
    code: apiError.code,
    message: apiError.message,
    details: apiError.details,
    errors: Object.keys(fields).length > 0 ? toNested(fields) : undefined,
  });
}

/** The error code of a refusal as react-admin hands it back (`PreconditionFailed`, `RateLimited`...). */
export function errorCodeOf(error: unknown): string | undefined {
  if (error instanceof HttpError) {
    const code = (error.body as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }
  return isApiError(error) ? error.code : undefined;
}

/**
 * The fields of a body: those given, and on update only those that changed from the record the form was
 * loaded with (an owner field the admin did not touch stays as it is). An empty password means unchanged.
 */
export function pick<K extends string>(
  values: Record<string, unknown>,
  keys: readonly K[],
  previous?: Record<string, unknown>,
): Partial<Record<K, unknown>> {
  const body: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    if (!(key in values) || values[key] === undefined) continue;
    if (key === 'password' && (values[key] === null || values[key] === '')) continue;
    if (previous !== undefined && JSON.stringify(values[key]) === JSON.stringify(previous[key])) continue;
    body[key] = values[key];
  }
  return body;
}

function normalize(text: unknown): string {
  return String(text ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

function valueAt(row: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => {
    return typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }, row);
}

/** Search (`q` in the given fields), equality filters, sort and page over a whole list (admins, groups). */
export function pageLocally<T extends Record<string, unknown>>(
  rows: readonly T[],
  params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>,
  searchFields: readonly string[],
): { data: T[]; total: number } {
  const { q, ...filters } = (params.filter ?? {}) as Record<string, unknown>;
  const term = normalize(q).trim();
  let result = rows.filter((row) => {
    if (term !== '' && !searchFields.some((field) => normalize(valueAt(row, field)).includes(term)))
      return false;
    return Object.entries(filters).every(([field, wanted]) => {
      if (wanted === undefined || wanted === '' || wanted === null) return true;
      const value = valueAt(row, field);
      if (typeof wanted === 'boolean') return Boolean(value) === wanted;
      return value === wanted;
    });
  });
  const sort = params.sort;
  if (sort?.field) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    result = [...result].sort((a, b) => {
      const left = valueAt(a, sort.field);
      const right = valueAt(b, sort.field);
      if (typeof left === 'number' && typeof right === 'number') return (left - right) * direction;
      return String(left ?? '').localeCompare(String(right ?? ''), 'fr') * direction;
    });
  }
  const total = result.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    result = result.slice((page - 1) * perPage, page * perPage);
  }
  return { data: result, total };
}

/**
 * react-admin's list params as a list paged by the server reads them: the filter, the page (25 rows unless
 * asked otherwise), and the sort field when the server sorts by it (`aliases`: a column's field under the
 * server's name).
 */
export function serverListParams<S extends string>(
  params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>,
  sorts: readonly S[],
  aliases: Readonly<Record<string, S>> = {},
) {
  const filter = params.filter as Record<string, unknown> | undefined;
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const field = params.sort?.field;
  const named = field === undefined ? undefined : (aliases[field] ?? field);
  const sort = named !== undefined && (sorts as readonly string[]).includes(named) ? (named as S) : undefined;
  return { filter, page, perPage, sort };
}

/** A filter's text, trimmed, or `undefined` when blank or not text. */
export function filterText(filter: unknown, key: string): string | undefined {
  const value = (filter as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Several records read one by one; those that are gone (deleted meanwhile) are left out. */
export async function getEach(
  ids: readonly unknown[],
  getOne: (id: string) => Promise<Row>,
): Promise<{ data: Row[] }> {
  const settled = await Promise.allSettled(ids.map((id) => getOne(String(id))));
  return { data: settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])) };
}

/** `getOne` and `getMany` of a resource read record by record: those of `getMany` gone meanwhile left out. */
export function readByIds(
  getOne: (id: string) => Promise<Row>,
): Pick<ResourceProvider, 'getOne' | 'getMany'> {
  return {
    async getOne(params) {
      return { data: await getOne(String(params.id)) };
    },
    getMany(params) {
      return getEach(params.ids, getOne);
    },
  };
}

const refused = (what: string) => () =>
  Promise.reject(new HttpError(`${what} impossible pour cette ressource.`, 405, { code: 'NotAllowed' }));

/**
 * react-admin's provider for one resource: its calls with the server's errors turned into react-admin's,
 * the missing ones refused, and the bulk ones made of single ones. A bulk change has no record read
 * before it, so it sends no `If-Match`.
 */
export function toDataProvider(provider: ResourceProvider): DataProvider {
  const guard =
    <P, R>(work: ((params: P) => Promise<R>) | undefined, what: string) =>
    async (_resource: string, params: P): Promise<R> => {
      if (work === undefined) return refused(what)() as Promise<R>;
      try {
        return await work.call(provider, params);
      } catch (error) {
        throw toHttpError(error);
      }
    };
  const update = guard(provider.update, 'Modification');
  const remove = guard(provider.delete, 'Suppression');
  const methods = {
    getList: guard(provider.getList, 'Lecture'),
    getOne: guard(provider.getOne, 'Lecture'),
    getMany: guard(provider.getMany, 'Lecture'),
    getManyReference: (resource: string, params: GetManyReferenceParams) =>
      guard(provider.getList, 'Lecture')(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      }),
    create: guard(provider.create, 'Création'),
    update,
    updateMany: async (resource: string, params: { ids: readonly unknown[]; data: unknown }) => {
      for (const id of params.ids)
        await update(resource, { id, data: params.data, previousData: { id } } as UpdateParams);
      return { data: [...params.ids] };
    },
    delete: remove,
    deleteMany: async (resource: string, params: { ids: readonly unknown[] }) => {
      for (const id of params.ids) await remove(resource, { id } as DeleteParams);
      return { data: [...params.ids] };
    },
  };
  return methods as unknown as DataProvider;
}

/** A call of one record by its id (`/api/.../:id`), as the kit makes it for every resource. */
type RecordRoute =
  | 'getEstablishment'
  | 'patchEstablishment'
  | 'deleteEstablishment'
  | 'getOwner'
  | 'patchOwner'
  | 'deleteOwner'
  | 'getAdmin'
  | 'patchAdmin'
  | 'deleteAdmin'
  | 'getGroup'
  | 'patchGroup'
  | 'deleteGroup'
  | 'getMenuBoard'
  | 'patchMenuBoard'
  | 'deleteMenuBoard';

export type RecordRoutes = { get: RecordRoute; patch: RecordRoute; delete: RecordRoute };

/**
 * The read, change and removal of one record by id, the same for every resource: read with the `ETag` of
 * its answer, changed and removed with `If-Match` of the record the form was loaded with, the change's
 * answer kept with its new tag. `body` makes the change's body from the form's values and the record, or
 * names the fields a change may send (`pick`: those that changed). `getMany` reads the records one by one.
 */
export function recordCalls(
  { request, token }: ProviderDeps,
  routes: RecordRoutes,
  body:
    | readonly string[]
    | ((values: Record<string, unknown>, previous: Record<string, unknown> | undefined) => unknown),
) {
  // The routes differ in their bodies' types only; the body is built and checked by the form.
  const call = request as unknown as (route: RecordRoute, input: object) => Promise<unknown>;
  const bodyOf =
    typeof body === 'function'
      ? body
      : (values: Record<string, unknown>, previous?: Record<string, unknown>) => pick(values, body, previous);
  const readOne = (id: string): Promise<Row> =>
    fetchRowWithEtag((onResponse) => call(routes.get, { token: token(), params: { id }, onResponse }));
  return {
    ...readByIds(readOne),
    async update(params: UpdateParams): Promise<{ data: Row }> {
      const data = await fetchRowWithEtag((onResponse) =>
        call(routes.patch, {
          token: token(),
          params: { id: String(params.id) },
          body: bodyOf(
            params.data as Record<string, unknown>,
            params.previousData as Record<string, unknown>,
          ),
          headers: ifMatch(params.previousData),
          onResponse,
        }),
      );
      return { data };
    },
    async delete(params: DeleteParams): Promise<{ data: Row }> {
      await call(routes.delete, {
        token: token(),
        params: { id: String(params.id) },
        headers: ifMatch(params.previousData),
      });
      return { data: (params.previousData ?? { id: params.id }) as Row };
    },
  };
}
