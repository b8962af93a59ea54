import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { findGroups, toGroup } from './groups.queries';

export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get(routes.listGroups.path, { schema: schemaOf(routes.listGroups) }, async () =>
    (await findGroups(db)).map(toGroup),
  );
};
