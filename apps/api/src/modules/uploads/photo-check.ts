import { AppError } from '@tables-voisines/contract/errors';
import { MAX_UPLOAD_BYTES } from '@tables-voisines/contract/schemas/establishment';
import { TYPE_OF_EXTENSION, variantKey } from '../../adapters/storage/storage';
import type { AppContext } from '../../context';
import { inspectImage, writeVariants } from './inspect-image';

const invalidPhoto = (message: string) =>
  new AppError('ValidationError', message, [{ path: 'photo.url', message }]);

/**
 * A photo given to an establishment must be one uploaded through `prepare-upload`. On local storage the
 * upload itself checked the bytes and made the resized copies; with S3 the browser wrote straight to the
 * bucket, so the bytes are read back and checked here, once.
 */
export async function assertStoredPhoto(ctx: AppContext, url: string): Promise<void> {
  const storage = ctx.storage;
  const key = storage.keyOf(url);
  if (key === null) {
    throw invalidPhoto(
      'Cette adresse n’est pas celle d’une photo envoyée sur le site : utilisez l’envoi de photo.',
    );
  }
  if (storage.kind === 'local') {
    if (!(await storage.exists(key))) throw invalidPhoto('Cette photo n’a pas encore été envoyée.');
    return;
  }
  if (await storage.exists(variantKey(key, 'social'))) return;
  // The pre-signed PUT cannot limit the size: check it before reading anything.
  const size = await storage.sizeOf(key);
  if (size === null) throw invalidPhoto('Cette photo n’a pas encore été envoyée.');
  if (size > MAX_UPLOAD_BYTES) {
    await storage.remove(key);
    throw new AppError('PayloadTooLarge', 'La photo dépasse 10 Mo.');
  }
  const bytes = await storage.read(key);
  if (bytes === null) throw invalidPhoto('Cette photo n’a pas encore été envoyée.');
  try {
    await inspectImage(bytes, TYPE_OF_EXTENSION[key.split('.').pop()!]!);
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
  await writeVariants(storage, key, bytes);
}
