import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminAccount, type TestAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createEstablishment } from '../../test/factories';
import { deleteEstablishment } from '../../test/requests';

// A place that is no more, as a visitor reads its address (a printed poster's): 410, what happened in words,
// and places nearby with links; never the place's own page, never a bare 404.

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: true });
  admin = await createAdminAccount(t);
});
afterAll(() => t.close());

const visit = (path: string) => t.app.inject({ method: 'GET', url: path });

it('answers a place closed for good with 410 « Ce restaurant a fermé » and its neighbours, at its old address too', async () => {
  const place = await createEstablishment(t.db, {
    name: 'Le Zinc Fermé',
    town: 'Lyon',
    uri: 'le-zinc-ferme',
  });
  const neighbour = await createEstablishment(t.db, {
    name: 'La Voisine',
    town: 'Lyon',
    latitude: 45.765,
    longitude: 4.836,
  });
  const moved = await t.app.inject({
    method: 'PATCH',
    url: `/api/establishment/${place.id}`,
    headers: admin.headers,
    payload: { uri: 'zinc-ferme', closedForGood: true },
  });
  expect(moved.statusCode).toBe(200);
  for (const path of ['/restaurant/zinc-ferme', '/restaurant/le-zinc-ferme']) {
    const page = await visit(path);
    expect(page.statusCode, path).toBe(410);
    expect(page.body).toContain('<h1 class="tv-h1">Ce restaurant a fermé</h1>');
    expect(page.body).toContain('Le Zinc Fermé (Lyon) a fermé définitivement');
    expect(page.body).toContain(`href="/restaurant/${neighbour.uri}"`);
    expect(page.body).toContain('<title>Ce restaurant a fermé — ');
    expect(page.body).not.toContain('application/ld+json');
  }
});

it('answers a deleted page with 410 « Cette page n’existe plus », and an unknown one with 404', async () => {
  const place = await createEstablishment(t.db, { name: 'La Disparue', town: 'Lyon' });
  expect((await deleteEstablishment(t, place.id, admin.headers)).statusCode).toBe(204);
  const page = await visit(`/restaurant/${place.uri}`);
  expect(page.statusCode).toBe(410);
  expect(page.body).toContain('<h1 class="tv-h1">Cette page n’existe plus</h1>');
  expect((await visit('/restaurant/jamais-existe-a-lyon')).statusCode).toBe(404);
});
