import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMBED_MAP_PATH } from '@tables-voisines/contract/site-paths';
import { PUBLIC_MAP_STYLE_URL, type Config } from '../config';

/** One year, with subdomains: what browsers' preload lists expect. */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

const nonces = new WeakMap<IncomingMessage, string>();

/** A Content-Security-Policy nonce never given before. */
export const newCspNonce = (): string => randomBytes(16).toString('base64');

/** The nonce of this request's Content-Security-Policy: inline scripts of a rendered page must carry it. */
export function cspNonceOf(request: FastifyRequest): string {
  let nonce = nonces.get(request.raw);
  if (nonce === undefined) {
    nonce = newCspNonce();
    nonces.set(request.raw, nonce);
  }
  return nonce;
}

const originOf = (url: string | undefined): string[] => {
  if (url === undefined) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * The Content-Security-Policy directives. Scripts: this origin and the request's nonce only (React
 * Router's inline hydration scripts carry it), never `'unsafe-inline'`. Styles keep `'unsafe-inline'`:
 * MUI (emotion), react-admin and MapLibre insert style elements and attributes at run time, and a style
 * cannot run code (decision 0015).
 */
export function cspDirectives(config: Config) {
  const storage =
    config.s3 === undefined ? [] : [...originOf(config.s3.endpoint), ...originOf(config.s3.publicUrl)];
  // The default base map takes everything from its one host, a self-hosted archive from this origin; another
  // style names tile, glyph and sprite hosts we cannot list in advance.
  const mapHosts =
    config.mapStyleUrl === undefined || config.mapTilesFile !== undefined
      ? []
      : config.mapStyleUrl === PUBLIC_MAP_STYLE_URL
        ? originOf(PUBLIC_MAP_STYLE_URL)
        : ['https:', ...originOf(config.mapStyleUrl)];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", (req: IncomingMessage) => `'nonce-${nonces.get(req) ?? 'none'}'`],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...storage, ...mapHosts],
    fontSrc: ["'self'", 'data:', ...mapHosts],
    connectSrc: ["'self'", ...storage, ...mapHosts],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * The pages other sites may put in a frame: the embedded map only (issue 52). Its path as the page routes
 * match it, a trailing slash aside; any other spelling (another case) keeps refusing to be framed.
 */
const FRAMEABLE_PATHS: ReadonlySet<string> = new Set([EMBED_MAP_PATH]);

export function mayBeFramed(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!.replace(/(.)\/+$/, '$1');
  return FRAMEABLE_PATHS.has(path);
}

/**
 * Security headers on every answer (@fastify/helmet): a strict Content-Security-Policy with a nonce per
 * request, `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, no referrer across origins, and
 * `Strict-Transport-Security` only when the request came over HTTPS (directly or, with TRUST_PROXY, as
 * told by `X-Forwarded-Proto`): sent over plain HTTP it would be ignored, and on localhost it would pin
 * the developer's browser to HTTPS. Cross-origin reads: plugins/cors.ts. Framing is refused everywhere but
 * on the embedded map (`mayBeFramed`): there `frame-ancestors *` and no `X-Frame-Options`, the rest of the
 * policy kept.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // Before helmet's own hook: the directive function above reads the nonce of the raw request.
  app.addHook('onRequest', async (request) => {
    cspNonceOf(request);
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    hsts: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Photos and map tiles from object storage or another host: no cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER);
    if (mayBeFramed(request.url)) {
      reply.removeHeader('x-frame-options');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
      }
    }
  });
}
