import {
  fetchRowWithEtag,
  pageLocally,
  pick,
  recordCalls,
  toDataProvider,
  type ProviderDeps,
  type RecordRoutes,
  type Row,
} from './provider-kit';

/** The fields, search and calls of a short list the server answers whole (administrators, groups). */
export interface WholeListResource {
  routes: RecordRoutes & { list: 'listAdmins' | 'listGroups'; create: 'createAdmin' | 'createGroup' };
  /** The fields a create or an update may send. */
  fields: readonly string[];
  /** Where `q` searches. */
  searchFields: readonly string[];
}

/**
 * A short list answered whole and searched, sorted and paged here; each record read with its ETag and
 * written back with `If-Match`.
 */
export function wholeListProvider(deps: ProviderDeps, { routes, fields, searchFields }: WholeListResource) {
  const { request, token } = deps;
  // The routes differ in their bodies' types only; the body is built and checked by the form.
  const call = request as unknown as (route: string, input: object) => Promise<unknown>;
  const list = async () => (await call(routes.list, { token: token() })) as Row[];
  const record = recordCalls(deps, routes, fields);

  return toDataProvider({
    ...record,
    async getList(params) {
      return pageLocally(await list(), params, searchFields);
    },
    async getMany(params) {
      const wanted = new Set(params.ids.map(String));
      return { data: (await list()).filter((row) => wanted.has(String(row.id))) };
    },
    async create(params) {
      const data = await fetchRowWithEtag((onResponse) =>
        call(routes.create, {
          token: token(),
          body: pick(params.data as Record<string, unknown>, fields),
          onResponse,
        }),
      );
      return { data };
    },
  });
}
