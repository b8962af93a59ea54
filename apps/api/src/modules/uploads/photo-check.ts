import { AppError } from '@tables-voisines/contract/errors';
import { MAX_UPLOAD_BYTES } from '@tables-voisines/contract/schemas/establishment';
import { isPhotoKeyOf, TYPE_OF_EXTENSION, variantKey } from '../../adapters/storage/storage';
import type { AppContext } from '../../context';
import type { Actor } from '../history/history';
import { inspectImage, writeVariants } from './inspect-image';

const invalidPhoto = (message: string) =>
  new AppError('ValidationError', message, [{ path: 'photo.url', message }]);

/**
 * A photo given to an establishment must be one uploaded through `prepare-upload`, by the account that
 * attaches it: an owner cannot take the photo another account prepared (or put on its page), an admin may
 * attach any (`createAccountPhotoKey`). The establishment's current photo is not checked again (callers
 * skip an unchanged address), so photos attached before keys said their account stay. On local storage the
 * upload itself checked the bytes and made the resized copies; with S3 the browser wrote straight to the
 * bucket, so the bytes are read back and checked here, once.
 */
export async function assertStoredPhoto(ctx: AppContext, url: string, actor: Actor): Promise<void> {
  const storage = ctx.storage;
  const key = storage.keyOf(url);
  if (key === null) {
    throw invalidPhoto(
      'Cette adresse n’est pas celle d’une photo envoyée sur le site : utilisez l’envoi de photo.',
    );
  }
  // Before anything is read: whether the photo exists is none of another account's business.
  if (
    actor.role === 'restaurant-owner' &&
    (actor.id === null || !isPhotoKeyOf(ctx.config.jwtSecret!, key, { role: actor.role, id: actor.id }))
  ) {
    throw new AppError(
      'Forbidden',
      'Cette photo a été envoyée depuis un autre compte : envoyez-la depuis le vôtre.',
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
