import {
  createGroupRoute,
  deleteGroupRoute,
  getGroupRoute,
  listGroupsRoute,
  patchGroupRoute,
} from '../../../lib/api-routes';
import {
  answerHeaders,
  ifMatch,
  pageLocally,
  pick,
  toDataProvider,
  withEtag,
  type ProviderDeps,
  type Row,
} from './provider-kit';

/*
 * Groups: a short public list, answered whole and searched, sorted and paged here; each read with its ETag
 * and written back with `If-Match`.
 */

const GROUP_FIELDS = ['name', 'latitude', 'longitude', 'radius'] as const;

export function groupsProvider({ request, token }: ProviderDeps) {
  const list = async () => (await request(listGroupsRoute, { token: token() })) as unknown as Row[];

  return toDataProvider({
    async getList(params) {
      return pageLocally(await list(), params, ['name']);
    },
    async getOne(params) {
      const headers = answerHeaders();
      const row = await request(getGroupRoute, {
        token: token(),
        params: { id: String(params.id) },
        onResponse: headers.onResponse,
      });
      return { data: withEtag(row, headers.get('ETag')) };
    },
    async getMany(params) {
      const wanted = new Set(params.ids.map(String));
      return { data: (await list()).filter((row) => wanted.has(String(row.id))) };
    },
    async create(params) {
      const headers = answerHeaders();
      const row = await request(createGroupRoute, {
        token: token(),
        body: pick(params.data as Record<string, unknown>, GROUP_FIELDS) as never,
        onResponse: headers.onResponse,
      });
      return { data: withEtag(row, headers.get('ETag')) };
    },
    async update(params) {
      const headers = answerHeaders();
      const row = await request(patchGroupRoute, {
        token: token(),
        params: { id: String(params.id) },
        body: pick(params.data as Record<string, unknown>, GROUP_FIELDS, params.previousData) as never,
        headers: ifMatch(params.previousData),
        onResponse: headers.onResponse,
      });
      return { data: withEtag(row, headers.get('ETag')) };
    },
    async delete(params) {
      await request(deleteGroupRoute, {
        token: token(),
        params: { id: String(params.id) },
        headers: ifMatch(params.previousData),
      });
      return { data: (params.previousData ?? { id: params.id }) as Row };
    },
  });
}
