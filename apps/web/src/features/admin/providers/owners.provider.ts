import { OWNER_SORTS } from '@tables-voisines/contract/schemas/account';
import { deleteOwnerRoute, getOwnerRoute, listOwnersRoute, patchOwnerRoute } from '../../../lib/api-routes';
import {
  answerHeaders,
  filterText,
  getEach,
  ifMatch,
  pick,
  toDataProvider,
  totalOf,
  withEtag,
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

export function ownersProvider({ request, token }: ProviderDeps) {
  async function getOne(id: string): Promise<Row> {
    const headers = answerHeaders();
    const row = await request(getOwnerRoute, {
      token: token(),
      params: { id },
      onResponse: headers.onResponse,
    });
    return withEtag(row, headers.get('ETag'));
  }

  return toDataProvider({
    async getList(params) {
      const filter = params.filter as Record<string, unknown> | undefined;
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      const sort = params.sort?.field;
      const establishment = filterText(filter, 'establishment');
      const headers = answerHeaders();
      const rows = await request(listOwnersRoute, {
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
    async update(params) {
      const headers = answerHeaders();
      const row = await request(patchOwnerRoute, {
        token: token(),
        params: { id: String(params.id) },
        body: pick(params.data as Record<string, unknown>, OWNER_FIELDS, params.previousData) as never,
        headers: ifMatch(params.previousData),
        onResponse: headers.onResponse,
      });
      return { data: withEtag(row, headers.get('ETag')) };
    },
    async delete(params) {
      await request(deleteOwnerRoute, {
        token: token(),
        params: { id: String(params.id) },
        headers: ifMatch(params.previousData),
      });
      return { data: (params.previousData ?? { id: params.id }) as Row };
    },
  });
}
