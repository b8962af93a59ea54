/** What the service worker routes where: pure functions, shared with its tests. */

export const OFFLINE_PAGE = '/offline.html';

/** From the page to the worker: `{ type, urls }`, answered `true` once they are cached. */
export const CACHE_PAGE_MESSAGE = 'CACHE_PAGE';

export const RUNTIME_CACHES = {
  pages: 'pages',
  photos: 'photos',
  assets: 'assets',
  map: 'base-map',
} as const;

/**
 * The public pages a visitor reads, kept to be read again offline (docs/decisions/0085): a place's page and
 * its « Signaler une erreur » form, « Nous contacter » and « Données ouvertes », each with the `.data` file a
 * navigation inside the app fetches for it, and the public record a place's page refreshes itself from once
 * shown. The map is kept apart (`isStartPagePath`). Not the restaurant owners' space nor the back office
 * (pages of a signed-in account, which must not outlive it on a shared device), not the map for other
 * sites' frames, not the API.
 */
export function isKeptPagePath(pathname: string): boolean {
  return (
    /^\/(restaurant|remplisvert)\/[^/]+(\/signaler(\.data)?)?$/.test(pathname) ||
    /^\/(contact|donnees-ouvertes)(\.data)?$/.test(pathname) ||
    /^\/establishment\/[^/]+\/public$/.test(pathname)
  );
}

/**
 * Of those, a page's document: what a navigation inside the app does not fetch (its `.data` file only),
 * handed to the worker so that the page opens offline by its address too.
 */
export function isKeptDocumentPath(pathname: string): boolean {
  return isKeptPagePath(pathname) && !pathname.endsWith('.data') && !pathname.startsWith('/establishment/');
}

/** The installed app's start page (the manifest's `start_url`), fetched by the worker when it installs. */
export const START_PAGE = '/';

/**
 * The map page and what it needs to show the places it last showed: its address, the data file a client
 * navigation to it fetches, and the map feed. Kept like the pages read (network first, the cache offline).
 */
export function isStartPagePath(pathname: string): boolean {
  return pathname === START_PAGE || pathname === '/_root.data' || pathname === '/api/map/feed';
}

/** Establishment photos: uploads served by the API, or any image on another origin (object storage). */
export function isPhotoRequest(url: URL, destination: string, origin: string): boolean {
  if (url.origin === origin) return /^\/(media|uploads)\//.test(url.pathname);
  return destination === 'image' && (url.protocol === 'https:' || url.protocol === 'http:');
}
