import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { JSON_TYPE, publicCacheControl } from '../../lib/http-negotiation';
import { sendResponse } from '../../lib/send-response';
import { mapFeedAnswer } from './map-feed-answer';

export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mapIndex } = app.ctx;
  // Clusters of every enabled establishment, closures or not: the map asks for them only while nothing is
  // filtered, and switches to its feed (which carries the closures) once « Ouvert maintenant » or any other
  // filter is on (map-preview.ts, `wantsFeed` and `drawsServerClusters`; decision 0054).
  app.get(routes.mapPoints.path, { schema: schemaOf(routes.mapPoints) }, async (request, reply) => {
    // Revalidated on every use: a write shows at once.
    reply.header('cache-control', 'public, no-cache');
    // Written without the contract's check of every place, a large part of a dense view's answer time
    // (decision 0010, "Measurements"). The index's answer is typed, and the route's tests check its
    // answers against the schema.
    reply.type(JSON_TYPE).serializer((answer: unknown) => JSON.stringify(answer));
    return mapIndex.query(request.query);
  });

  // The map's lists without the feed: the count of a box or a circle and its first cards, from the index.
  app.get(routes.mapNearest.path, { schema: schemaOf(routes.mapNearest) }, async (request, reply) => {
    reply.header('cache-control', 'public, no-cache');
    return mapIndex.nearest(request.query);
  });

  app.get(routes.mapAround.path, { schema: schemaOf(routes.mapAround) }, async (request, reply) => {
    reply.header('cache-control', 'public, no-cache');
    return mapIndex.around(request.query);
  });

  app.get(routes.mapFeed.path, { schema: schemaOf(routes.mapFeed) }, async (request, reply) => {
    return sendResponse(request, reply, await mapFeedAnswer(app.ctx), {
      contentType: JSON_TYPE,
      cacheControl: publicCacheControl(request),
    });
  });
};
