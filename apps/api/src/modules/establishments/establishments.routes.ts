import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@tables-voisines/contract/errors';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import {
  countEstablishments,
  findEstablishmentByIdOrUri,
  findEstablishments,
  type EstablishmentFilter,
} from './establishments.queries';
import { toPublicEstablishment } from './establishments.presenter';

export const establishmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    routes.listEstablishments.path,
    { schema: schemaOf(routes.listEstablishments) },
    async (request, reply) => {
      const { q, sort, order, page, perPage } = request.query;
      // Accounts do not exist yet: every caller gets the public view of enabled establishments.
      const filter: EstablishmentFilter = { includeDisabled: false, q };
      const options = { sort: sort ?? 'name', order: order ?? 'asc' } as const;
      if (page === undefined) {
        const rows = await findEstablishments(db, filter, options);
        return rows.map(toPublicEstablishment);
      }
      const [rows, total] = await Promise.all([
        findEstablishments(db, filter, { ...options, limit: perPage, offset: (page - 1) * perPage }),
        countEstablishments(db, filter),
      ]);
      reply.header('x-total-count', String(total));
      return rows.map(toPublicEstablishment);
    },
  );

  app.get(
    routes.getPublicEstablishment.path,
    { schema: schemaOf(routes.getPublicEstablishment) },
    async (request) => {
      const row = await findEstablishmentByIdOrUri(db, request.params.id);
      if (row === null || row.disabled) {
        throw new AppError('NotFound', "Cet établissement n'existe pas ou n'est plus visible.");
      }
      return toPublicEstablishment(row);
    },
  );
};
