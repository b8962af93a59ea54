import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { routes } from '@tables-voisines/contract/routes';
import { addPathMethods, ROUTER_OPTIONS, type Method } from './methods';

/**
 * The public reads other origins may make (docs/api.md, "Cross-origin reads"), by method and path. Paths,
 * not route objects: the places search and the open data files are listed before their routes exist, and a
 * route added later under one of these paths is cross-origin as soon as it lands.
 */
export const CROSS_ORIGIN_READS: readonly { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'GET', path: routes.listEstablishments.path },
  { method: 'GET', path: routes.listGroups.path },
  { method: 'GET', path: routes.getPublicEstablishment.path },
  // `GET /api/categories/...`: the list, the search and one category.
  { method: 'GET', path: routes.listCategories.path },
  { method: 'GET', path: '/api/categories/*' },
  { method: 'POST', path: routes.surroundingMenuBoards.path },
  { method: 'GET', path: '/api/places/search' },
  { method: 'GET', path: '/api/open-data/*' },
];

/** How long a browser may keep a preflight's answer (Chromium keeps it 2 hours at most). */
const PREFLIGHT_MAX_AGE = 7200;

const noop = () => undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: @fastify/cors leaves the route alone (it reads this before anything else). */
    cors?: false;
  }
}

function crossOriginTable() {
  const router = FindMyWay(ROUTER_OPTIONS);
  for (const { method, path } of CROSS_ORIGIN_READS) {
    router.on(method, path, noop);
    // A GET answers HEAD too, with the same headers.
    if (method === 'GET') router.on('HEAD', path, noop);
  }
  const methodsOf = (path: string): Method[] => {
    const methods: Method[] = [];
    for (const method of ['GET', 'HEAD', 'POST'] as const) {
      try {
        if (router.find(method, path) !== null) methods.push(method);
      } catch {
        return [];
      }
    }
    return methods;
  };
  return { methodsOf };
}

const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0]!;

/**
 * Cross-origin reads with @fastify/cors: `Access-Control-Allow-Origin: *` on the public reads listed above
 * and their preflights, no credentials, and no CORS header anywhere else. The plugin's options are chosen
 * per request by a delegator that reads the path: a preflight (`OPTIONS`) is answered by the plugin's own
 * `OPTIONS *` route, whose route options cannot say which path it stands for. Every other route is marked
 * `cors: false`, which the plugin checks first: without it each answer would carry `Vary: Origin`, which the
 * delegator's options always add (decision 0044).
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  const table = crossOriginTable();
  app.addHook('onRoute', (route) => {
    // The plugin's preflight route: the delegator below decides for each path.
    if (route.url === '*' && route.method === 'OPTIONS') return;
    const methods = ([] as string[]).concat(route.method);
    const crossOrigin = methods.some((method) => table.methodsOf(route.url).includes(method as Method));
    if (!crossOrigin) route.config = { ...route.config, cors: false };
  });
  // The paths above also take OPTIONS, answered by the plugin.
  addPathMethods(app, (path) => (table.methodsOf(path).length > 0 ? ['OPTIONS'] : []));
  await app.register(fastifyCors, {
    hideOptionsRoute: true,
    delegator: (request, callback) => {
      const methods = table.methodsOf(pathOf(request));
      const crossOrigin =
        request.method === 'OPTIONS' ? methods.length > 0 : methods.includes(request.method as Method);
      if (!crossOrigin) {
        callback(null, { origin: false });
        return;
      }
      callback(null, {
        origin: '*',
        credentials: false,
        methods,
        maxAge: PREFLIGHT_MAX_AGE,
        // Pages of a list say their total, open data files their licence, reads their version.
        exposedHeaders: ['X-Total-Count', 'ETag', 'Link'],
        // An OPTIONS without Access-Control-Request-Method is answered like a preflight, not with the
        // plugin's plain-text 400.
        strictPreflight: false,
      });
    },
  });
}
