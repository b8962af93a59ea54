import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import {
  followEstablishment,
  getFollowersCount,
  listFollows,
  unfollowEstablishment,
} from './follows.service';

/** « Suivre » (docs/api.md, « Following and push »): a browser follows places; their owners see a count. */
export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    routes.getPushPublicKey.path,
    { schema: schemaOf(routes.getPushPublicKey) },
    async (_request, reply) => {
      // Asked again before each subscription: the key may change with VAPID_PUBLIC_KEY.
      reply.header('cache-control', 'no-cache');
      return { publicKey: ctx.push.publicKey };
    },
  );

  // `request.ip` is the client's address as TRUST_PROXY allows X-Forwarded-For to tell it.
  app.post(routes.createFollow.path, { schema: schemaOf(routes.createFollow) }, async (request, reply) => {
    const { follow, created } = await followEstablishment(ctx, request.body, request.ip);
    return reply
      .code(created ? 201 : 200)
      .header('cache-control', 'no-store')
      .send(follow);
  });

  app.post(routes.listFollows.path, { schema: schemaOf(routes.listFollows) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listFollows(ctx, request.body.endpoint, request.ip);
  });

  app.delete(routes.deleteFollow.path, { schema: schemaOf(routes.deleteFollow) }, async (request, reply) => {
    await unfollowEstablishment(ctx, request.query, request.ip);
    return reply.code(204).send();
  });

  app.get(
    routes.getEstablishmentFollowers.path,
    { schema: schemaOf(routes.getEstablishmentFollowers) },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getFollowersCount(ctx, request.params.id);
    },
  );
};
