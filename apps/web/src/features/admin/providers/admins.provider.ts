import {
  answerHeaders,
  pageLocally,
  pick,
  recordCalls,
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

export function adminsProvider(deps: ProviderDeps) {
  const { request, token } = deps;
  const list = async () => (await request('listAdmins', { token: token() })) as unknown as Row[];
  const record = recordCalls(
    deps,
    { get: 'getAdmin', patch: 'patchAdmin', delete: 'deleteAdmin' },
    (values, previous) => pick(values, ADMIN_FIELDS, previous),
  );

  return toDataProvider({
    async getList(params) {
      return pageLocally(await list(), params, ['username', 'email']);
    },
    async getOne(params) {
      return { data: await record.getOne(String(params.id)) };
    },
    async getMany(params) {
      const wanted = new Set(params.ids.map(String));
      return { data: (await list()).filter((row) => wanted.has(String(row.id))) };
    },
    async create(params) {
      const headers = answerHeaders();
      const row = await request('createAdmin', {
        token: token(),
        body: pick(params.data as Record<string, unknown>, ADMIN_FIELDS) as never,
        onResponse: headers.onResponse,
      });
      return { data: withEtag(row, headers.get('ETag')) };
    },
    update: record.update,
    delete: record.delete,
  });
}
