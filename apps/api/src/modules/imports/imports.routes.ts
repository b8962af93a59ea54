import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@tables-voisines/contract/errors';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { authOf } from '../auth/auth-of';
import { actorOf } from '../history/history';
import { IMPORT_CONTENT_TYPES, saveImportFile } from './import-file';
import { importEstablishments, listImports, undoImport } from './imports.service';

/** The file's name as the browser sent it (`Content-Disposition: attachment; filename*=UTF-8''…`). */
function fileNameOf(header: string | undefined): string {
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header ?? '');
  if (star !== null) {
    try {
      return decodeURIComponent(star[1]!.trim()).slice(0, 200);
    } catch {
      // Not percent-encoded as it says: the plain name, if any.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header ?? '');
  return plain?.[1]?.trim().slice(0, 200) || 'fichier sans nom';
}

/**
 * `POST /api/establishments/import`: the file is the body, streamed to a temporary file (at most 20 MB), then
 * read row by row (imports.service.ts). Admins who may both create and update establishments.
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body as it comes, not parsed: the import reads it from disk, one row at a time.
  app.addContentTypeParser(Object.keys(IMPORT_CONTENT_TYPES), (_request, payload, done) =>
    done(null, payload),
  );
  app.post(
    routes.importEstablishments.path,
    { schema: schemaOf(routes.importEstablishments) },
    async (request) => {
      const auth = authOf(request);
      if (!auth.ability.can('update', 'establishment')) {
        throw new AppError('Forbidden', 'Importer demande aussi le droit de modifier les établissements.');
      }
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const declared = IMPORT_CONTENT_TYPES[type] ?? null;
      const length = Number(request.headers['content-length']);
      const file = await saveImportFile(
        request.body as Readable,
        declared,
        Number.isFinite(length) ? length : undefined,
      );
      try {
        const fileName = fileNameOf(request.headers['content-disposition']);
        request.log.info({ fileName, bytes: file.bytes, format: file.format }, 'import started');
        const report = await importEstablishments(app.ctx, actorOf(auth), file, {
          dryRun: request.query.dryRun,
          fileName,
          ability: auth.ability,
        });
        request.log.info(
          { fileName, ...report, duplicates: report.duplicates.length, errors: report.errors.length },
          'import read',
        );
        return report;
      } finally {
        await file.remove();
      }
    },
  );
  app.get(
    routes.listEstablishmentImports.path,
    { schema: schemaOf(routes.listEstablishmentImports) },
    async () => listImports(app.ctx.db, app.ctx.clock()),
  );
  app.post(
    routes.undoEstablishmentImport.path,
    { schema: schemaOf(routes.undoEstablishmentImport) },
    async (request) => {
      const auth = authOf(request);
      if (!auth.ability.can('update', 'establishment') || !auth.ability.can('delete', 'establishment')) {
        throw new AppError(
          'Forbidden',
          'Annuler un import demande aussi les droits de modifier et de supprimer les établissements.',
        );
      }
      const done = await undoImport(app.ctx, actorOf(auth), request.params.id);
      request.log.info({ importId: request.params.id, ...done }, 'import undone');
      return done;
    },
  );
};
