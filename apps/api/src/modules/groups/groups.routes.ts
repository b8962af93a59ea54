import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { JSON_TYPE, publicCacheControl } from '../../lib/http-negotiation';
import { sendResponse } from '../../lib/send-response';
import { schemaOf } from '../../plugins/contract-route';
import { authOf } from '../auth/auth-of';
import { actorOf } from '../history/history';
import { findGroups, toGroup } from './groups.queries';
import { createGroup, deleteGroup, getGroup, patchGroup } from './groups.service';
import type { FastifyReply } from 'fastify';
import type { groups } from '../../db/schema';
import { conditionsOf, etagOf } from '../../writes/preconditions';

/** A group with its `ETag`, what `If-Match` compares with. */
function sendGroup(reply: FastifyReply, row: typeof groups.$inferSelect) {
  reply.header('etag', etagOf(row)).header('cache-control', 'private, no-store');
  return toGroup(row);
}

export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(routes.listGroups.path, { schema: schemaOf(routes.listGroups) }, async (request, reply) => {
    const answer = await ctx.responseCache.get('groups', async function* () {
      yield JSON.stringify((await findGroups(ctx.db)).map(toGroup));
    });
    return sendResponse(request, reply, answer, {
      contentType: JSON_TYPE,
      cacheControl: publicCacheControl(request),
    });
  });

  app.get(routes.getGroup.path, { schema: schemaOf(routes.getGroup) }, async (request, reply) =>
    sendGroup(reply, await getGroup(ctx, request.params.id)),
  );

  app.post(routes.createGroup.path, { schema: schemaOf(routes.createGroup) }, async (request, reply) => {
    const row = await createGroup(ctx, actorOf(authOf(request)), request.body);
    return reply.code(201).send(sendGroup(reply, row));
  });

  app.patch(routes.patchGroup.path, { schema: schemaOf(routes.patchGroup) }, async (request, reply) =>
    sendGroup(
      reply,
      await patchGroup(ctx, actorOf(authOf(request)), request.params.id, request.body, conditionsOf(request)),
    ),
  );

  app.delete(routes.deleteGroup.path, { schema: schemaOf(routes.deleteGroup) }, async (request, reply) => {
    await deleteGroup(ctx, actorOf(authOf(request)), request.params.id, conditionsOf(request));
    return reply.code(204).send();
  });
};
