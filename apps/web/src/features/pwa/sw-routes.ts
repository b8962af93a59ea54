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
 * An establishment page, the `.data` file client-side navigation fetches for it, or the public record the
 * page refreshes itself from once shown: what a visitor needs to read a page again offline.
 */
export function isEstablishmentPath(pathname: string): boolean {
  return (
    /^\/(restaurant|remplisvert)\/[^/]+$/.test(pathname) || /^\/establishment\/[^/]+\/public$/.test(pathname)
  );
}

/** The installed app's start page (the manifest's `start_url`), fetched by the worker when it installs. */
export const START_PAGE = '/';

/**
 * The map page and what it needs to show the places it last showed: its address, the data file a client
 * navigation to it fetches, and the map feed. Kept like establishment pages (network first, the cache
 * offline).
 */
export function isStartPagePath(pathname: string): boolean {
  return pathname === START_PAGE || pathname === '/_root.data' || pathname === '/api/map/feed';
}

/** Establishment photos: uploads served by the API, or any image on another origin (object storage). */
export function isPhotoRequest(url: URL, destination: string, origin: string): boolean {
  if (url.origin === origin) return /^\/(media|uploads)\//.test(url.pathname);
  return destination === 'image' && (url.protocol === 'https:' || url.protocol === 'http:');
}
