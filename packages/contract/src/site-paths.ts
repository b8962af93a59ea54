import type { Kind } from './schemas/establishment';

/**
 * The canonical path of an establishment's page: `/restaurant/{uri}` or `/remplisvert/{uri}`, the uri
 * percent-encoded the way browsers and `encodeURIComponent` do (apostrophes and parentheses stay, `?`,
 * `&`, `,` and accents are encoded). Routes match the uri whatever its encoding; links use this one.
 */
export function establishmentPath(kind: Kind, uri: string): string {
  return `/${kind}/${encodeURIComponent(uri)}`;
}

/**
 * The map other sites may put in an iframe (issue 52): `/integrer/carte?groupe={id}&categorie=…&ville=…`.
 * The only page whose answer allows framing (`frame-ancestors *`, apps/api/src/plugins/security-headers.ts).
 */
export const EMBED_MAP_PATH = '/integrer/carte';
