import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { subject } from '@tables-voisines/contract/permissions';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { conditionsOf, etagOf } from '../../writes/preconditions';
import { JSON_TYPE } from '../../lib/http-negotiation';
import { sendCompressed } from '../../lib/send-response';
import { authOf } from '../auth/auth-of';
import { actorOf } from '../history/history';
import { findMenuBoardsPage, surroundingMenuBoardsJson, type MenuBoardAnswer } from './menu-boards.queries';
import {
  deleteMenuBoard,
  establishmentOfDishes,
  findMenuBoardEstablishmentId,
  getEstablishmentDishes,
  getEstablishmentMenuBoard,
  getMenuBoard,
  patchMenuBoard,
  publishMenuBoard,
} from './menu-boards.service';
import { parisDay } from '@tables-voisines/contract/paris-time';

/** A board with its `ETag`, what `If-Match` compares with. */
function sendBoard(reply: FastifyReply, board: MenuBoardAnswer) {
  reply.header('etag', etagOf(board)).header('cache-control', 'private, no-cache');
  return board;
}

export const menuBoardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  /** A board's permission depends on its establishment, which the path id does not name. */
  const boardOfPath = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const establishmentId = await findMenuBoardEstablishmentId(db, id);
    return establishmentId === null ? null : subject('menu-board', { establishmentId });
  };

  app.post(
    routes.surroundingMenuBoards.path,
    { schema: schemaOf(routes.surroundingMenuBoards) },
    async (request, reply) => {
      const { northEast, southWest, ...filters } = request.body;
      const body = await surroundingMenuBoardsJson(
        db,
        { northEast, southWest },
        filters,
        parisDay(ctx.clock()),
      );
      // Already JSON, made by the database: bytes, not an object to serialise again; compressed per request.
      return sendCompressed(request, reply, Buffer.from(body), JSON_TYPE);
    },
  );

  app.get(
    routes.getEstablishmentMenuBoard.path,
    { schema: schemaOf(routes.getEstablishmentMenuBoard) },
    async (request, reply) =>
      sendBoard(
        reply,
        await getEstablishmentMenuBoard(
          ctx,
          request.params.id,
          request.query.date,
          request.auth?.ability ?? null,
        ),
      ),
  );

  app.get(
    routes.getEstablishmentDishes.path,
    {
      schema: schemaOf(routes.getEstablishmentDishes),
      // An owner reads its own establishment's dishes (`manage menu-board` on its establishment).
      config: {
        permissionSubject: (request) => establishmentOfDishes(db, (request.params as { id: string }).id),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return getEstablishmentDishes(ctx, request.params.id, request.query);
    },
  );

  app.get(routes.listMenuBoards.path, { schema: schemaOf(routes.listMenuBoards) }, async (request, reply) => {
    const { date, establishment, q, sort, order, page, perPage } = request.query;
    const { boards, total } = await findMenuBoardsPage(
      db,
      { date, establishmentId: establishment, q },
      { sort, order, limit: perPage, offset: (page - 1) * perPage },
    );
    reply.header('x-total-count', String(total));
    return boards;
  });

  app.get(
    routes.getMenuBoard.path,
    { schema: schemaOf(routes.getMenuBoard), config: { permissionSubject: boardOfPath } },
    async (request, reply) => sendBoard(reply, await getMenuBoard(ctx, request.params.id)),
  );

  app.post(
    routes.createMenuBoard.path,
    {
      schema: schemaOf(routes.createMenuBoard),
      config: {
        permissionSubject: async (request) =>
          subject('menu-board', {
            establishmentId: (request.body as { establishment: string }).establishment,
          }),
      },
    },
    async (request, reply) => {
      const { board, created } = await publishMenuBoard(
        ctx,
        actorOf(authOf(request)),
        request.body,
        conditionsOf(request),
      );
      return reply.code(created ? 201 : 200).send(sendBoard(reply, board));
    },
  );

  app.patch(
    routes.patchMenuBoard.path,
    { schema: schemaOf(routes.patchMenuBoard), config: { permissionSubject: boardOfPath } },
    async (request, reply) =>
      sendBoard(
        reply,
        await patchMenuBoard(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          request.body,
          conditionsOf(request),
        ),
      ),
  );

  app.delete(
    routes.deleteMenuBoard.path,
    { schema: schemaOf(routes.deleteMenuBoard), config: { permissionSubject: boardOfPath } },
    async (request, reply) => {
      await deleteMenuBoard(ctx, actorOf(authOf(request)), request.params.id, conditionsOf(request));
      return reply.code(204).send();
    },
  );
};
