import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { authOf } from '../auth/auth-of';
import { presentEstablishmentFor } from '../establishments/establishments.routes';
import { actorOf } from '../history/history';
import { shareEstablishment } from './share.service';

export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    routes.shareEstablishment.path,
    { schema: schemaOf(routes.shareEstablishment) },
    async (request) => {
      const auth = authOf(request);
      const row = await shareEstablishment(app.ctx, actorOf(auth), request.params.id, request.log);
      return presentEstablishmentFor(auth, row);
    },
  );
};
