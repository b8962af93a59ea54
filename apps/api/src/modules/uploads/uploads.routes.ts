import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import { routes } from '@tables-voisines/contract/routes';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@tables-voisines/contract/schemas/establishment';
import { LocalPhotoStorage } from '../../adapters/storage/local-storage';
import {
  createAccountPhotoKey,
  PHOTO_KEY_RE,
  TYPE_OF_EXTENSION,
  type ImageType,
} from '../../adapters/storage/storage';
import { schemaOf } from '../../plugins/contract-route';
import { authOf } from '../auth/auth-of';
import { inspectImage, writeVariants } from './inspect-image';

const isAccepted = (type: string): type is ImageType =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type);

const unsupported = () =>
  new AppError('UnsupportedMediaType', 'Seules les photos JPEG, PNG ou WebP sont acceptées.');
const tooLarge = () => new AppError('PayloadTooLarge', 'La photo dépasse 10 Mo.');
const badAddress = () =>
  new AppError('Forbidden', 'Cette adresse d’envoi est invalide ou a expiré : recommencez l’envoi.');

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Checks the signed upload address before the body is read, so that nobody can push 10 MB to the server
 * without an address it gave.
 */
function checkUploadAddress(storage: LocalPhotoStorage, request: FastifyRequest, now: Date): void {
  const { key } = request.params as { key?: string };
  const query = request.query as Record<string, unknown>;
  if (typeof key !== 'string' || !PHOTO_KEY_RE.test(key)) throw new AppError('NotFound');
  const { type, size, expires, signature } = query;
  if (
    typeof type !== 'string' ||
    typeof size !== 'string' ||
    typeof expires !== 'string' ||
    typeof signature !== 'string' ||
    !/^\d{1,9}$/.test(size) ||
    !/^\d{1,12}$/.test(expires)
  ) {
    throw badAddress();
  }
  const claims = { key, contentType: type, size: Number(size), expires: Number(expires) };
  if (!storage.verifySignature(claims, signature) || claims.expires * 1000 < now.getTime())
    throw badAddress();
  if (TYPE_OF_EXTENSION[key.split('.').pop()!] !== type) throw badAddress();
  if (mediaType(request.headers['content-type']) !== type) throw unsupported();
  const length = Number(request.headers['content-length'] ?? NaN);
  if (length > claims.size || length > MAX_UPLOAD_BYTES) throw tooLarge();
}

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    routes.prepareUpload.path,
    {
      schema: schemaOf(routes.prepareUpload),
      // Preparing an upload is changing an establishment's photo: owners may, for their own.
      config: { permissionFields: ['photo'] },
    },
    async (request) => {
      const { contentType, size } = request.body;
      if (!isAccepted(contentType)) throw unsupported();
      if (size > MAX_UPLOAD_BYTES) throw tooLarge();
      // The key says who prepared it: only that account (or an admin) may attach it (photo-check.ts).
      const { role, id } = authOf(request).account;
      const key = createAccountPhotoKey(ctx.config.jwtSecret!, { role, id }, contentType);
      const prepared = await ctx.storage.prepareUpload({ contentType, size, key });
      return { ...prepared, expiresAt: prepared.expiresAt.toISOString() };
    },
  );

  // The embedded storage's upload address. The bytes arrive raw, with the image's content type.
  await app.register(async (instance) => {
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      [...ACCEPTED_IMAGE_TYPES],
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put(
      routes.uploadPhoto.path,
      {
        schema: schemaOf(routes.uploadPhoto),
        bodyLimit: MAX_UPLOAD_BYTES,
        onRequest: async (request) => {
          const storage = ctx.storage;
          if (!(storage instanceof LocalPhotoStorage)) throw new AppError('NotFound');
          checkUploadAddress(storage, request, ctx.clock());
        },
      },
      async (request, reply) => {
        const storage = ctx.storage as LocalPhotoStorage;
        const { key } = request.params;
        const type = request.query.type as ImageType;
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw unsupported();
        if (bytes.length > request.query.size) throw tooLarge();
        await inspectImage(bytes, type);
        try {
          await storage.write(key, bytes);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
            throw new AppError('Forbidden', 'Cette adresse d’envoi a déjà servi : recommencez l’envoi.');
          }
          throw error;
        }
        await writeVariants(storage, key, bytes);
        request.log.info({ key, bytes: bytes.length }, 'photo uploaded');
        return reply.code(204).send();
      },
    );
  });
};
