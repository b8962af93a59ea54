import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subject } from '@tables-voisines/contract/permissions';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { authOf } from '../auth/auth-of';
import { actorOf } from '../history/history';
import {
  createAccessRequest,
  decideAccessRequest,
  findAccessRequestOwnerId,
  listAccessRequests,
} from './access-requests';
import { createContactMessage, listContactMessages, patchContactMessage } from './contact-messages';

/** « Demander l’accès » and « Nous contacter » (decision 0071). */
export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    routes.createAccessRequest.path,
    { schema: schemaOf(routes.createAccessRequest) },
    async (request, reply) => {
      const created = await createAccessRequest(ctx, authOf(request).account.id, request.body, request.ip);
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    routes.listAccessRequests.path,
    { schema: schemaOf(routes.listAccessRequests) },
    async (request, reply) => {
      const auth = authOf(request);
      const { requests, total } = await listAccessRequests(ctx, auth.ability, auth.account.id, request.query);
      reply.header('x-total-count', String(total)).header('cache-control', 'private, no-store');
      return requests;
    },
  );

  app.patch(
    routes.decideAccessRequest.path,
    {
      schema: schemaOf(routes.decideAccessRequest),
      config: {
        // The permission is on the owner the request is from (and, in the service, on its page).
        permissionSubject: async (request) => {
          const ownerId = await findAccessRequestOwnerId(ctx.db, (request.params as { id: string }).id);
          return ownerId === null ? null : subject('restaurant-owner', { id: ownerId });
        },
        permissionFields: ['establishment'],
      },
    },
    async (request) =>
      decideAccessRequest(
        ctx,
        authOf(request).ability,
        actorOf(authOf(request)),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    routes.createContactMessage.path,
    { schema: schemaOf(routes.createContactMessage) },
    async (request, reply) => {
      const created = await createContactMessage(ctx, request.body, request.ip);
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    routes.listContactMessages.path,
    { schema: schemaOf(routes.listContactMessages) },
    async (request, reply) => {
      const { messages, total } = await listContactMessages(ctx, request.query);
      reply.header('x-total-count', String(total)).header('cache-control', 'private, no-store');
      return messages;
    },
  );

  app.patch(
    routes.patchContactMessage.path,
    {
      schema: schemaOf(routes.patchContactMessage),
      // Messages belong to no establishment: the check is on the subject type (an admin's `update establishment`).
      config: { permissionSubject: async () => 'establishment' as never, permissionFields: [] },
    },
    async (request) => patchContactMessage(ctx, request.params.id, request.body),
  );
};
