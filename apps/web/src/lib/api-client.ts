import { routeTable } from '@tables-voisines/contract/route-table';
import { createClientOver, type ApiClientOptions } from './api-core';

export * from './api-core';

/** A client over the whole contract. */
export function createApiClient(options: ApiClientOptions = {}) {
  return createClientOver(routeTable, options);
}

/** The site's client over the whole contract (the owners' space, the back office): relative to the page's origin. */
export const apiRequest = createApiClient().request;
