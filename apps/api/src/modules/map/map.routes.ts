import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';

export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const index = app.ctx.mapIndex;
  app.get(routes.mapPoints.path, { schema: schemaOf(routes.mapPoints) }, async (request, reply) => {
    // Revalidated on every use: a write shows at once.
    reply.header('cache-control', 'public, no-cache');
    return index.query(request.query);
  });
};
