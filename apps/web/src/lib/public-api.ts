import { publicRouteTable } from '@tables-voisines/contract/public-route-table';
import { createClientOver } from './api-core';

/**
 * The public pages' client (the map, its lists, a place's page), relative to the page's origin: over the few
 * calls they make, so their scripts do not carry the contract's whole table (`api-client.ts`).
 */
export const publicApiRequest = createClientOver(publicRouteTable).request;
