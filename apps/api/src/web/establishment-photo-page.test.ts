import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminAccount, type TestAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createEstablishment } from '../../test/factories';
import { publishPhoto } from '../../test/photos';

let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: true });
  admin = await createAdminAccount(t);
});
afterAll(() => t.close());

it('shows an uploaded photo through its resized copies, and shares the 1200×630 one', async () => {
  const place = await createEstablishment(t.db, { name: 'La Table Photogénique', town: 'Nantes' });
  const url = await publishPhoto(t, admin.headers, place.id);

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
