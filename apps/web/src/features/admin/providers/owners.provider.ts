import { OWNER_SORTS } from '@tables-voisines/contract/schemas/account';
import {
  answerHeaders,
  filterText,
  getEach,
  pick,
  recordCalls,
  toDataProvider,
  totalOf,
  type ProviderDeps,
  type Row,
} from './provider-kit';

/*
 * Restaurant owners: searched, filtered (address confirmed, with or without an establishment), sorted and
 * paged by the server; read with their ETag, written back with `If-Match`. Owners sign up themselves:
 * there is no create.
 */

const OWNER_FIELDS = ['email', 'password', 'firstName', 'lastName', 'phone', 'establishment'] as const;
const SORTS: ReadonlySet<string> = new Set(OWNER_SORTS);

export function ownersProvider(deps: ProviderDeps) {
  const { request, token } = deps;
  const {
    getOne,
    update,
    delete: remove,
  } = recordCalls(deps, { get: 'getOwner', patch: 'patchOwner', delete: 'deleteOwner' }, (values, previous) =>
    pick(values, OWNER_FIELDS, previous),
  );

  return toDataProvider({
    async getList(params) {
      const filter = params.filter as Record<string, unknown> | undefined;
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      const sort = params.sort?.field;
      const establishment = filterText(filter, 'establishment');
      const headers = answerHeaders();
      const rows = await request('listOwners', {
        token: token(),
        query: {
          page,
          perPage,
          q: filterText(filter, 'q'),
          sort: sort !== undefined && SORTS.has(sort) ? (sort as 'lastName') : undefined,
          order: params.sort?.order === 'DESC' ? 'desc' : 'asc',
          confirmed: typeof filter?.confirmed === 'boolean' ? filter.confirmed : undefined,
          establishment: establishment === 'none' || establishment === 'any' ? establishment : undefined,
        },
        onResponse: headers.onResponse,
      });
      return { data: rows as unknown as Row[], total: totalOf(headers.get('X-Total-Count')) };
    },
    async getOne(params) {
      return { data: await getOne(String(params.id)) };
    },
    getMany(params) {
      return getEach(params.ids, getOne);
    },
    update,
    delete: remove,
  });
}
