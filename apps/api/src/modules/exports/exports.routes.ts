import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routes } from '@tables-voisines/contract/routes';
import type { ExportQuery } from '@tables-voisines/contract/schemas/common';
import { parisDay } from '../../lib/today';
import { schemaOf } from '../../plugins/contract-route';
import { CONTENT_TYPES, csvStream, xlsxStream, type ExportColumn, type RowBatches } from './export-writers';
import {
  ESTABLISHMENT_COLUMNS,
  OWNER_COLUMNS,
  establishmentExportBatches,
  ownerExportBatches,
} from './exports.queries';

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
  const fileName = `${options.baseName}-${parisDay()}.${format}`;
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

/** The list exports: streamed CSV (default) or XLSX, for admins with the `export` permission. */
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
        batches: establishmentExportBatches(db),
      }),
  );
  for (const def of [routes.exportOwners, routes.exportUsers]) {
    app.post(def.path, { schema: schemaOf(def) }, async (request, reply) =>
      sendExport(request, reply, {
        query: request.query,
        baseName: 'restaurateurs',
        sheet: 'Restaurateurs',
        columns: OWNER_COLUMNS,
        batches: ownerExportBatches(db),
      }),
    );
  }
};
