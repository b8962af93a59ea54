import path from 'node:path';
import send from '@fastify/send';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@tables-voisines/contract/errors';
import { routes } from '@tables-voisines/contract/routes';
import { LocalPhotoStorage, MEDIA_FILE_RE } from '../../adapters/storage/local-storage';
import { TYPE_OF_EXTENSION } from '../../adapters/storage/storage';
import { schemaOf } from '../../plugins/contract-route';

const notFound = () => new AppError('NotFound', 'Cette image n’existe pas.');

/**
 * Photos of the embedded storage. Names are random and written once, so an address always gives the same
 * bytes: browsers and CDNs may keep them for a year. Sent by @fastify/send, as the self-hosted map archive is
 * (`self-hosted-map.ts`): `Range` (206, one range; 416 past the end), `ETag` and `Last-Modified`, and their
 * conditions (`If-None-Match`, `If-Modified-Since`: 304; `If-Match`, `If-Unmodified-Since`: 412; `If-Range`).
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(routes.getMedia.path, { schema: schemaOf(routes.getMedia) }, async (request, reply) => {
    const storage = app.ctx.storage;
    const { file } = request.params;
    if (!(storage instanceof LocalPhotoStorage) || !MEDIA_FILE_RE.test(file)) throw notFound();
    const filePath = storage.pathOf(file);
    const result = await send(request.raw, file, {
      root: path.dirname(filePath),
      acceptRanges: true,
      maxAge: '365d',
      immutable: true,
      // The name says the type (`TYPE_OF_EXTENSION`), not send's table of extensions.
      contentType: false,
      index: false,
    });
    if (result.type !== 'file') {
      result.stream.destroy();
      switch (result.statusCode) {
        case 404:
          throw notFound();
        case 412:
          throw new AppError('PreconditionFailed', 'Cette image ne correspond pas à la version demandée.');
        case 416:
          // Its size, for the client to ask again (RFC 9110, 15.5.17).
          reply.header('content-range', result.headers['Content-Range']);
          throw new AppError('RangeNotSatisfiable');
        default:
          throw result.type === 'error' ? result.metadata.error : notFound();
      }
    }
    reply
      .code(result.statusCode as 200 | 206 | 304)
      .headers(result.headers)
      .header('x-content-type-options', 'nosniff');
    if (result.statusCode !== 304) reply.type(TYPE_OF_EXTENSION[file.split('.').pop()!]!);
    return reply.send(result.stream as never);
  });
};
