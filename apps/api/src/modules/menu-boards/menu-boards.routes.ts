import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { subject } from '@tables-voisines/contract/permissions';
import { routes } from '@tables-voisines/contract/routes';
import { parisDay } from '../../lib/today';
import { schemaOf } from '../../plugins/contract-route';
import { authOf } from '../auth/auth-of';
import { actorOf } from '../history/history';
import { surroundingMenuBoardsJson } from './menu-boards.queries';
import {
  createMenuBoard,
  deleteMenuBoard,
  findMenuBoardEstablishmentId,
  patchMenuBoard,
} from './menu-boards.service';

export const menuBoardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  /** A board's permission depends on its establishment, which the path id does not name. */
  const boardOfPath = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const establishmentId = await findMenuBoardEstablishmentId(db, id.toLowerCase());
    return establishmentId === null ? null : subject('menu-board', { establishmentId });
  };

  app.post(
    routes.surroundingMenuBoards.path,
    { schema: schemaOf(routes.surroundingMenuBoards) },
    async (request, reply) => {
      const { northEast, southWest, categories } = request.body;
      const body = await surroundingMenuBoardsJson(db, { northEast, southWest }, categories, parisDay());
      // Already JSON, made by the database: bytes, not an object to serialise again.
      return reply.type('application/json; charset=utf-8').send(Buffer.from(body) as never);
    },
  );

  app.post(
    routes.createMenuBoard.path,
    {
      schema: schemaOf(routes.createMenuBoard),
      config: {
        permissionSubject: async (request) =>
          subject('menu-board', {
            establishmentId: (request.body as { establishment: string }).establishment.toLowerCase(),
          }),
      },
    },
    async (request, reply) => {
      const board = await createMenuBoard(ctx, actorOf(authOf(request)), request.body);
      return reply.code(201).send(board);
    },
  );

  app.patch(
    routes.patchMenuBoard.path,
    { schema: schemaOf(routes.patchMenuBoard), config: { permissionSubject: boardOfPath } },
    async (request) => patchMenuBoard(ctx, actorOf(authOf(request)), request.params.id, request.body),
  );

  app.delete(
    routes.deleteMenuBoard.path,
    { schema: schemaOf(routes.deleteMenuBoard), config: { permissionSubject: boardOfPath } },
    async (request, reply) => {
      await deleteMenuBoard(ctx, actorOf(authOf(request)), request.params.id);
      return reply.code(204).send();
    },
  );
};
