import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { photoJpeg, tinyPng } from '../../../test/images';
import { LocalPhotoStorage } from '../../adapters/storage/local-storage';

let t: TestApp;
let admin: TestAccount;
let owner: TestAccount;
let placeId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminAccount(t);
  placeId = (await createEstablishment(t.db)).id;
  owner = await createOwnerAccount(t, { establishmentId: placeId });
});
afterAll(() => t.close());

const prepare = (body: object, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/establishment/prepare-upload', headers, payload: body });
const put = (url: string, bytes: Buffer, contentType: string) =>
  t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: bytes });

describe('POST /api/establishment/prepare-upload', () => {
  it('gives an owner an upload address and the future photo address', async () => {
    const response = await prepare({ contentType: 'image/jpeg', size: 123_456 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.uploadUrl).toMatch(
      /^\/api\/uploads\/[0-9a-f-]{36}\.jpg\?type=image%2Fjpeg&size=123456&expires=\d+&signature=/,
    );
    expect(body.url).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('refuses other types with 415 and files over 10 MB with 413', async () => {
    const type = await prepare({ contentType: 'application/pdf', size: 1000 });
    expect(type.statusCode).toBe(415);
    expect(type.json().code).toBe('UnsupportedMediaType');
    const size = await prepare({ contentType: 'image/png', size: 10 * 1024 * 1024 + 1 });
    expect(size.statusCode).toBe(413);
    expect(size.json().code).toBe('PayloadTooLarge');
  });

  it('refuses an owner without an establishment', async () => {
    const lonely = await createOwnerAccount(t);
    expect((await prepare({ contentType: 'image/png', size: 1000 }, lonely.headers)).statusCode).toBe(403);
    expect((await prepare({ contentType: 'image/png', size: 1000 }, {})).statusCode).toBe(401);
  });
});

describe('PUT /api/uploads/{key} and /media/', () => {
  it('stores a real JPEG, makes its WebP copies and serves them with long cache headers', async () => {
    const jpeg = await photoJpeg(1600, 1000);
    const { uploadUrl, url } = (await prepare({ contentType: 'image/jpeg', size: jpeg.length })).json();
    const upload = await put(uploadUrl, jpeg, 'image/jpeg');
    expect(upload.statusCode).toBe(204);

    const original = await t.app.inject({ method: 'GET', url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.rawPayload.equals(jpeg)).toBe(true);

    const sizes: Record<string, [number, number]> = {
      card: [480, 300],
      medium: [800, 500],
      page: [1200, 750],
      social: [1200, 630],
    };
    for (const [variant, [width, height]] of Object.entries(sizes)) {
      const response = await t.app.inject({ method: 'GET', url: url.replace('.jpg', `-${variant}.webp`) });
      expect(response.statusCode, variant).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }

    // Then the establishment takes it; a new photo is not shared yet.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/establishment/${placeId}`,
      headers: owner.headers,
      payload: { photo: { url } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().photo).toEqual({ url, isFacebookShared: false });
  });

  it('refuses a renamed text file sent as image/png with 415, and keeps nothing', async () => {
    const text = Buffer.from('Ceci est un fichier texte, pas une image.\n'.repeat(20));
    const { uploadUrl, url } = (await prepare({ contentType: 'image/png', size: text.length })).json();
    const response = await put(uploadUrl, text, 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UnsupportedMediaType');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a PNG header followed by garbage, and a JPEG announced as PNG', async () => {
    const png = await tinyPng();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const a = (await prepare({ contentType: 'image/png', size: broken.length })).json();
    expect((await put(a.uploadUrl, broken, 'image/png')).statusCode).toBe(415);
    const jpeg = await photoJpeg(64, 64);
    const b = (await prepare({ contentType: 'image/png', size: jpeg.length })).json();
    expect((await put(b.uploadUrl, jpeg, 'image/png')).statusCode).toBe(415);
  });

  it('refuses a content type other than the one signed, a bad signature, an expired address and a second use', async () => {
    const png = await tinyPng();
    const { uploadUrl } = (await prepare({ contentType: 'image/png', size: png.length })).json();
    expect((await put(uploadUrl, png, 'image/jpeg')).statusCode).toBe(415);
    expect((await put(uploadUrl, png, 'text/plain')).statusCode).toBe(415);
    const forged = uploadUrl.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await put(forged, png, 'image/png')).statusCode).toBe(403);
    const otherSize = uploadUrl.replace(/size=\d+/, 'size=99');
    expect((await put(otherSize, png, 'image/png')).statusCode).toBe(403);
    expect((await put(uploadUrl, png, 'image/png')).statusCode).toBe(204);
    const again = await put(uploadUrl, png, 'image/png');
    expect(again.statusCode).toBe(403);

    // An address this server signed an hour ago (the same secret, a clock an hour behind).
    const anHourAgo = new LocalPhotoStorage({
      dataDir: t.config.dataDir,
      secret: t.config.jwtSecret!,
      publicUrl: t.config.publicUrl,
      clock: () => new Date(t.app.ctx.clock().getTime() - 60 * 60 * 1000),
    });
    const old = await anHourAgo.prepareUpload({ contentType: 'image/png', size: png.length });
    const expired = await put(old.uploadUrl, png, 'image/png');
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toContain('expiré');
  });

  it('refuses a body larger than announced, or than 10 MB, with 413', async () => {
    const png = await tinyPng();
    const { uploadUrl } = (await prepare({ contentType: 'image/png', size: 10 })).json();
    expect((await put(uploadUrl, png, 'image/png')).statusCode).toBe(413);
    const big = (await prepare({ contentType: 'image/png', size: 10 * 1024 * 1024 })).json();
    const response = await put(big.uploadUrl, Buffer.alloc(10 * 1024 * 1024 + 1), 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PayloadTooLarge');
  });

  it('answers 404 for a media name that is not one of ours, without touching the disk', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'photo.webp', '11111111-1111-1111-1111-111111111111.png']) {
      expect((await t.app.inject({ method: 'GET', url: `/media/${name}` })).statusCode).toBe(404);
    }
    const files = await readdir(path.join(t.config.dataDir, 'uploads'));
    expect(
      files.every((f) => /^[0-9a-f-]{36}(\.(jpg|png|webp)|-(card|medium|page|social)\.webp)$/.test(f)),
    ).toBe(true);
  });

  it('lets an admin prepare uploads too, not an admin who may only read', async () => {
    expect((await prepare({ contentType: 'image/webp', size: 1000 }, admin.headers)).statusCode).toBe(200);
    const reader = await createAdminAccount(t, {
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    expect((await prepare({ contentType: 'image/webp', size: 1000 }, reader.headers)).statusCode).toBe(403);
  });
});
