import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@tables-voisines/contract/errors';
import { canOnEvery } from '@tables-voisines/contract/permissions';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import {
  countEstablishments,
  findEstablishmentByIdOrUri,
  findEstablishments,
  type EstablishmentFilter,
} from './establishments.queries';
import { toAdminEstablishment, toPublicEstablishment } from './establishments.presenter';

export const establishmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    routes.listEstablishments.path,
    { schema: schemaOf(routes.listEstablishments) },
    async (request, reply) => {
      const { q, sort, order, page, perPage, withDisabled } = request.query;
      // Callers who may read every establishment (admins) get full records, and the disabled ones on
      // demand; anonymous visitors and owners get the public view of the enabled ones.
      const full = request.auth !== null && canOnEvery(request.auth.ability, 'read', 'establishment');
      const present = full ? toAdminEstablishment : toPublicEstablishment;
      const filter: EstablishmentFilter = { includeDisabled: full && withDisabled, q };
      const options = { sort: sort ?? 'name', order: order ?? 'asc' } as const;
      if (page === undefined) {
        const rows = await findEstablishments(db, filter, options);
        return rows.map(present);
      }
      const [rows, total] = await Promise.all([
        findEstablishments(db, filter, { ...options, limit: perPage, offset: (page - 1) * perPage }),
        countEstablishments(db, filter),
      ]);
      reply.header('x-total-count', String(total));
      return rows.map(present);
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
