import type { ProviderDeps } from './provider-kit';
import { wholeListProvider } from './whole-list-provider';

/*
 * Groups: a short public list, answered whole and searched, sorted and paged here; each read with its ETag
 * and written back with `If-Match`.
 */

/** The fields a group's create or update sends. */
export const GROUP_FIELDS = ['name', 'latitude', 'longitude', 'radius'] as const;

export function groupsProvider(deps: ProviderDeps) {
  return wholeListProvider(deps, {
    routes: {
      list: 'listGroups',
      create: 'createGroup',
      get: 'getGroup',
      patch: 'patchGroup',
      delete: 'deleteGroup',
    },
    fields: GROUP_FIELDS,
    searchFields: ['name'],
  });
}
