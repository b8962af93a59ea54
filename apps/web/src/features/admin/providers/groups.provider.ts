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
 * Groups: a short public list, answered whole and searched, sorted and paged here; each read with its ETag
 * and written back with `If-Match`.
 */

const GROUP_FIELDS = ['name', 'latitude', 'longitude', 'radius'] as const;

export function groupsProvider(deps: ProviderDeps) {
  const { request, token } = deps;
  const list = async () => (await request('listGroups', { token: token() })) as unknown as Row[];
  const record = recordCalls(
    deps,
    { get: 'getGroup', patch: 'patchGroup', delete: 'deleteGroup' },
    (values, previous) => pick(values, GROUP_FIELDS, previous),
  );

  return toDataProvider({
    async getList(params) {
      return pageLocally(await list(), params, ['name']);
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
      const row = await request('createGroup', {
        token: token(),
        body: pick(params.data as Record<string, unknown>, GROUP_FIELDS) as never,
        onResponse: headers.onResponse,
      });
      return { data: withEtag(row, headers.get('ETag')) };
    },
    update: record.update,
    delete: record.delete,
  });
}
