import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import type { Kind, VenueType } from '@tables-voisines/contract/schemas/establishment';
import { apiRequest, isApiError, type ApiError } from '../../lib/api-client';
import {
  createAdminRoute,
  createEstablishmentRoute,
  createGroupRoute,
  createMenuBoardRoute,
  deleteAdminRoute,
  deleteEstablishmentRoute,
  deleteGroupRoute,
  deleteMenuBoardRoute,
  deleteOwnerRoute,
  getAdminRoute,
  getCategoryRoute,
  getEstablishmentRoute,
  getOwnerRoute,
  listAdminsRoute,
  listEstablishmentsRoute,
  listGroupsRoute,
  listOwnersRoute,
  patchAdminRoute,
  patchEstablishmentRoute,
  patchGroupRoute,
  patchMenuBoardRoute,
  patchOwnerRoute,
  searchCategoriesRoute,
  surroundingMenuBoardsRoute,
} from '../../lib/api-routes';
import { issuesToFieldErrors } from './form-errors';

/*
 * react-admin's data provider over the site's typed API client. Lists the API answers whole (owners,
 * admins, groups) are searched, sorted and paged here; establishments are searched, filtered (kind, venue
 * type, town, disabled, owner), sorted and paged by the server.
 */

type Row = RaRecord & Record<string, unknown>;
type TokenSource = () => string | null;

const ESTABLISHMENT_SORTS = new Set(['name', 'town', 'createdAt', 'updatedAt', 'uri']);
/** Fields an admin may send back for an establishment (the rest are computed by the server). */
export const ESTABLISHMENT_FIELDS = [
  'kind',
  'name',
  'venueType',
  'address',
  'location',
  'uri',
  'description',
  'phone',
  'email',
  'website',
  'openingHours',
  'priceRange',
  'categories',
  'photo',
  'disabled',
  'restaurantOwner',
] as const;
const OWNER_FIELDS = ['email', 'password', 'firstName', 'lastName', 'phone', 'establishment'] as const;
const ADMIN_FIELDS = ['username', 'email', 'password', 'permissions'] as const;
const GROUP_FIELDS = ['name', 'latitude', 'longitude', 'radius'] as const;
const MENU_BOARD_FIELDS = ['title', 'date', 'items'] as const;

/** The whole world: the menu boards list is today's boards of every enabled establishment. */
const WORLD = {
  northEast: { latitude: 90, longitude: 180 },
  southWest: { latitude: -90, longitude: -180 },
};

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
  const conflictField = CONFLICT_FIELDS[apiError.code];
  const details = Array.isArray(apiError.details)
    ? (apiError.details as { path: string; message: string }[])
    : conflictField === undefined
      ? []
      : [{ path: conflictField, message: apiError.message }];
  return new HttpError(apiError.message, apiError.status, {
    code: apiError.code,
    message: apiError.message,
    errors: details.length > 0 ? issuesToFieldErrors(details) : undefined,
  });
}

function pick<K extends string>(
  values: Record<string, unknown>,
  keys: readonly K[],
  previous?: Record<string, unknown>,
) {
  const body: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    if (!(key in values) || values[key] === undefined) continue;
    // An empty password field means "unchanged".
    if (key === 'password' && (values[key] === null || values[key] === '')) continue;
    // On update only what changed travels (an owner field the admin did not touch stays as it is).
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

/** Search (`q` in the given fields), equality filters, sort and page over a whole list. */
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
 * `mayRead(resource)`: whether the signed-in admin may read a resource; reads it may not make fail here
 * with the server's 403 answer, without a request (a page it may not open still mounts its list).
 */
export function createDataProvider(
  getToken: TokenSource,
  mayRead: (resource: string) => boolean = () => true,
): DataProvider {
  const token = () => getToken() ?? undefined;

  async function listOwners(): Promise<Row[]> {
    return (await apiRequest(listOwnersRoute, { token: token() })) as unknown as Row[];
  }

  async function listMenuBoards(): Promise<Row[]> {
    return (await apiRequest(surroundingMenuBoardsRoute, {
      token: token(),
      body: { categories: [], ...WORLD },
    })) as unknown as Row[];
  }

  async function getList(resource: string, params: GetListParams): Promise<{ data: Row[]; total: number }> {
    switch (resource) {
      case 'establishments': {
        // Every filter and sort of the list is the server's: at 200,000 establishments, one page travels.
        const filter = (params.filter ?? {}) as Record<string, unknown>;
        const text = (key: string) =>
          typeof filter[key] === 'string' && filter[key].trim() !== '' ? filter[key].trim() : undefined;
        const sortField = params.sort?.field === 'address.town' ? 'town' : params.sort?.field;
        const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
        let total = 0;
        const rows = await apiRequest(listEstablishmentsRoute, {
          token: token(),
          query: {
            withDisabled: true,
            q: text('q'),
            kind: text('kind') as Kind | undefined,
            venueType: text('venueType') as VenueType | undefined,
            town: text('town'),
            disabled: typeof filter.disabled === 'boolean' ? filter.disabled : undefined,
            // "Propriétaire précis" (one owner's establishment) before "avec / sans propriétaire".
            restaurantOwner: text('ownerId') ?? text('restaurantOwner'),
            page,
            perPage,
            sort:
              sortField !== undefined && ESTABLISHMENT_SORTS.has(sortField)
                ? (sortField as 'name')
                : undefined,
            order: params.sort?.order === 'DESC' ? 'desc' : 'asc',
          },
          onResponse: (response) => {
            total = Number(response.headers.get('X-Total-Count') ?? 0);
          },
        });
        return { data: rows as unknown as Row[], total };
      }
      case 'restaurant-owners':
        return pageLocally(await listOwners(), params, ['email', 'firstName', 'lastName', 'phone']);
      case 'admins':
        return pageLocally(
          (await apiRequest(listAdminsRoute, { token: token() })) as unknown as Row[],
          params,
          ['username', 'email'],
        );
      case 'groups':
        return pageLocally(
          (await apiRequest(listGroupsRoute, { token: token() })) as unknown as Row[],
          params,
          ['name'],
        );
      case 'categories': {
        const q = (params.filter as { q?: string } | undefined)?.q ?? '';
        const { categories } = await apiRequest(searchCategoriesRoute, {
          query: { searchTerm: q, limit: 50 },
        });
        return pageLocally(categories as unknown as Row[], { ...params, filter: {} }, []);
      }
      case 'menu-boards':
        return pageLocally(await listMenuBoards(), params, ['title', 'establishment.name']);
      default:
        throw new Error(`Ressource inconnue : ${resource}`);
    }
  }

  async function getOne(resource: string, id: string): Promise<Row> {
    switch (resource) {
      case 'establishments':
        return (await apiRequest(getEstablishmentRoute, {
          token: token(),
          params: { id },
        })) as unknown as Row;
      case 'restaurant-owners':
        return (await apiRequest(getOwnerRoute, { token: token(), params: { id } })) as unknown as Row;
      case 'admins':
        return (await apiRequest(getAdminRoute, { token: token(), params: { id } })) as unknown as Row;
      case 'categories':
        return (await apiRequest(getCategoryRoute, { params: { id } })) as unknown as Row;
      case 'groups':
      case 'menu-boards': {
        const rows =
          resource === 'groups'
            ? ((await apiRequest(listGroupsRoute, { token: token() })) as unknown as Row[])
            : await listMenuBoards();
        const row = rows.find((candidate) => candidate.id === id);
        if (row === undefined) throw new HttpError('Élément introuvable.', 404, { code: 'NotFound' });
        return row;
      }
      default:
        throw new Error(`Ressource inconnue : ${resource}`);
    }
  }

  async function create(resource: string, values: Record<string, unknown>): Promise<Row> {
    switch (resource) {
      case 'establishments':
        return (await apiRequest(createEstablishmentRoute, {
          token: token(),
          body: pick(values, ESTABLISHMENT_FIELDS) as never,
        })) as unknown as Row;
      case 'admins':
        return (await apiRequest(createAdminRoute, {
          token: token(),
          body: pick(values, ADMIN_FIELDS) as never,
        })) as unknown as Row;
      case 'groups':
        return (await apiRequest(createGroupRoute, {
          token: token(),
          body: pick(values, GROUP_FIELDS) as never,
        })) as unknown as Row;
      case 'menu-boards':
        return (await apiRequest(createMenuBoardRoute, {
          token: token(),
          body: { ...pick(values, MENU_BOARD_FIELDS), establishment: values.establishment } as never,
        })) as unknown as Row;
      default:
        throw new HttpError('Création impossible pour cette ressource.', 405, {});
    }
  }

  async function update(
    resource: string,
    id: string,
    values: Record<string, unknown>,
    previous: Record<string, unknown> | undefined,
  ): Promise<Row> {
    switch (resource) {
      case 'establishments':
        return (await apiRequest(patchEstablishmentRoute, {
          token: token(),
          params: { id },
          body: pick(values, ESTABLISHMENT_FIELDS, previous) as never,
        })) as unknown as Row;
      case 'restaurant-owners':
        return (await apiRequest(patchOwnerRoute, {
          token: token(),
          params: { id },
          body: pick(values, OWNER_FIELDS, previous) as never,
        })) as unknown as Row;
      case 'admins':
        return (await apiRequest(patchAdminRoute, {
          token: token(),
          params: { id },
          body: pick(values, ADMIN_FIELDS, previous) as never,
        })) as unknown as Row;
      case 'groups':
        return (await apiRequest(patchGroupRoute, {
          token: token(),
          params: { id },
          body: pick(values, GROUP_FIELDS, previous) as never,
        })) as unknown as Row;
      case 'menu-boards':
        return (await apiRequest(patchMenuBoardRoute, {
          token: token(),
          params: { id },
          body: pick(values, MENU_BOARD_FIELDS, previous) as never,
        })) as unknown as Row;
      default:
        throw new HttpError('Modification impossible pour cette ressource.', 405, {});
    }
  }

  async function remove(resource: string, id: string): Promise<void> {
    const params = { id };
    switch (resource) {
      case 'establishments':
        return apiRequest(deleteEstablishmentRoute, { token: token(), params });
      case 'restaurant-owners':
        return apiRequest(deleteOwnerRoute, { token: token(), params });
      case 'admins':
        return apiRequest(deleteAdminRoute, { token: token(), params });
      case 'groups':
        return apiRequest(deleteGroupRoute, { token: token(), params });
      case 'menu-boards':
        return apiRequest(deleteMenuBoardRoute, { token: token(), params });
      default:
        throw new HttpError('Suppression impossible pour cette ressource.', 405, {});
    }
  }

  const forbidden = () =>
    new HttpError('Vous n’avez pas les droits nécessaires pour effectuer cette action.', 403, {
      code: 'Forbidden',
    });
  // Categories are public (the menu board form searches them for every admin).
  const readable = (resource: string) => resource === 'categories' || mayRead(resource);
  const read = async <T>(resource: string, work: () => Promise<T>): Promise<T> => {
    if (!readable(resource)) throw forbidden();
    return wrap(work);
  };

  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toHttpError(error);
    }
  };

  return {
    getList: (resource, params) => read(resource, () => getList(resource, params)) as never,
    getOne: (resource, params) =>
      read(resource, async () => ({ data: await getOne(resource, String(params.id)) })) as never,
    getMany: (resource, params) =>
      read(resource, async () => {
        if (resource === 'groups' || resource === 'menu-boards' || resource === 'restaurant-owners') {
          const { data } = await getList(resource, { filter: {} } as GetListParams);
          const wanted = new Set(params.ids.map(String));
          return { data: data.filter((row) => wanted.has(String(row.id))) };
        }
        const settled = await Promise.allSettled(params.ids.map((id) => getOne(resource, String(id))));
        return {
          data: settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
        };
      }) as never,
    getManyReference: (resource, params) =>
      read(resource, () =>
        getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
      ) as never,
    create: (resource, params) =>
      wrap(async () => ({ data: await create(resource, params.data as Record<string, unknown>) })) as never,
    update: (resource, params) =>
      wrap(async () => ({
        data: await update(
          resource,
          String(params.id),
          params.data as Record<string, unknown>,
          params.previousData as Record<string, unknown> | undefined,
        ),
      })) as never,
    updateMany: (resource, params) =>
      wrap(async () => {
        for (const id of params.ids) await update(resource, String(id), params.data, undefined);
        return { data: params.ids };
      }) as never,
    delete: (resource, params) =>
      wrap(async () => {
        await remove(resource, String(params.id));
        return { data: params.previousData ?? { id: params.id } };
      }) as never,
    deleteMany: (resource, params) =>
      wrap(async () => {
        for (const id of params.ids) await remove(resource, String(id));
        return { data: params.ids };
      }) as never,
  };
}
