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

/** What the table keeps of a route: the schema of its path parameters, when it has one. */
interface RouteStore {
  params: ParamsSchema | null;
}

/** A zod schema, as the contract's routes give them (`fastify-type-provider-zod`). */
interface ParamsSchema {
  safeParse(value: unknown): { success: boolean };
}

const isParamsSchema = (schema: unknown): schema is ParamsSchema =>
  typeof (schema as Partial<ParamsSchema> | null)?.safeParse === 'function';

/** Whether a route's path parameters are ones it takes (`/api/admin/sign-in` is no admin's id). */
const paramsFit = (schema: unknown, params: unknown): boolean =>
  !isParamsSchema(schema) || schema.safeParse(params).success;

const tables = new WeakMap<FastifyInstance, MethodTable>();

/**
 * Keeps a table of every route's method and path, filled as routes are added (register this before
 * any route), so that a path asked with a method it does not take is told apart from a path that does
 * not exist: `405 MethodNotAllowed` with `Allow`, rather than `404 NotFound` (decision 0044).
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
    const params = route.schema?.params;
    const store: RouteStore = { params: isParamsSchema(params) ? params : null };
    for (const method of METHOD_ORDER) {
      if (methods.has(method) && !table.router.hasRoute(method, route.url)) {
        table.router.on(method, route.url, noop, store);
      }
    }
  });
  // Before the token is read (plugins/auth.ts): a path routed to a route whose parameters it does not fit
  // (`GET /api/admin/sign-in`, taken by `GET /api/admin/:id`) is a 405 when other methods take it, not a 401
  // or a 400 about an id; the site's pages (`/*`) likewise for a path only other methods take
  // (`GET /menuboards/surrounding`), rather than the 404 page.
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined) return;
    if (url === '/*') {
      if (!apiTakes(table, request.url)) return;
      // A page's data for React Router's client navigation (`/restaurant/x/signaler.data`, whose path takes
      // the page's form POST too) is the page's, served as the page is.
      const page = request.url.split('?', 1)[0]!.replace(/\.data$/, '');
      if (allowedMethods(app, page).includes(request.method as Method)) return;
    } else if (CATCH_ALL_URLS.has(url) || paramsFit(request.routeOptions.schema?.params, request.params)) {
      return;
    } else if (!apiTakes(table, request.url)) {
      // No route of any method fits (`GET /api/categories/category/pas-un-id`): the route's own validation
      // answers, a 400 naming the parameter.
      return;
    }
    const allowed = allowedMethods(app, request.url);
    if (allowed.length > 0 && !allowed.includes(request.method as Method)) throw refusalOf(app, request);
  });
}

/** Whether any route of the app's own (not the pages) has this path, for any method. */
function apiTakes(table: MethodTable, url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return METHOD_ORDER.some((method) => findsRoute(table, method, path) === true);
}

/** Adds the methods some paths take without a route of their own (the pages, CORS preflights). */
export function addPathMethods(app: FastifyInstance, methods: PathMethods): void {
  tables.get(app)?.extra.push(methods);
}

/**
 * Whether a route takes `method` at `path`, its parameters fitting its schema unless `anyParams`;
 * undefined when `path` is not decodable.
 */
function findsRoute(
  table: MethodTable,
  method: Method,
  path: string,
  anyParams = false,
): boolean | undefined {
  try {
    const found = table.router.find(method, path);
    return found !== null && (anyParams || paramsFit((found.store as RouteStore).params, found.params));
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
  if (
    table === undefined ||
    !METHOD_ORDER.includes(method) ||
    findsRoute(table, method, path, true) !== true
  ) {
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
