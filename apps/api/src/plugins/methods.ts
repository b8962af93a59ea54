import type { FastifyInstance, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { AppError } from '@tables-voisines/contract/errors';

/** The router options of the app (app.ts): the table below must match paths exactly as Fastify does. */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 500 } as const;

/**
 * Routes that take any path and stand for "nothing here": the `/api/*` 404, the pages' `/*` (whose real
 * paths the web build says, see `addPathMethods`) and CORS' `OPTIONS *` (whose paths the CORS plugin says).
 */
const CATCH_ALL_URLS = new Set(['*', '/*', '/api/*']);

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type Method = (typeof METHOD_ORDER)[number];

/** Methods a path takes beyond the app's own routes: the pages of the web build, CORS preflights. */
export type PathMethods = (path: string) => readonly Method[];
const noop = () => undefined;

interface MethodTable {
  router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>;
  extra: PathMethods[];
}

const tables = new WeakMap<FastifyInstance, MethodTable>();

/**
 * Keeps a table of every route's method and path, filled as routes are added (register this before
 * any route), so that a path asked with a method it does not take is told apart from a path that does
 * not exist: `405 MethodNotAllowed` with `Allow`, rather than `404 NotFound` (API.md, HTTP details).
 * Fastify's own router only answers "no route" for both.
 */
export function registerMethodTable(app: FastifyInstance): void {
  // No limit on a parameter's length here: a path Fastify left unmatched only for that is told apart.
  const table: MethodTable = {
    router: FindMyWay({ ...ROUTER_OPTIONS, maxParamLength: Number.MAX_SAFE_INTEGER }),
    extra: [],
  };
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    if (CATCH_ALL_URLS.has(route.url)) return;
    const methods = new Set(([] as string[]).concat(route.method));
    // A GET route answers HEAD too (Fastify's exposeHeadRoutes).
    if (methods.has('GET')) methods.add('HEAD');
    for (const method of METHOD_ORDER) {
      if (methods.has(method) && !table.router.hasRoute(method, route.url)) {
        table.router.on(method, route.url, noop);
      }
    }
  });
}

/** Adds the methods some paths take without a route of their own (the pages, CORS preflights). */
export function addPathMethods(app: FastifyInstance, methods: PathMethods): void {
  tables.get(app)?.extra.push(methods);
}

function findsRoute(table: MethodTable, method: Method, path: string): boolean | undefined {
  try {
    return table.router.find(method, path) !== null;
  } catch {
    // A path find-my-way cannot decode has no route under any method.
    return undefined;
  }
}

/** The methods `url` takes, in the usual order; empty when no route has its path. */
export function allowedMethods(app: FastifyInstance, url: string): Method[] {
  const table = tables.get(app);
  if (table === undefined) return [];
  const path = url.split('?', 1)[0]!;
  const found = new Set<Method>();
  for (const method of METHOD_ORDER) {
    const finds = findsRoute(table, method, path);
    if (finds === undefined) return [];
    if (finds) found.add(method);
  }
  for (const more of table.extra) for (const method of more(path)) found.add(method);
  return METHOD_ORDER.filter((method) => found.has(method));
}

/** A path as an error message quotes it: long ones cut. */
const quoted = (path: string) => (path.length > 120 ? `${path.slice(0, 117)}…` : path);

/**
 * `414 UriTooLong` when a route has this method and path but one of its parameters is longer than
 * `maxParamLength` (Fastify's router then matches nothing, and the path would fall to the 404 or the
 * site's 404 page); null otherwise. Only paths longer than that limit are looked up.
 */
export function paramTooLong(app: FastifyInstance, request: FastifyRequest): AppError | null {
  const path = request.url.split('?', 1)[0]!;
  if (path.length <= ROUTER_OPTIONS.maxParamLength) return null;
  const table = tables.get(app);
  const method = request.method as Method;
  if (table === undefined || !METHOD_ORDER.includes(method) || findsRoute(table, method, path) !== true) {
    return null;
  }
  return new AppError(
    'UriTooLong',
    `L’adresse demandée est trop longue : un de ses paramètres dépasse ${ROUTER_OPTIONS.maxParamLength} caractères.`,
  );
}

/**
 * What to answer a request no route took: `414` for a parameter too long, `405` with `Allow` when its
 * path takes other methods, `404` otherwise, all in the contract's error body.
 */
export function refusalOf(app: FastifyInstance, request: FastifyRequest): AppError {
  const tooLong = paramTooLong(app, request);
  if (tooLong !== null) return tooLong;
  const path = quoted(request.url.split('?', 1)[0]!);
  const allowed = allowedMethods(app, request.url);
  if (allowed.length > 0) {
    return new AppError(
      'MethodNotAllowed',
      `La méthode ${request.method} n’est pas acceptée à l’adresse ${path} (méthodes acceptées : ${allowed.join(', ')}).`,
      { allow: allowed },
    );
  }
  return new AppError('NotFound', `Aucune ressource ne correspond à ${request.method} ${path}.`);
}
