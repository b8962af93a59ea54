import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routes } from '@tables-voisines/contract/routes';
import type { ExportQuery } from '@tables-voisines/contract/schemas/common';
import { schemaOf } from '../../plugins/contract-route';
import { CONTENT_TYPES, csvStream, xlsxStream, type ExportColumn, type RowBatches } from './export-writers';
import {
  ESTABLISHMENT_COLUMNS,
  GROUP_COLUMNS,
  OWNER_COLUMNS,
  establishmentExportBatches,
  groupExportBatches,
  ownerExportBatches,
} from './exports.queries';
import { parisDay } from '@tables-voisines/contract/paris-time';

function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    query: ExportQuery;
    baseName: string;
    sheet: string;
    columns: readonly ExportColumn[];
    batches: RowBatches;
  },
) {
  const { format } = options.query;
  const fileName = `${options.baseName}-${parisDay(request.server.ctx.clock())}.${format}`;
  request.log.info({ fileName }, 'export started');
  const stream =
    format === 'xlsx'
      ? xlsxStream(options.sheet, options.columns, options.batches, request.log)
      : csvStream(options.columns, options.batches, request.log);
  return reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/**
 * The list exports: streamed CSV (default) or XLSX, for admins with the `export` permission; each holds what
 * its list shows with the same filters.
 */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.post(
    routes.exportEstablishments.path,
    { schema: schemaOf(routes.exportEstablishments) },
    async (request, reply) =>
      sendExport(request, reply, {
        query: request.query,
        baseName: 'etablissements',
        sheet: 'Établissements',
        columns: ESTABLISHMENT_COLUMNS,
        // The list's filters, as the back office's list reads them for an admin (the disabled included).
        batches: establishmentExportBatches(db, {
          includeDisabled: true,
          q: request.query.q,
          kind: request.query.kind,
          venueType: request.query.venueType,
          town: request.query.town,
          disabled: request.query.disabled,
          owner: request.query.restaurantOwner,
          notVerifiedSince: request.query.notVerifiedSince,
        }),
      }),
  );
  for (const def of [routes.exportOwners, routes.exportUsers]) {
    app.post(def.path, { schema: schemaOf(def) }, async (request, reply) =>
      sendExport(request, reply, {
        query: request.query,
        baseName: 'restaurateurs',
        sheet: 'Restaurateurs',
        columns: OWNER_COLUMNS,
        batches: ownerExportBatches(db, {
          q: request.query.q,
          confirmed: request.query.confirmed,
          establishment: request.query.establishment,
        }),
      }),
    );
  }
  app.post(routes.exportGroups.path, { schema: schemaOf(routes.exportGroups) }, async (request, reply) =>
    sendExport(request, reply, {
      query: request.query,
      baseName: 'groupes',
      sheet: 'Groupes',
      columns: GROUP_COLUMNS,
      batches: groupExportBatches(db, request.query.q),
    }),
  );
};
