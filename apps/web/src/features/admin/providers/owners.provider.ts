import { OWNER_SORTS } from '@tables-voisines/contract/schemas/account';
import {
  fetchServerPage,
  filterText,
  recordCalls,
  serverListParams,
  toDataProvider,
  type ProviderDeps,
} from './provider-kit';

/*
 * Restaurant owners: searched, filtered (address confirmed, with or without an establishment), sorted and
 * paged by the server; read with their ETag, written back with `If-Match`. Owners sign up themselves:
 * there is no create.
 */

const OWNER_FIELDS = ['email', 'password', 'firstName', 'lastName', 'phone', 'establishment'] as const;

/** The list's filters as the API reads them, for its page and for its export (which holds what it shows). */
export function ownerFilterQuery(filter: Record<string, unknown> | undefined) {
  const establishment = filterText(filter, 'establishment');
  return {
    q: filterText(filter, 'q'),
    confirmed: typeof filter?.confirmed === 'boolean' ? filter.confirmed : undefined,
    establishment:
      establishment === 'none' || establishment === 'any' ? (establishment as 'none' | 'any') : undefined,
  };
}

export function ownersProvider(deps: ProviderDeps) {
  const { request, token } = deps;
  const record = recordCalls(
    deps,
    { get: 'getOwner', patch: 'patchOwner', delete: 'deleteOwner' },
    OWNER_FIELDS,
  );

  return toDataProvider({
    ...record,
    async getList(params) {
      const { filter, page, perPage, sort } = serverListParams(params, OWNER_SORTS);
      return fetchServerPage((onResponse) =>
        request('listOwners', {
          token: token(),
          query: {
            page,
            perPage,
            sort,
            order: params.sort?.order === 'DESC' ? 'desc' : 'asc',
            ...ownerFilterQuery(filter),
          },
          onResponse,
        }),
      );
    },
  });
}
