import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  RouterContextProvider,
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import { AppError } from '@tables-voisines/contract/errors';
import type { PublicData } from '@tables-voisines/contract/public-data';
import { webBuildDir } from '../paths';
import { matchesEtag, preferredEncoding } from '../lib/http-negotiation';
import { addPathMethods, paramTooLong, refusalOf } from '../plugins/methods';
import { cspNonceOf } from '../plugins/security-headers';
import { PAGE_CACHE_CONTROL, PageCache, type CachedPage, type PageCacheOptions } from './page-cache';
import { createPublicData } from './public-data';

// The web build runs with React Router's `v8_middleware` flag: its request handler takes a
// `RouterContextProvider` as load context. The web app's generated types say so for its own project.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

const ONE_YEAR = 31_536_000;
/** Written by the web build at the root of the client folder: its scope is the whole site. */
const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Cached pages are rendered with this stand-in nonce, replaced by each answer's own nonce when sent: a
 * nonce must never be the same for two answers. It never leaves the process.
 */
const NONCE_PLACEHOLDER = randomBytes(18).toString('base64url');

/** Stands for the site's stylesheet in the cached pages (see `pageBodies`). */
const STYLESHEET_PLACEHOLDER = `/*${randomBytes(18).toString('base64url')}*/`;

/**
 * How a page's body is kept in the cache and sent from it. Every page holds the site's stylesheet
 * (written in its `<head>`, decision 0036): the cache keeps it once, a placeholder in each page (the
 * cache's pages would otherwise hold as many copies of the same text), and puts it back, with the
 * answer's nonce, when a page is sent.
 */
export function pageBodies(stylesheet: string | null) {
  return {
    forCache(body: Buffer): Buffer {
      if (stylesheet === null || stylesheet === '') return body;
      const html = body.toString('utf8');
      const at = html.indexOf(stylesheet);
      if (at === -1) return body;
      return Buffer.from(
        html.slice(0, at) + STYLESHEET_PLACEHOLDER + html.slice(at + stylesheet.length),
        'utf8',
      );
    },
    forAnswer(body: Buffer, nonce: string): Buffer {
      let html = body.toString('utf8').replaceAll(NONCE_PLACEHOLDER, nonce);
      if (stylesheet !== null) html = html.replace(STYLESHEET_PLACEHOLDER, () => stylesheet);
      return Buffer.from(html, 'utf8');
    },
  };
}

/**
 * Every answer of a page carries its own nonce, so the bytes differ each time and cannot be compressed
 * once in the cache: they are compressed per answer with fast settings (Brotli 4, gzip 6; their cost:
 * decision 0036, "Measurements").
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body);
  const compressed =
    encoding === 'br'
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : zlib.gzipSync(body, { level: 6 });
  return reply.header('content-encoding', encoding).send(compressed);
}

/**
 * Fastify request -> Fetch Request, as React Router's handler expects. A `HEAD` is rendered as the `GET`
 * it stands for: the same status and headers, the length of the body Fastify then leaves out.
 */
function toFetchRequest(request: FastifyRequest, signal: AbortSignal, body?: Buffer): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return new Request(url, { method, headers, signal, ...(body === undefined ? {} : { body }) });
}

/** Headers of a rendered page worth replaying from the cache (the body's length is Fastify's job). */
function replayableHeaders(response: Response): [string, string][] {
  return [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'set-cookie');
}

/** The server build's entry re-exports the context key the page's CSP nonce is read from (older builds: none). */
function cspNonceKeyOf(build: ServerBuild): RouterContext<string> | undefined {
  return (build.entry.module as { cspNonceContext?: RouterContext<string> }).cspNonceContext;
}

/** The site's stylesheet the server entry writes in every page (older builds: none). */
function siteStylesheetOf(build: ServerBuild): string | null {
  return (build.entry.module as { readSiteCss?: () => string | null }).readSiteCss?.() ?? null;
}

/** The server build's entry re-exports the context key loaders read the public data from. */
function publicDataKeyOf(build: ServerBuild): RouterContext<PublicData> {
  const key = (build.entry.module as { publicDataContext?: RouterContext<PublicData> }).publicDataContext;
  if (key === undefined)
    throw new Error('The web build does not export publicDataContext from its server entry');
  return key;
}

/** The server build's entry re-exports the context key an action reads the client's address from. */
function clientAddressKeyOf(build: ServerBuild): RouterContext<string | null> | undefined {
  return (build.entry.module as { clientAddressContext?: RouterContext<string | null> }).clientAddressContext;
}

/**
 * The full paths of the page routes that take a form's POST (an `action`, like « Signaler une erreur »), in
 * the router's syntax (`/restaurant/:uri/signaler`): with a splat or an optional segment, none.
 */
export function pageActionPaths(build: ServerBuild): string[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId === undefined ? '' : fullPath(route.parentId);
    return route.path === undefined || route.path === '' ? parent : `${parent}/${route.path}`;
  };
  return Object.values(routes)
    .filter((route) => route !== undefined && route.index !== true && route.module.action !== undefined)
    .map((route) => fullPath(route!.id))
    .filter((path) => path !== '' && !/[*?]/.test(path));
}

/** A form's fields, as browsers send them without JavaScript and React Router's `<Form>` with it. */
const FORM_TYPE = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT = 64 * 1024;

/** The build's routes as the nested route objects `matchRoutes` takes. */
function routeTreeOf(build: ServerBuild): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route !== undefined && route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route!.id);
        return route!.index === true
          ? { id: route!.id, path: route!.path, index: true }
          : { id: route!.id, path: route!.path, children };
      });
  return childrenOf(undefined);
}

/**
 * True when a page route of the site matches `path` (an establishment's address, the owners' space...),
 * false for the catch-all 404 page: such a path takes GET and HEAD, and another method is a 405.
 */
export function pagePathMatcher(build: ServerBuild): (path: string) => boolean {
  const tree = routeTreeOf(build);
  return (path) => {
    const matches = matchRoutes(tree, path);
    const last = matches?.at(-1)?.route;
    return last !== undefined && last.path !== '*';
  };
}

/** A GET of the site rendered by React Router outside any HTTP request (see `siteRendererOf`). */
export type SiteRenderer = (
  url: string,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: Buffer | null }>;

const renderers = new WeakMap<FastifyInstance, SiteRenderer>();

/**
 * For the static export: the site's pages rendered as the route below renders them, without Fastify
 * (no HTTP request, headers, compression nor cache), and without a CSP nonce: a nonce written in a static
 * file would be every visitor's, protecting nothing (a CDN's policy allows the pages' inline scripts
 * otherwise, docs/operations.md). None when the app serves no web build.
 */
export function siteRendererOf(app: FastifyInstance): SiteRenderer | undefined {
  return renderers.get(app);
}

export interface WebOptions {
  /** Off for the static export, which renders every page once. */
  pageCache?: false | PageCacheOptions;
}

/**
 * Serves the React Router build: hashed assets with long cache headers, every other GET rendered on
 * the server with the live public data, behind an in-memory cache of whole pages. API paths never fall
 * through to the site: an unknown `/api/...` is a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions = {}): Promise<void> {
  const serverEntry = path.join(webBuildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    app.log.warn({ serverEntry }, 'web build not found: run `npm run build`; serving the API only');
    return;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, 'production');
  const publicDataKey = publicDataKeyOf(build);
  const cspNonceKey = cspNonceKeyOf(build);
  const bodies = pageBodies(siteStylesheetOf(build));
  const publicData = createPublicData(app.ctx);
  const isPagePath = pagePathMatcher(build);
  addPathMethods(app, (path) => (isPagePath(path) ? ['GET', 'HEAD'] : []));
  const cache =
    options.pageCache === false
      ? null
      : new PageCache(app.ctx.dataVersion, { now: app.ctx.clock, ...options.pageCache });
  if (cache !== null) app.addHook('onClose', async () => cache.close());

  /** React Router's answer to a Fetch request, its loaders reading the live public data. */
  const clientAddressKey = clientAddressKeyOf(build);
  /**
   * React Router's answer to a Fetch request, its loaders reading the live public data. `clientAddress` is
   * Fastify's `request.ip` (what TRUST_PROXY allows X-Forwarded-For to tell), never a header the page reads:
   * actions count visitors' reports per address with it.
   */
  const render = (
    request: Request,
    nonce: string,
    clientAddress: string | null = null,
  ): Promise<Response> => {
    const context = new RouterContextProvider();
    context.set(publicDataKey, publicData);
    if (cspNonceKey !== undefined) context.set(cspNonceKey, nonce);
    if (clientAddressKey !== undefined) context.set(clientAddressKey, clientAddress);
    return handleRequest(request, context);
  };
  renderers.set(app, async (url, headers = {}) => {
    // The address an injected request has (its default host).
    const response = await render(new Request(new URL(url, 'http://localhost'), { headers }), '');
    const body = response.body === null ? null : Buffer.from(await response.arrayBuffer());
    return { status: response.status, body };
  });

  await app.register(fastifyStatic, {
    root: path.join(webBuildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes a Brotli and a gzip copy beside each text file (apps/web/vite.config.ts): sent to
    // the browsers that accept them, with `Vary: Accept-Encoding`.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker is checked for updates on every visit (browsers cap its cache at a day anyway).
      const serviceWorker = path.basename(filePath).replace(/\.(br|gz)$/, '') === SERVICE_WORKER_FILE;
      reply.header(
        'cache-control',
        serviceWorker
          ? 'no-cache'
          : immutable
            ? `public, max-age=${ONE_YEAR}, immutable`
            : 'public, max-age=3600',
      );
    },
  });

  // Unknown API paths are JSON 404s (405s for a known path asked with another method), never pages.
  // Not `all`: a HEAD route of its own would send its body (the GET's HEAD leaves it out), and OPTIONS is
  // left to the CORS plugin's route, which answers the preflights of the public reads (plugins/cors.ts).
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/*',
    schema: { hide: true },
    handler: async (request) => {
      throw refusalOf(app, request);
    },
  });

  /** Only anonymous, plain GETs (and HEADs) of a path share a rendered page. */
  const isCacheable = (request: FastifyRequest) =>
    cache !== null &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.includes('?') &&
    request.headers.authorization === undefined &&
    request.headers['x-react-router-spa-mode'] === undefined;

  const sendCached = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
    for (const [name, value] of page.headers) reply.header(name, value);
    reply
      .header('etag', page.etag)
      .header('cache-control', PAGE_CACHE_CONTROL)
      .header('vary', 'accept-encoding');
    if (matchesEtag(request.headers['if-none-match'], page.etag)) {
      // The browser keeps its copy, whose scripts carry the nonce of the answer it came with: a new
      // policy in the 304 would replace that answer's and block them.
      reply.raw.removeHeader('content-security-policy');
      return reply.code(304).send();
    }
    return sendCompressed(request, reply.code(200), bodies.forAnswer(page.body, cspNonceOf(request)));
  };

  // Forms posted to a page (« Signaler une erreur » without JavaScript, and `<Form>`'s `.data` fetch with
  // it): rendered with the request's body, never cached nor served from the cache (a visitor's answer).
  const actionPaths = pageActionPaths(build);
  if (actionPaths.length > 0) {
    await app.register(async (scope) => {
      // Only here: the API's routes keep taking JSON alone.
      scope.addContentTypeParser(
        FORM_TYPE,
        { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
        (_r, body, done) => done(null, body),
      );
      const handleForm = async (request: FastifyRequest, reply: FastifyReply) => {
        const controller = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableEnded) controller.abort();
        });
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError(
            'UnsupportedMediaType',
            'Un formulaire (application/x-www-form-urlencoded) est attendu.',
          );
        }
        const body = request.body;
        const response = await render(
          toFetchRequest(request, controller.signal, body),
          cspNonceOf(request),
          request.ip,
        );
        const answer = response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
        reply.code(response.status);
        for (const [name, value] of replayableHeaders(response)) reply.header(name, value);
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.header('cache-control', 'private, no-store').send(answer);
      };
      for (const actionPath of actionPaths) {
        scope.post(actionPath, { schema: { hide: true } }, handleForm);
        scope.post(`${actionPath}.data`, { schema: { hide: true } }, handleForm);
      }
    });
  }

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // An API read outside `/api` whose parameter is over the router's limit is not a page.
    const tooLong = paramTooLong(app, request);
    if (tooLong !== null) throw tooLong;
    const cacheable = isCacheable(request);
    if (cacheable) {
      const hit = cache!.get(request.url);
      if (hit !== undefined) return sendCached(request, reply.header('x-page-cache', 'hit'), hit);
    }

    const controller = new AbortController();
    // The client went away before the page was sent: stop rendering it.
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) controller.abort();
    });
    const response = await render(
      toFetchRequest(request, controller.signal),
      cacheable ? NONCE_PLACEHOLDER : cspNonceOf(request),
    );
    // Whole documents, not streams: pages are small and a complete body can be cached.
    let body: Buffer | null = response.body === null ? null : Buffer.from(await response.arrayBuffer());

    if (cacheable && response.status === 200 && body !== null && !response.headers.has('set-cookie')) {
      const page = cache!.set(request.url, replayableHeaders(response), bodies.forCache(body));
      return sendCached(request, reply.header('x-page-cache', 'miss'), page);
    }
    reply.code(response.status);
    for (const [name, value] of replayableHeaders(response)) reply.header(name, value);
    if (cacheable && body !== null) body = bodies.forAnswer(body, cspNonceOf(request));
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (cacheable && response.status === 404) reply.header('cache-control', PAGE_CACHE_CONTROL);
    // No body (a redirect): `undefined`, which Fastify's HEAD handling takes, where `null` throws.
    return reply.send(body ?? undefined);
  });
}
