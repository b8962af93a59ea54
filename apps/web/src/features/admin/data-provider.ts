import { HttpError, combineDataProviders, type DataProvider } from 'react-admin';
import { apiRequest } from '../../lib/api-client';
import { adminsProvider, type AdminSelf } from './providers/admins.provider';
import { categoriesProvider } from './providers/categories.provider';
import { establishmentsProvider, type EstablishmentActions } from './providers/establishments.provider';
import { groupsProvider } from './providers/groups.provider';
import { menuBoardsProvider } from './providers/menu-boards.provider';
import { ownersProvider } from './providers/owners.provider';
import { reportsProvider } from './providers/reports.provider';
import { accessRequestsProvider, contactMessagesProvider } from './providers/access.provider';
import type { ApiRequestFn } from './providers/provider-kit';

export { toHttpError } from './providers/provider-kit';

/*
 * react-admin's data provider: one small provider per resource (`providers/*.provider.ts`) over the site's
 * typed client, combined by resource. Reads the admin may not make are refused here, without a request.
 */

export type AdminDataProvider = DataProvider & EstablishmentActions;

const READS = new Set(['getList', 'getOne', 'getMany', 'getManyReference']);

export function forbiddenError(): HttpError {
  return new HttpError('Vous n’avez pas les droits nécessaires pour effectuer cette action.', 403, {
    code: 'Forbidden',
  });
}

/**
 * `getToken`: the signed-in admin's access token. `mayRead(resource)`: whether that admin may read a
 * resource; reads it may not make fail with the server's 403 answer, without a request (a page it may not
 * open still mounts its list). `request`: the typed client, another origin's in the tests. `self`: the
 * signed-in admin, signed in again after it changes its own password or address.
 */
export function createDataProvider(
  getToken: () => string | null,
  mayRead: (resource: string) => boolean = () => true,
  request: ApiRequestFn = apiRequest,
  self?: AdminSelf,
): AdminDataProvider {
  const deps = { request, token: () => getToken() ?? undefined };
  const providers: Readonly<Record<string, DataProvider>> = {
    establishments: establishmentsProvider(deps),
    'restaurant-owners': ownersProvider(deps),
    admins: adminsProvider(deps, self),
    groups: groupsProvider(deps),
    categories: categoriesProvider(deps),
    'menu-boards': menuBoardsProvider(deps),
    reports: reportsProvider(deps),
    'access-requests': accessRequestsProvider(deps),
    'contact-messages': contactMessagesProvider(deps),
  };
  const combined = combineDataProviders((resource) => {
    const provider = providers[resource];
    if (provider === undefined) throw new Error(`Ressource inconnue : ${resource}`);
    return provider;
  });
  // Categories are public (the establishment and menu board forms search them for every admin).
  const readable = (resource: string) => resource === 'categories' || mayRead(resource);
  return new Proxy(combined, {
    get(target, name, receiver) {
      const method: unknown = Reflect.get(target, name, receiver);
      if (typeof name !== 'string' || !READS.has(name) || typeof method !== 'function') return method;
      return (resource: string, ...params: unknown[]) =>
        readable(resource)
          ? (method as (...args: unknown[]) => unknown)(resource, ...params)
          : Promise.reject(forbiddenError());
    },
  }) as AdminDataProvider;
}
