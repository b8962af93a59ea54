import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { countEvent, getEstablishmentStats, getTopEstablishments } from './stats.service';

/** Statistics (docs/api.md, « Statistics »; decision 0087): counted without cookies, read by owners and admins. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // `request.ip` is the client's address as TRUST_PROXY allows X-Forwarded-For to tell it: used for the
  // moment of the call (the hourly limit), never kept.
  app.post(routes.createEvent.path, { schema: schemaOf(routes.createEvent) }, async (request, reply) => {
    await countEvent(ctx, request.body, { address: request.ip, userAgent: request.headers['user-agent'] });
    reply.header('cache-control', 'no-store');
    return reply.code(204).send();
  });

  app.get(
    routes.getEstablishmentStats.path,
    { schema: schemaOf(routes.getEstablishmentStats) },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getEstablishmentStats(ctx, request.params.id, request.query);
    },
  );

  app.get(
    routes.getTopEstablishments.path,
    { schema: schemaOf(routes.getTopEstablishments) },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getTopEstablishments(ctx, request.query);
    },
  );
};
