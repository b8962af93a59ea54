import { HttpError } from 'react-admin';
import {
  createGroupRoute,
  deleteGroupRoute,
  listGroupsRoute,
  patchGroupRoute,
} from '../../../lib/api-routes';
import { pageLocally, pick, toDataProvider, type ProviderDeps, type Row } from './provider-kit';

/*
 * Groups: a short public list, answered whole and searched, sorted and paged here. The API has no call
 * reading one group and gives groups no version (no ETag): their writes cannot send `If-Match`.
 */

const GROUP_FIELDS = ['name', 'latitude', 'longitude', 'radius'] as const;

export function groupsProvider({ request, token }: ProviderDeps) {
  const list = async () => (await request(listGroupsRoute, { token: token() })) as unknown as Row[];

  return toDataProvider({
    async getList(params) {
      return pageLocally(await list(), params, ['name']);
    },
    async getOne(params) {
      const row = (await list()).find((candidate) => String(candidate.id) === String(params.id));
      if (row === undefined) throw new HttpError('Ce groupe n’existe pas.', 404, { code: 'NotFound' });
      return { data: row };
    },
    async getMany(params) {
      const wanted = new Set(params.ids.map(String));
      return { data: (await list()).filter((row) => wanted.has(String(row.id))) };
    },
    async create(params) {
      const row = await request(createGroupRoute, {
        token: token(),
        body: pick(params.data as Record<string, unknown>, GROUP_FIELDS) as never,
      });
      return { data: row as unknown as Row };
    },
    async update(params) {
      const row = await request(patchGroupRoute, {
        token: token(),
        params: { id: String(params.id) },
        body: pick(params.data as Record<string, unknown>, GROUP_FIELDS, params.previousData) as never,
      });
      return { data: row as unknown as Row };
    },
    async delete(params) {
      await request(deleteGroupRoute, { token: token(), params: { id: String(params.id) } });
      return { data: (params.previousData ?? { id: params.id }) as Row };
    },
  });
}
