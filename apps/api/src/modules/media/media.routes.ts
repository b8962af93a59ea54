import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@tables-voisines/contract/errors';
import { routes } from '@tables-voisines/contract/routes';
import { LocalPhotoStorage, MEDIA_FILE_RE } from '../../adapters/storage/local-storage';
import { TYPE_OF_EXTENSION } from '../../adapters/storage/storage';
import { schemaOf } from '../../plugins/contract-route';

const notFound = () => new AppError('NotFound', 'Cette image n’existe pas.');

/**
 * Photos of the embedded storage. Names are random and written once, so an address always gives the same
 * bytes: browsers and CDNs may keep them for a year.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(routes.getMedia.path, { schema: schemaOf(routes.getMedia) }, async (request, reply) => {
    const storage = app.ctx.storage;
    const { file } = request.params;
    if (!(storage instanceof LocalPhotoStorage) || !MEDIA_FILE_RE.test(file)) throw notFound();
    const filePath = storage.pathOf(file);
    const info = await stat(filePath).catch(() => null);
    if (info === null || !info.isFile()) throw notFound();
    return reply
      .type(TYPE_OF_EXTENSION[file.split('.').pop()!]!)
      .header('content-length', String(info.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(filePath) as never);
  });
};
