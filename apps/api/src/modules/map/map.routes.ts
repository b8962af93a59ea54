import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { JSON_TYPE, publicCacheControl, sendAnswer } from '../../lib/answer-cache';
import { establishmentsFingerprint } from '../establishments/establishments.queries';
import { mapFeedPieces } from './map-feed';

export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, answers, mapIndex } = app.ctx;
  app.get(routes.mapPoints.path, { schema: schemaOf(routes.mapPoints) }, async (request, reply) => {
    // Revalidated on every use: a write shows at once.
    reply.header('cache-control', 'public, no-cache');
    return mapIndex.query(request.query);
  });

  app.get(routes.mapFeed.path, { schema: schemaOf(routes.mapFeed) }, async (request, reply) => {
    // Like the public list: made once until an establishment changes, compressed once, revalidated by ETag;
    // while a new one is made (seconds at 200,000), the latest one answers.
    const scope = await answers.perVersion('establishments', () => establishmentsFingerprint(db));
    const answer = await answers.getScopedOrLatest(scope, 'map-feed', () => mapFeedPieces(db));
    return sendAnswer(request, reply, answer, {
      contentType: JSON_TYPE,
      cacheControl: publicCacheControl(request),
    });
  });
};
