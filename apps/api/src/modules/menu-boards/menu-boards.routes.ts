import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { parisDay } from '../../lib/today';
import { schemaOf } from '../../plugins/contract-route';
import { findSurroundingMenuBoards } from './menu-boards.queries';

export const menuBoardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.post(
    routes.surroundingMenuBoards.path,
    { schema: schemaOf(routes.surroundingMenuBoards) },
    async (request) => {
      const { northEast, southWest, categories } = request.body;
      return findSurroundingMenuBoards(db, { northEast, southWest }, categories, parisDay());
    },
  );
};
