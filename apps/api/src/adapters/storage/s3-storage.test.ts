import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { photoJpeg } from '../../../test/images';
import { startLocalS3 } from '../../../test/s3';

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  s3 = await startLocalS3('tables-voisines');
  t = await createTestApp({ env: s3.env });
  admin = await createAdminAccount(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function upload(
  contentType: string,
  bytes: Buffer,
  declaredSize = bytes.length,
  account: TestAccount = admin,
) {
  const prepared = await t.app.inject({
    method: 'POST',
    url: '/api/establishment/prepare-upload',
    headers: account.headers,
    payload: { contentType, size: declaredSize },
  });
  expect(prepared.statusCode).toBe(200);
  const { uploadUrl, url } = prepared.json() as { uploadUrl: string; url: string };
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  expect(put.status).toBe(200);
  return url;
}

const attach = (id: string, url: string, account: TestAccount = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/establishment/${id}`,
    headers: account.headers,
    payload: { photo: { url } },
  });

describe('S3-compatible storage', () => {
  it('gives a pre-signed PUT address, then checks the photo and writes its copies to the bucket', async () => {
    const jpeg = await photoJpeg(1300, 900);
    const url = await upload('image/jpeg', jpeg);
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/tables-voisines/photos/[0-9a-f-]{36}\\.jpg$`));
    const place = await createEstablishment(t.db);
    const response = await attach(place.id, url);
    expect(response.statusCode).toBe(200);
    expect(response.json().photo).toEqual({ url, isFacebookShared: false });

    const social = await fetch(url.replace(/\.jpg$/, '-social.webp'));
    expect(social.status).toBe(200);
    const meta = await sharp(Buffer.from(await social.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 630]);
    const card = await fetch(url.replace(/\.jpg$/, '-card.webp'));
    expect(card.status).toBe(200);
  });

  it('refuses a text file uploaded as a PNG with 415 and deletes it from the bucket', async () => {
    const url = await upload('image/png', Buffer.from('Juste du texte, renommé en .png'));
    const place = await createEstablishment(t.db);
    const response = await attach(place.id, url);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UnsupportedMediaType');
    expect((await fetch(url)).status).toBe(404);
  });

  it('refuses with 413 a file over 10 MB that was pushed to the pre-signed address anyway', async () => {
    const url = await upload('image/png', Buffer.alloc(10 * 1024 * 1024 + 1), 1000);
    const place = await createEstablishment(t.db);
    const response = await attach(place.id, url);
    expect(response.statusCode).toBe(413);
    expect((await fetch(url)).status).toBe(404);
  });

  it('lets only the owner who prepared an upload attach it, before reading it from the bucket', async () => {
    const placeA = await createEstablishment(t.db);
    const placeB = await createEstablishment(t.db);
    const alice = await createOwnerAccount(t, { establishmentId: placeA.id });
    const bruno = await createOwnerAccount(t, { establishmentId: placeB.id });
    const brunos = await upload('image/jpeg', await photoJpeg(900, 600), undefined, bruno);
    const taken = await attach(placeA.id, brunos, alice);
    expect(taken.statusCode).toBe(403);
    expect(taken.json().code).toBe('Forbidden');
    // Refused before the server checked the photo: it has no copies yet.
    expect((await fetch(brunos.replace(/\.jpg$/, '-card.webp'))).status).toBe(404);
    expect((await attach(placeB.id, brunos, bruno)).statusCode).toBe(200);
    expect((await attach(placeA.id, brunos, alice)).statusCode).toBe(403);
  });

  it('refuses a photo address of the bucket that was never uploaded', async () => {
    const place = await createEstablishment(t.db);
    const never = `${s3.endpoint}/tables-voisines/photos/0b7c2f7e-4d7a-4f5e-9a59-3c1d2e3f4a5b.jpg`;
    expect((await attach(place.id, never)).statusCode).toBe(400);
  });

  it('has no local upload or media route in this mode', async () => {
    const media = await t.app.inject({
      method: 'GET',
      url: '/media/0b7c2f7e-4d7a-4f5e-9a59-3c1d2e3f4a5b.jpg',
    });
    expect(media.statusCode).toBe(404);
  });
});
