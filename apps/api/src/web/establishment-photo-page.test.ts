import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminAccount, type TestAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createEstablishment } from '../../test/factories';
import { photoJpeg } from '../../test/images';

let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: true });
  admin = await createAdminAccount(t);
});
afterAll(() => t.close());

it('shows an uploaded photo through its resized copies, and shares the 1200×630 one', async () => {
  const place = await createEstablishment(t.db, { name: 'La Table Photogénique', town: 'Nantes' });
  const jpeg = await photoJpeg(1600, 1000);
  const prepared = await t.app.inject({
    method: 'POST',
    url: '/api/establishment/prepare-upload',
    headers: admin.headers,
    payload: { contentType: 'image/jpeg', size: jpeg.length },
  });
  const { uploadUrl, url } = prepared.json();
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: uploadUrl,
        headers: { 'content-type': 'image/jpeg' },
        payload: jpeg,
      })
    ).statusCode,
  ).toBe(204);
  const patched = await t.app.inject({
    method: 'PATCH',
    url: `/api/establishment/${place.id}`,
    headers: admin.headers,
    payload: { photo: { url } },
  });
  expect(patched.statusCode).toBe(200);

  const page = await t.app.inject({ method: 'GET', url: `/restaurant/${encodeURIComponent(place.uri)}` });
  expect(page.statusCode).toBe(200);
  const base = url.replace(/\.jpg$/, '');
  const img =
    /<img[^>]*alt="La Table Photogénique : photo de l’établissement"[^>]*>/.exec(page.body)?.[0] ?? '';
  expect(img).toContain(`srcSet="${base}-card.webp 480w, ${base}-medium.webp 800w, ${base}-page.webp 1200w"`);
  expect(img).toContain(`src="${base}-page.webp"`);
  expect(page.body).toMatch(new RegExp(`property="og:image" content="[^"]*${base}-social\\.webp"`));
  expect(page.body).toContain(
    'property="og:image:alt" content="La Table Photogénique : photo de l’établissement"',
  );
  for (const variant of ['card', 'page', 'social']) {
    const copy = await t.app.inject({ method: 'GET', url: `${base}-${variant}.webp` });
    expect(copy.statusCode, variant).toBe(200);
  }
});
