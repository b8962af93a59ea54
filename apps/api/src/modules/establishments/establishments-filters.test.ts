import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createEstablishment, disableEstablishment } from '../../../test/factories';

let t: TestApp;
let admin: TestAccount;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'establishment' }] });
  const claimed = await createEstablishment(t.db, { name: 'La Grange', town: 'Saint-Étienne' });
  ownerId = (await createOwnerAccount(t, { establishmentId: claimed.id })).id;
  await createEstablishment(t.db, { name: 'Le Comptoir', town: 'Lyon', venueType: 'bar' });
  await createEstablishment(t.db, {
    name: 'Les Jardins',
    town: 'Œuilly',
    kind: 'remplisvert',
    venueType: 'bar',
  });
  await createEstablishment(t.db, { name: 'Chez Étienne', town: 'Paris' });
  const hidden = await createEstablishment(t.db, { name: 'Le Fermé', town: 'Saint-Étienne' });
  await disableEstablishment(t.db, hidden.id);
});
afterAll(() => t.close());

async function names(query: string, headers: Record<string, string> = {}) {
  const answer = await t.app.inject({ method: 'GET', url: `/api/establishments/?${query}`, headers });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { name: string }[]).map((e) => e.name).sort();
}

describe('GET /api/establishments/ filters', () => {
  it('filters by kind and venue type, for everyone', async () => {
    expect(await names('kind=remplisvert')).toEqual(['Les Jardins']);
    expect(await names('venueType=bar')).toEqual(['Le Comptoir', 'Les Jardins']);
    expect(await names('kind=restaurant&venueType=bar')).toEqual(['Le Comptoir']);
    // The cached public list keeps one answer per filter.
    expect(await names('')).toEqual(['Chez Étienne', 'La Grange', 'Le Comptoir', 'Les Jardins']);
  });

  it('finds a part of the town ignoring case, accents and ligatures, and not in the name', async () => {
    expect(await names('town=etienne')).toEqual(['La Grange']);
    expect(await names('town=SAINT-ÉTIENNE')).toEqual(['La Grange']);
    expect(await names('town=oeuil')).toEqual(['Les Jardins']);
    expect(await names('town=%C5%92uilly')).toEqual(['Les Jardins']);
  });

  it('lets an admin filter by disabled state and by owner, paged with the total', async () => {
    expect(await names('withDisabled=true&disabled=true', admin.headers)).toEqual(['Le Fermé']);
    expect(await names('withDisabled=true&town=etienne', admin.headers)).toEqual(['La Grange', 'Le Fermé']);
    expect(await names('restaurantOwner=any', admin.headers)).toEqual(['La Grange']);
    expect(await names(`restaurantOwner=${ownerId}`, admin.headers)).toEqual(['La Grange']);
    expect(await names('restaurantOwner=none&venueType=bar', admin.headers)).toEqual([
      'Le Comptoir',
      'Les Jardins',
    ]);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/establishments/?withDisabled=true&restaurantOwner=none&page=1&perPage=2&sort=name',
      headers: admin.headers,
    });
    expect(page.headers['x-total-count']).toBe('4');
    expect((page.json() as { name: string }[]).map((e) => e.name)).toEqual(['Chez Étienne', 'Le Comptoir']);
  });

  it('sorts by town as French does: accents and ligatures with their letters, not after z', async () => {
    const inOrder = async (order: string) =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/establishments/?sort=town&order=${order}` })
        ).json() as {
          address: { town: string };
        }[]
      ).map((e) => e.address.town);
    expect(await inOrder('asc')).toEqual(['Lyon', 'Œuilly', 'Paris', 'Saint-Étienne']);
    expect(await inOrder('desc')).toEqual(['Saint-Étienne', 'Paris', 'Œuilly', 'Lyon']);
  });

  it('ignores the admin-only filters for other callers, as it does withDisabled', async () => {
    expect(await names('restaurantOwner=any')).toEqual(await names(''));
    expect(await names('withDisabled=true&disabled=true')).toEqual(await names(''));
  });

  it('refuses unknown values with a French message', async () => {
    for (const query of [
      'kind=bistrot',
      'venueType=cantine',
      'restaurantOwner=quelqu-un',
      `town=${'x'.repeat(101)}`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/establishments/?${query}` });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'ValidationError' });
    }
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/establishments/?restaurantOwner=quelqu-un',
    });
    expect(owner.json().details).toEqual([
      expect.objectContaining({ message: 'Propriétaire : « none », « any » ou un identifiant est attendu.' }),
    ]);
  });
});
