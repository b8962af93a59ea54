import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment, disableEstablishment } from '../../../test/factories';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const crepes = await createCategory(t.db, 'Crêpes', 'Crepes');
  ids.creperie = (
    await createEstablishment(t.db, {
      name: 'Crêperie du Vieux Port',
      town: 'Marseille',
      venueType: 'creperie',
      categoryIds: [crepes.id],
      photoUrl: '/media/photo.webp',
    })
  ).id;
  ids.atelier = (
    await createEstablishment(t.db, { name: "L'Atelier (Chez Toto)", town: 'Saint-Étienne' })
  ).id;
  ids.pourquoi = (
    await createEstablishment(t.db, { name: 'Pourquoi Pas ?', town: 'Lyon', kind: 'remplisvert' })
  ).id;
  ids.hidden = (await createEstablishment(t.db, { name: 'Bar Fermé', town: 'Lyon' })).id;
  await disableEstablishment(t.db, ids.hidden);
});

afterAll(() => t.close());

const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/establishments/${query}` });

describe('GET /api/establishments/', () => {
  it('lists the enabled establishments in their public view', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((e: { id: string }) => e.id).sort()).toEqual(
      [ids.creperie, ids.atelier, ids.pourquoi].sort(),
    );
    const creperie = body.find((e: { id: string }) => e.id === ids.creperie);
    expect(creperie).toMatchObject({
      uri: 'crêperie-du-vieux-port-a-marseille',
      kind: 'restaurant',
      venueType: 'creperie',
      address: { street: '1 place Bellecour', postcode: '69002', town: 'Marseille' },
      location: { latitude: 45.764, longitude: 4.8357 },
      photo: { url: '/media/photo.webp', isFacebookShared: false },
    });
    expect(creperie.categories).toHaveLength(1);
    for (const secret of ['claimCode', 'disabled', 'restaurantOwner', 'user', 'searchText']) {
      expect(creperie).not.toHaveProperty(secret);
    }
  });

  it('hides a disabled establishment even when withDisabled=true is asked without an admin token', async () => {
    const body = (await list('?withDisabled=true')).json();
    expect(body.map((e: { id: string }) => e.id)).not.toContain(ids.hidden);
  });

  it('answers one page with the total in X-Total-Count', async () => {
    const response = await list('?page=2&perPage=2&sort=name&order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.json().map((e: { name: string }) => e.name)).toEqual(['Pourquoi Pas ?']);
  });

  it('finds establishments by name or town, ignoring case and accents', async () => {
    const byName = (await list('?q=CREPERIE')).json();
    expect(byName.map((e: { id: string }) => e.id)).toEqual([ids.creperie]);
    const byTown = (await list(`?q=${encodeURIComponent('saint-etienne')}`)).json();
    expect(byTown.map((e: { id: string }) => e.id)).toEqual([ids.atelier]);
    const literal = (await list('?q=%25')).json();
    expect(literal).toEqual([]);
  });

  it('sorts in both directions', async () => {
    const asc = (await list('?sort=name&order=asc')).json().map((e: { name: string }) => e.name);
    const desc = (await list('?sort=name&order=desc')).json().map((e: { name: string }) => e.name);
    expect(asc).toEqual(['Crêperie du Vieux Port', "L'Atelier (Chez Toto)", 'Pourquoi Pas ?']);
    expect(desc).toEqual([...asc].reverse());
  });

  it.each([
    ['page=abc', 'page'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['perPage=100000&page=1', 'perPage'],
    ['sort=password', 'sort'],
    ['order=up', 'order'],
    ['withDisabled=maybe', 'withDisabled'],
    [`q=${'x'.repeat(5000)}`, 'q'],
  ])('refuses the query %s with a 400 naming the field', async (query, field) => {
    const response = await list(`?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('ValidationError');
    expect(body.message).toMatch(/invalides/);
    expect(body.details.map((d: { path: string }) => d.path)).toContain(field);
  });
});

describe('GET /establishment/{id}/public', () => {
  it('answers by id and by uri, whether the uri is percent-encoded or not', async () => {
    const byId = await t.app.inject({ method: 'GET', url: `/establishment/${ids.atelier}/public` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().uri).toBe("l'atelier-(chez-toto)-a-saint-étienne");
    const encoded = await t.app.inject({
      method: 'GET',
      url: `/establishment/${encodeURIComponent("l'atelier-(chez-toto)-a-saint-étienne")}/public`,
    });
    expect(encoded.json().id).toBe(ids.atelier);
    const question = await t.app.inject({
      method: 'GET',
      url: `/establishment/${encodeURIComponent('pourquoi-pas-?-a-lyon')}/public`,
    });
    expect(question.statusCode).toBe(200);
    expect(question.json()).toMatchObject({ id: ids.pourquoi, kind: 'remplisvert', photo: null });
  });

  it('answers 404 for a disabled establishment, an unknown uri and an unknown id', async () => {
    for (const id of [ids.hidden, 'nulle-part-a-lyon', '11111111-1111-1111-1111-111111111111']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/establishment/${encodeURIComponent(id!)}/public`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NotFound', message: expect.stringMatching(/établissement/) });
    }
  });

  it('answers 404, not 500, for path traversal and oversized ids', async () => {
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '%00', 'x'.repeat(280)]) {
      const response = await t.app.inject({ method: 'GET', url: `/establishment/${id}/public` });
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json().code).toMatch(/NotFound|ValidationError/);
    }
  });
});
