import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { placeIndex } from './place-index';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(routes.searchPlaces.path, { schema: schemaOf(routes.searchPlaces) }, async (request, reply) => {
    // The places change only with a new release of the server.
    reply.header('cache-control', 'public, max-age=86400');
    return placeIndex().search(request.query.q, request.query.limit);
  });
};
