import type { RoutePath } from './route-path';

/*
 * The calls the public pages make (the map, its lists, a place's page), apart from the rest of the contract:
 * those pages' scripts carry these few paths instead of the whole table, which is most of the site client's
 * bytes (issue 33, the app's own code before the map ≤ 25 KB gzip). `route-table.ts` takes these entries
 * from here, so each call is written once.
 */
export const publicRouteTable = {
  mapPoints: { method: 'GET', path: '/api/map/points', auth: 'none' },
  mapFeed: { method: 'GET', path: '/api/map/feed', auth: 'none' },
  mapNearest: { method: 'GET', path: '/api/map/nearest', auth: 'none' },
  mapAround: { method: 'GET', path: '/api/map/around', auth: 'none' },
  searchPlaces: { method: 'GET', path: '/api/places/search', auth: 'none' },
  getPublicEstablishment: { method: 'GET', path: '/establishment/:id/public', auth: 'none' },
  listGroups: { method: 'GET', path: '/api/groups/', auth: 'optional' },
  searchCategories: { method: 'GET', path: '/api/categories/search', auth: 'none' },
  // The names of the categories a map's address gives by id (its chips say them).
  getCategory: { method: 'GET', path: '/api/categories/category/:id', auth: 'none' },
  surroundingMenuBoards: { method: 'POST', path: '/menuboards/surrounding', auth: 'none' },
  getPushPublicKey: { method: 'GET', path: '/api/push/public-key', auth: 'none' },
  createFollow: { method: 'POST', path: '/api/follows', auth: 'none' },
  listFollows: { method: 'POST', path: '/api/follows/list', auth: 'none' },
  deleteFollow: { method: 'DELETE', path: '/api/follows', auth: 'none' },
  createEvent: { method: 'POST', path: '/api/events', auth: 'none' },
} as const satisfies Record<string, RoutePath>;

export type PublicRouteId = keyof typeof publicRouteTable;
