import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { authOf } from '../auth/auth-of';
import { sendEstablishment } from '../establishments/establishments.presenter';
import { actorOf } from '../history/history';
import { conditionsOf } from '../../writes/preconditions';
import { shareEstablishment } from './share.service';

export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    routes.shareEstablishment.path,
    { schema: schemaOf(routes.shareEstablishment) },
    async (request, reply) => {
      const auth = authOf(request);
      const { row, dryRun } = await shareEstablishment(
        app.ctx,
        actorOf(auth),
        request.params.id,
        request.log,
        conditionsOf(request),
      );
      // Without a Facebook page configured nothing was published: the back office says so.
      if (dryRun) reply.header('x-dry-run', 'true');
      return sendEstablishment(reply, auth, row);
    },
  );
};
