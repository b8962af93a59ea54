import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { currentPasswordIdentifier, rateLimit, signInIdentifier } from '../../plugins/rate-limit';
import { authOf } from '../auth/auth-of';
import { actorOf } from '../history/history';
import { refreshAccessToken } from '../auth/auth.service';
import { toAdmin } from './admins.presenter';
import type { AdminRow } from './admins.queries';
import { conditionsOf, etagOf } from '../../writes/preconditions';
import type { FastifyReply } from 'fastify';

/** An admin with its `ETag`, what `If-Match` compares with. */
function sendAdmin(reply: FastifyReply, row: AdminRow) {
  reply.header('etag', etagOf(row)).header('cache-control', 'private, no-store');
  return toAdmin(row);
}
import { findAdmins } from './admins.queries';
import { createAdmin, deleteAdmin, getAdmin, patchAdmin, signInAdmin } from './admins.service';

// Who may call what is decided by the auth hook from the route table (plugins/auth.ts), not here.
export const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    routes.adminSignIn.path,
    {
      schema: schemaOf(routes.adminSignIn),
      ...rateLimit('admin-sign-in', signInIdentifier('username')),
    },
    async (request) => signInAdmin(ctx, request.body),
  );

  app.post(routes.adminRefresh.path, { schema: schemaOf(routes.adminRefresh) }, async (request) => {
    return refreshAccessToken(ctx, authOf(request), request.body.token);
  });

  app.get(routes.listAdmins.path, { schema: schemaOf(routes.listAdmins) }, async () =>
    (await findAdmins(ctx.db)).map(toAdmin),
  );

  app.get(routes.getAdmin.path, { schema: schemaOf(routes.getAdmin) }, async (request, reply) =>
    sendAdmin(reply, await getAdmin(ctx, request.params.id)),
  );

  app.post(routes.createAdmin.path, { schema: schemaOf(routes.createAdmin) }, async (request, reply) => {
    const auth = authOf(request);
    const row = await createAdmin(ctx, auth.ability, request.body, actorOf(auth));
    return reply.code(201).send(sendAdmin(reply, row));
  });

  app.patch(
    routes.patchAdmin.path,
    { schema: schemaOf(routes.patchAdmin), ...rateLimit('current-password', currentPasswordIdentifier) },
    async (request, reply) =>
      sendAdmin(
        reply,
        await patchAdmin(
          ctx,
          authOf(request).ability,
          request.params.id,
          request.body,
          actorOf(authOf(request)),
          conditionsOf(request),
        ),
      ),
  );

  app.delete(routes.deleteAdmin.path, { schema: schemaOf(routes.deleteAdmin) }, async (request, reply) => {
    await deleteAdmin(
      ctx,
      { id: authOf(request).account.id, ability: authOf(request).ability },
      request.params.id,
      actorOf(authOf(request)),
      conditionsOf(request),
    );
    return reply.code(204).send();
  });
};
