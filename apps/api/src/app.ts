import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractRegistry } from '@tables-voisines/contract/registry';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { createMailer } from './adapters/mail/create-mailer';
import { createPhotoShare } from './adapters/share/share';
import { createPushSender } from './adapters/push/push-sender';
import { createPhotoStorage } from './adapters/storage/create-storage';
import { makeMissingPhotoVariants } from './startup/photo-variants';
import { realClock, type Clock } from './lib/clock';
import { ResponseCache } from './lib/response-cache';
import { BackgroundTasks } from './lib/background';
import { DataVersion } from './lib/data-version';
import { shareDataVersion } from './lib/shared-data-version';
import { AccessTokens } from './lib/tokens';
import { adminsRoutes } from './modules/admins/admins.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { establishmentsRoutes } from './modules/establishments/establishments.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { healthRoutes } from './modules/health/health.routes';
import { MapIndex } from './modules/map/map-index';
import { mapRoutes } from './modules/map/map.routes';
import { registerSelfHostedMap } from './modules/map/self-hosted-map';
import { mediaRoutes } from './modules/media/media.routes';
import { menuBoardsRoutes } from './modules/menu-boards/menu-boards.routes';
import { boardPictureRoutes } from './modules/board-picture/board-picture.routes';
import { ownersRoutes } from './modules/owners/owners.routes';
import { openDataRoutes } from './modules/open-data/open-data.routes';
import { placesRoutes } from './modules/places/places.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { accessRoutes } from './modules/access/access.routes';
import { shareRoutes } from './modules/share/share.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { followsRoutes } from './modules/follows/follows.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { CountedPlaces } from './modules/stats/counted-places';
import { EventCounts } from './modules/stats/event-counts';
import { registerAuth } from './plugins/auth';
import { loadAuthAccount } from './modules/auth/accounts';
import { handleClientError } from './plugins/client-errors';
import { registerJsonBody } from './plugins/json-body';
import { registerCors } from './plugins/cors';
import { withConditionalRequests } from './plugins/openapi-conditions';
import { registerErrorHandling, sendError } from './plugins/errors';
import { ROUTER_OPTIONS, registerMethodTable } from './plugins/methods';
import { createRateLimitStore } from './adapters/rate-limit/create-store';
import { RateLimiter } from './adapters/rate-limit/rate-limiter';
import { registerSecurityHeaders } from './plugins/security-headers';
import { manifestRoutes } from './modules/site/manifest.routes';
import { siteRoutes } from './modules/site/site.routes';
import { registerWeb, type WebOptions } from './web/serve-web';
import { answerNotModified } from './writes/preconditions';
import { createJobs } from './jobs/create-jobs';
import { appQueues, scheduledJobs } from './jobs/schedule';
import { WRITE_CONSUMERS } from './write-consumers';
import { resolveVapidKeys } from './secrets';

// Validation messages in French: people read them in forms.
z.config(z.locales.fr());

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Serve the React Router build when present (off in most API tests). */
  serveWeb?: boolean;
  /** The page cache; off for the static export, which renders every page once. */
  pageCache?: WebOptions['pageCache'];
  /** Pino logger options; tests pass `false`. */
  logger?: boolean | object;
  /** The time now (`ctx.clock`); tests give one they move. */
  clock?: Clock;
}

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT,
    // Behind a load balancer the client address comes from X-Forwarded-For, only from trusted proxies.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? // n hops: trust the n proxies nearest to us, as proxy-addr does for a number.
          (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: ROUTER_OPTIONS,
    // Malformed or over-long addresses are refused before routing: same error shape as the rest.
    frameworkErrors: (error, request, reply) => {
      sendError(request, reply, error);
    },
    // What Node's HTTP parser refuses before Fastify (headers too large...): the same error body too.
    clientErrorHandler: handleClientError,
  }).withTypeProvider<ZodTypeProvider>();

  if (config.jwtSecret === undefined) throw new Error('config.jwtSecret must be resolved before buildApp');
  const dataVersion = new DataVersion();
  const responseCache = new ResponseCache(dataVersion);
  const clock = options.clock ?? realClock;
  const mailer = await createMailer(config, app.log, clock);
  const background = new BackgroundTasks();
  const base: Omit<AppContext, 'jobs'> = {
    config,
    clock,
    database,
    db: database.db,
    dataVersion,
    responseCache,
    mapIndex: new MapIndex(database.db, dataVersion, responseCache.heavy),
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenTtl, clock),
    mailer,
    rateLimiter: new RateLimiter(await createRateLimitStore(config, clock), config.rateLimitSignIn, app.log),
    background,
    writeConsumers: WRITE_CONSUMERS,
    storage: await createPhotoStorage(config, clock),
    share: createPhotoShare(config),
    push: createPushSender(config, await resolveVapidKeys(config, database, app.log), clock),
    stats: {
      counts: new EventCounts(database.db, app.log, config.stats.flushSeconds * 1000),
      places: new CountedPlaces(database.db, dataVersion),
    },
  };
  // The jobs' handlers read the context when they run: the queue is made once the rest of it is.
  const ctx: AppContext = Object.assign(base, { jobs: undefined as unknown as AppContext['jobs'] });
  ctx.jobs = createJobs(scheduledJobs(ctx), appQueues(ctx, app.log), database, app.log);
  app.decorate('ctx', ctx);
  if (database.engine === 'postgres' && config.databaseUrl !== undefined) {
    // Replicas on one PostgreSQL drop their caches after a write made on any of them.
    const stopSharing = await shareDataVersion(ctx.dataVersion, config.databaseUrl, app.log);
    app.addHook('onClose', stopSharing);
  }
  // Jobs start once the app is ready and stop, their running jobs finished, before anything closes.
  app.addHook('onReady', () => ctx.jobs.start());
  app.addHook('onReady', () => ctx.stats.counts.start());
  // Photos uploaded before a size of copies was added get it, in the background (once per set of sizes).
  const stopping = new AbortController();
  app.addHook('onReady', async () =>
    ctx.background.run(app.log, async () => {
      const made = await makeMissingPhotoVariants({ ...ctx, log: app.log, signal: stopping.signal });
      if (made > 0) app.log.info({ photos: made }, 'resized copies made for photos uploaded before them');
    }),
  );
  app.addHook('onClose', async () => {
    stopping.abort();
    await ctx.jobs.stop();
    await ctx.background.drain();
    // After the requests: what they counted is written before the database closes.
    await ctx.stats.counts.close();
    await ctx.mailer.close();
    await ctx.rateLimiter.store.close();
    await ctx.storage.close();
    await ctx.push.close();
    ctx.responseCache.close();
  });
  // JSON only: Fastify would otherwise accept text/plain bodies and answer 400 instead of 415.
  app.removeContentTypeParser('text/plain');
  // JSON read as sent or refused: not UTF-8 (or its declared charset), lone surrogates, NUL, __proto__.
  registerJsonBody(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Before any route: the table of every route's methods gives 405s and their `Allow` header.
  registerMethodTable(app);
  await registerCors(app);
  registerAuth(app, (role, id) => loadAuthAccount(ctx.db, role, id));
  await registerSecurityHeaders(app, config);
  answerNotModified(app);

  const toOpenApi = createJsonSchemaTransform({ schemaRegistry: contractRegistry });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `API ${config.site.name}`,
        description:
          'API publique et privée du site : établissements, groupes, catégories, ardoises du jour, comptes.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // The contract's own registry, not zod's global one, which the web site's copy of the contract fills
    // with the same ids (packages/contract/src/registry.ts).
    // `If-Match`, `If-None-Match`, 304 and 412 where a call's answers say it takes them.
    transform: (input) => withConditionalRequests(toOpenApi(input), input.route.method),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: contractRegistry }),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes);
  await app.register(jobsRoutes);
  await app.register(establishmentsRoutes);
  await app.register(groupsRoutes);
  await app.register(mapRoutes);
  await registerSelfHostedMap(app, options.config);
  await app.register(categoriesRoutes);
  await app.register(menuBoardsRoutes);
  await app.register(boardPictureRoutes);
  await app.register(adminsRoutes);
  await app.register(ownersRoutes);
  await app.register(placesRoutes);
  await app.register(openDataRoutes);
  await app.register(uploadsRoutes);
  await app.register(mediaRoutes);
  await app.register(shareRoutes);
  await app.register(exportsRoutes);
  await app.register(importsRoutes);
  await app.register(reportsRoutes);
  await app.register(followsRoutes);
  await app.register(statsRoutes);
  await app.register(accessRoutes);

  await app.register(siteRoutes);
  await app.register(manifestRoutes);
  if (options.serveWeb ?? true) await registerWeb(app, { pageCache: options.pageCache });
  return app;
}
