import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { VARIANTS, variantKey, type PhotoStorage, type VariantName } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import { appMeta, establishments } from '../db/schema';
import { writeVariants } from '../modules/uploads/inspect-image';

/** `app_meta` key: the copies every establishment's photo has had since this last ran to its end. */
const META_KEY = 'photo_variants';
const NAMES = (Object.keys(VARIANTS) as VariantName[]).sort();

/**
 * Makes the resized copies a photo lacks: those of a size added after it was uploaded (`-medium`, issue 32),
 * from the photo itself. Run in the background once the server is ready; done once per set of sizes (the
 * set is written in `app_meta` when every photo has it), so a later start only reads one row. Stopped by
 * `signal` between two photos, it is not marked done and the next start goes on. Answers how many photos
 * were given copies.
 */
export async function makeMissingPhotoVariants(options: {
  db: Db;
  storage: PhotoStorage;
  log: FastifyBaseLogger;
  signal: AbortSignal;
}): Promise<number> {
  const { db, storage, log, signal } = options;
  const wanted = NAMES.join(',');
  const [done] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, META_KEY));
  if (done?.value === wanted) return 0;
  const photos = await db
    .selectDistinct({ url: establishments.photoUrl })
    .from(establishments)
    .where(isNotNull(establishments.photoUrl));
  let made = 0;
  for (const { url } of photos) {
    if (signal.aborted) return made;
    const key = storage.keyOf(url!);
    if (key === null) continue;
    const missing: VariantName[] = [];
    for (const name of NAMES) if (!(await storage.exists(variantKey(key, name)))) missing.push(name);
    if (missing.length === 0) continue;
    const bytes = await storage.read(key);
    if (bytes === null) {
      log.warn({ key }, 'photo of an establishment missing from storage: no resized copies made');
      continue;
    }
    await writeVariants(storage, key, bytes, missing);
    made += 1;
  }
  await db
    .insert(appMeta)
    .values({ key: META_KEY, value: wanted })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: wanted } });
  return made;
}
