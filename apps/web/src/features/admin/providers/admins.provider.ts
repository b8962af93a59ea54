import {
  createAdminRoute,
  deleteAdminRoute,
  getAdminRoute,
  listAdminsRoute,
  patchAdminRoute,
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
 * Administrators: a short list, answered whole and searched, sorted and paged here; each read with its ETag
 * and written back with `If-Match`.
 */

const ADMIN_FIELDS = ['username', 'email', 'password', 'permissions'] as const;

export function adminsProvider({ request, token }: ProviderDeps) {
  const list = async () => (await request(listAdminsRoute, { token: token() })) as unknown as Row[];

  return toDataProvider({
    async getList(params) {
      return pageLocally(await list(), params, ['username', 'email']);
    },
    async getOne(params) {
      const headers = answerHeaders();
      const row = await request(getAdminRoute, {
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
      const row = await request(createAdminRoute, {
        token: token(),
        body: pick(params.data as Record<string, unknown>, ADMIN_FIELDS) as never,
        onResponse: headers.onResponse,
      });
      return { data: withEtag(row, headers.get('ETag')) };
    },
    async update(params) {
      const headers = answerHeaders();
      const row = await request(patchAdminRoute, {
        token: token(),
        params: { id: String(params.id) },
        body: pick(params.data as Record<string, unknown>, ADMIN_FIELDS, params.previousData) as never,
        headers: ifMatch(params.previousData),
        onResponse: headers.onResponse,
      });
      return { data: withEtag(row, headers.get('ETag')) };
    },
    async delete(params) {
      await request(deleteAdminRoute, {
        token: token(),
        params: { id: String(params.id) },
        headers: ifMatch(params.previousData),
      });
      return { data: (params.previousData ?? { id: params.id }) as Row };
    },
  });
}
