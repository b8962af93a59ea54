import { EMBED_MAP_PATH } from '@tables-voisines/contract/site-paths';

/**
 * Whether a path is the embedded map's (`/integrer/carte`): the page without the site's header, banner nor
 * install prompt. On its own, for the root, whose code every page loads.
 */
export function isEmbedPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === EMBED_MAP_PATH;
}
