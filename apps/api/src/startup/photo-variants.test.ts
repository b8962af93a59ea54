import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerAccount, type TestAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createEstablishment } from '../../test/factories';
import { publishPhoto } from '../../test/photos';
import { variantKey } from '../adapters/storage/storage';
import { appMeta } from '../db/schema';
import { makeMissingPhotoVariants } from './photo-variants';

let t: TestApp;
let owner: TestAccount;
let placeId: string;

beforeAll(async () => {
  t = await createTestApp();
  placeId = (await createEstablishment(t.db)).id;
  owner = await createOwnerAccount(t, { establishmentId: placeId });
});
afterAll(() => t.close());

const run = (signal = new AbortController().signal) =>
  makeMissingPhotoVariants({ db: t.db, storage: t.app.ctx.storage, log: t.app.log, signal });
const markedDone = async () =>
  (await t.db.select().from(appMeta).where(eq(appMeta.key, 'photo_variants')))[0]?.value ?? null;

describe('makeMissingPhotoVariants', () => {
  it('gives a photo uploaded before a size existed its copy of that size, once', async () => {
    const url = await publishPhoto(t, owner.headers, placeId);
    const key = t.app.ctx.storage.keyOf(url)!;
    // As a photo uploaded before `-medium` was made: without it, and the set of sizes not yet done.
    await t.app.ctx.storage.remove(variantKey(key, 'medium'));
    await t.db.delete(appMeta).where(eq(appMeta.key, 'photo_variants'));

    // Stopped before its first photo (the server closing): nothing made, not marked done.
    const stopped = new AbortController();
    stopped.abort();
    expect(await run(stopped.signal)).toBe(0);
    expect(await t.app.ctx.storage.exists(variantKey(key, 'medium'))).toBe(false);
    expect(await markedDone()).toBeNull();

    expect(await run()).toBe(1);
    const medium = await t.app.inject({ method: 'GET', url: url.replace('.jpg', '-medium.webp') });
    expect(medium.statusCode).toBe(200);
    const meta = await sharp(medium.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 500]);
    expect(await markedDone()).toBe('card,medium,page,social');

    // Done for this set of sizes: a later start reads one row and makes nothing, even if a copy went missing.
    await t.app.ctx.storage.remove(variantKey(key, 'card'));
    expect(await run()).toBe(0);
    expect(await t.app.ctx.storage.exists(variantKey(key, 'card'))).toBe(false);
  });
});
