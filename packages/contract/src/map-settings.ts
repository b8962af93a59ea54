/**
 * The map's settings the API and the site share, without zod: the site's map chunk imports this module alone
 * (importing it from `schemas/map` put the schemas' shared chunk, owners' forms included, in the map page).
 */
/**
 * From this many public establishments (`MAP_SERVER_CLUSTERS_FROM`), the map keeps drawing the server's
 * clusters while nothing is filtered: handing every establishment to MapLibre costs the page's main thread
 * time for each, more on a phone than on a desktop, and 10,000 is about one long task on a phone (the
 * figures: decision 0034, fourth addendum).
 */
export const DEFAULT_MAP_SERVER_CLUSTERS_FROM = 10_000;

/** At most this many establishments in one answer of `GET /api/map/nearest` or `GET /api/map/around`. */
export const MAP_LIST_MAX_LIMIT = 2000;
