import type { ProviderDeps } from './provider-kit';
import { wholeListProvider } from './whole-list-provider';

/*
 * Administrators: a short list, answered whole and searched, sorted and paged here; each read with its ETag
 * and written back with `If-Match`.
 */

/** The fields an admin's create or update sends. */
export const ADMIN_FIELDS = ['username', 'email', 'password', 'permissions'] as const;

export function adminsProvider(deps: ProviderDeps) {
  return wholeListProvider(deps, {
    routes: {
      list: 'listAdmins',
      create: 'createAdmin',
      get: 'getAdmin',
      patch: 'patchAdmin',
      delete: 'deleteAdmin',
    },
    fields: ADMIN_FIELDS,
    searchFields: ['username', 'email'],
  });
}
