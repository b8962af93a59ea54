/*
 * Writing establishments through the API: create, opening hours, read, change, delete, history, groups and
 * the admins' list. Its size (over 400 lines) is those eight calls and their 22 rules (permissions, page
 * addresses, validation), against one app and database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  createCategory,
  createEstablishment,
  createGroup,
  disableEstablishment,
} from '../../../test/factories';
import { deleteEstablishment } from '../../../test/requests';
import { establishments } from '../../db/schema';

let t: TestApp;
let admin: TestAccount;
let reader: TestAccount;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminAccount(t);
  reader = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'establishment' }] });
  categoryId = (await createCategory(t.db, 'Crêpes', 'Crepes')).id;
});
afterAll(() => t.close());

const newPlace = (overrides: Record<string, unknown> = {}) => ({
  kind: 'restaurant',
  name: 'Le Petit Zinc',
  venueType: 'brasserie',
  address: { street: '3 rue Mercière', postcode: '69002', town: 'Lyon' },
  location: { latitude: 45.7634, longitude: 4.8328 },
  ...overrides,
});

const create = (body: object, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/establishment/', headers, payload: body });
const patch = (id: string, body: object, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/establishment/${id}`, headers, payload: body });
const history = (id: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/establishment/${id}/history`, headers });

describe('POST /api/establishment/', () => {
  it('creates an establishment with a generated uri and a claim code only admins see', async () => {
    const version = t.app.ctx.dataVersion.value;
    const response = await create(
      newPlace({ name: "L'Atelier (Chez Toto)", address: { town: 'Saint-Étienne' } }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      uri: "l'atelier-(chez-toto)-a-saint-étienne",
      kind: 'restaurant',
      name: "L'Atelier (Chez Toto)",
      venueType: 'brasserie',
      description: null,
      address: { street: null, postcode: null, town: 'Saint-Étienne' },
      openingHours: [],
      categories: [],
      photo: null,
      restaurantOwner: null,
      disabled: false,
    });
    expect(body.claimCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(t.app.ctx.dataVersion.value).toBeGreaterThan(version);

    const owner = await createOwnerAccount(t, { establishmentId: body.id });
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${body.id}`,
      headers: owner.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).not.toHaveProperty('claimCode');
    expect(own.json().restaurantOwner).toBe(owner.id);
  });

  it('adds -2, -3... to a uri already taken, across both kinds', async () => {
    const first = (await create(newPlace({ name: 'Bar / Tabac' }))).json();
    const second = (await create(newPlace({ name: 'Bar  Tabac', kind: 'remplisvert' }))).json();
    const third = (await create(newPlace({ name: 'Bar / Tabac' }))).json();
    expect([first.uri, second.uri, third.uri]).toEqual([
      'bar-tabac-a-lyon',
      'bar-tabac-a-lyon-2',
      'bar-tabac-a-lyon-3',
    ]);
  });

  it('gives 20 distinct uris to 20 simultaneous creates of the same name and town', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        create(newPlace({ name: 'Chez Simultané', address: { town: 'Nantes' } })),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const uris = responses.map((r) => r.json().uri as string);
    expect(new Set(uris).size).toBe(20);
    expect(uris.sort()).toEqual(
      [
        'chez-simultané-a-nantes',
        ...Array.from({ length: 19 }, (_, i) => `chez-simultané-a-nantes-${i + 2}`),
      ].sort(),
    );
  });

  it('keeps a uri given by an admin, and refuses one already used with 409 UriAlreadyUsed', async () => {
    const ok = await create(newPlace({ uri: 'le-zinc-de-la-croix-rousse' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().uri).toBe('le-zinc-de-la-croix-rousse');
    const taken = await create(newPlace({ uri: 'le-zinc-de-la-croix-rousse' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('UriAlreadyUsed');
  });

  it('refuses an unknown category (400) and an unknown owner (404)', async () => {
    const category = await create(newPlace({ categories: ['11111111-1111-1111-1111-111111111111'] }));
    expect(category.statusCode).toBe(400);
    expect(category.json().details).toEqual([{ path: 'categories.0', message: 'Catégorie inconnue.' }]);
    const owner = await create(newPlace({ restaurantOwner: '11111111-1111-1111-1111-111111111111' }));
    expect(owner.statusCode).toBe(404);
  });

  it('refuses owners and admins without the create permission', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    expect((await create(newPlace(), owner.headers)).statusCode).toBe(403);
    expect((await create(newPlace(), reader.headers)).statusCode).toBe(403);
    expect((await create(newPlace())).statusCode).toBe(201);
  });

  it('validates the body before anything else', async () => {
    const response = await create({ ...newPlace(), location: { latitude: 91, longitude: 0 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('location.latitude');
  });
});

describe('opening hours', () => {
  const overlapping = [
    { day: 1, opens: '12:00', closes: '14:00' },
    { day: 1, opens: '13:00', closes: '22:00' },
  ];

  it('refuses ranges of a day that overlap, to admins and owners, with the message on the later one', async () => {
    const created = await create(newPlace({ openingHours: overlapping }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      code: 'ValidationError',
      details: [
        { path: 'openingHours.1.opens', message: 'Cette plage chevauche une autre plage du même jour.' },
      ],
    });

    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const patched = await patch(
      place.id,
      {
        openingHours: [
          { day: 5, opens: '19:00', closes: '02:00' },
          { day: 6, opens: '01:00', closes: '03:00' },
        ],
      },
      owner.headers,
    );
    expect(patched.statusCode).toBe(400);
    expect(patched.json().details).toEqual([
      {
        path: 'openingHours.1.opens',
        message: 'Cette plage chevauche celle de la veille, qui se poursuit après minuit.',
      },
    ]);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}`,
      headers: admin.headers,
    });
    expect(unchanged.json().openingHours).toEqual([{ day: 1, opens: '12:00', closes: '14:30' }]);
  });

  it('accepts ranges that only touch, and still answers hours stored before the rule', async () => {
    const created = await create(
      newPlace({
        openingHours: [
          { day: 1, opens: '12:00', closes: '14:00' },
          { day: 1, opens: '14:00', closes: '02:00' },
          { day: 2, opens: '02:00', closes: '03:00' },
        ],
      }),
    );
    expect(created.statusCode).toBe(201);

    const stored = await createEstablishment(t.db, { openingHours: overlapping });
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${stored.id}`,
      headers: admin.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().openingHours).toEqual(overlapping);
  });
});

describe('GET /api/establishment/{id}', () => {
  it('answers 404 for an unknown id to an admin, 403 to an owner of another establishment', async () => {
    const unknown = '11111111-1111-1111-1111-111111111111';
    const other = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: (await createEstablishment(t.db)).id });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/establishment/${unknown}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${other.id}`,
      headers: owner.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('Forbidden');
  });
});

describe('PATCH /api/establishment/{id}', () => {
  it('lets an owner change the fields it may edit on its own establishment, and records who did it', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Comptoir', town: 'Lyon' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const response = await patch(
      place.id,
      {
        description: 'Cuisine du marché, produits de saison.',
        phone: '04 78 00 00 00',
        openingHours: [{ day: 2, opens: '12:00', closes: '14:00' }],
        priceRange: '€€',
        categories: [categoryId],
      },
      owner.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      description: 'Cuisine du marché, produits de saison.',
      phone: '04 78 00 00 00',
      priceRange: '€€',
      categories: [categoryId],
      uri: place.uri,
    });
    expect(response.json()).not.toHaveProperty('claimCode');

    const entries = (await history(place.id, owner.headers)).json();
    expect(entries[0]).toMatchObject({
      action: 'update',
      actor: { role: 'restaurant-owner', id: owner.id, name: owner.email },
    });
    expect(entries[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'description', from: null, to: 'Cuisine du marché, produits de saison.' },
        { field: 'priceRange', from: null, to: '€€' },
        { field: 'categories', from: [], to: [categoryId] },
      ]),
    );
  });

  it('refuses an owner the uri, the visibility and the owner link, and any other establishment', async () => {
    const place = await createEstablishment(t.db);
    const other = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    for (const body of [
      { uri: 'mon-adresse' },
      { disabled: true },
      { restaurantOwner: null },
      { kind: 'remplisvert' },
    ]) {
      const response = await patch(place.id, body, owner.headers);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect((await patch(other.id, { description: 'Valide' }, owner.headers)).statusCode).toBe(403);
    // Validation first: an invalid body is a 400 even for someone else's establishment.
    expect((await patch(other.id, { email: 'pas-une-adresse' }, owner.headers)).statusCode).toBe(400);
  });

  it('tells an owner who has not confirmed its address', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id, confirmed: false });
    const response = await patch(place.id, { description: 'Bientôt' }, owner.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('AccountNotConfirmed');
  });

  it('lets an admin change the uri (409 when taken), and never rewrites it when the name changes', async () => {
    const a = await createEstablishment(t.db, { name: 'Chez Alice', town: 'Dijon' });
    const b = await createEstablishment(t.db, { name: 'Chez Bob', town: 'Dijon' });
    const renamed = await patch(a.id, { name: 'Chez Alice et Bruno', address: { town: 'Beaune' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      uri: a.uri,
      name: 'Chez Alice et Bruno',
      address: { town: 'Beaune', street: a.street },
    });
    const found = await t.app.inject({ method: 'GET', url: '/api/establishments/?q=bruno' });
    expect(found.json().map((e: { id: string }) => e.id)).toEqual([a.id]);

    const taken = await patch(a.id, { uri: b.uri });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('UriAlreadyUsed');
    const moved = await patch(a.id, { uri: 'chez-alice-a-beaune', disabled: true });
    expect(moved.json()).toMatchObject({ uri: 'chez-alice-a-beaune', disabled: true });
  });

  it('moves an owner from its previous establishment when an admin links it, and says so in both histories', async () => {
    const before = await createEstablishment(t.db);
    const after = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: before.id });
    const response = await patch(after.id, { restaurantOwner: owner.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().restaurantOwner).toBe(owner.id);
    const [previous] = await t.db.select().from(establishments).where(eq(establishments.id, before.id));
    expect(previous!.ownerId).toBeNull();
    const ownerValue = { id: owner.id, email: owner.email };
    // The owner taken from its page, and that page's claim code renewed (its value never kept).
    const previousHistory = (await history(before.id)).json() as { action: string; changes: unknown[] }[];
    expect(previousHistory.find((h) => h.action === 'unlink')).toMatchObject({
      changes: [{ field: 'restaurantOwner', from: ownerValue, to: null }],
    });
    expect(previousHistory.find((h) => h.action === 'update')).toMatchObject({
      changes: [{ field: 'claimCode', from: null, to: null }],
    });
    expect((await history(after.id)).json()[0]).toMatchObject({
      action: 'link',
      changes: [{ field: 'restaurantOwner', from: null, to: ownerValue }],
    });
    // The `/api/user...` naming of the same field.
    const unlinked = await patch(after.id, { user: null });
    expect(unlinked.json().restaurantOwner).toBeNull();
  });

  it('refuses a photo address that was not uploaded here', async () => {
    const place = await createEstablishment(t.db);
    const response = await patch(place.id, { photo: { url: 'https://exemple.fr/photo.jpg' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('photo.url');
    expect((await patch(place.id, { photo: null })).json().photo).toBeNull();
  });

  it('answers 404 for an unknown establishment', async () => {
    expect((await patch('11111111-1111-1111-1111-111111111111', { description: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/establishment/{id}', () => {
  it('deletes it, hides it everywhere and keeps its history for admins', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    expect((await deleteEstablishment(t, place.id, owner.headers)).statusCode).toBe(403);
    const response = await deleteEstablishment(t, place.id, admin.headers);
    expect(response.statusCode).toBe(204);
    // Gone, not unknown: its addresses and id answer 410 for ever (decision 0070).
    expect((await t.app.inject({ method: 'GET', url: `/establishment/${place.id}/public` })).statusCode).toBe(
      410,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/establishment/${place.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
    const entries = (await history(place.id)).json();
    expect(entries[0]).toMatchObject({ action: 'delete', actor: { role: 'admin', id: admin.id } });
    expect(entries[0].changes).toEqual(
      expect.arrayContaining([{ field: 'name', from: place.name, to: null }]),
    );
    expect((await deleteEstablishment(t, place.id, admin.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/establishment/{id}/history', () => {
  it('lists changes newest first, never with the claim code', async () => {
    const created = (await create(newPlace({ name: 'Histoire de Goût' }))).json();
    await patch(created.id, { website: 'www.histoire-de-gout.fr' });
    const response = await history(created.id, reader.headers);
    expect(response.statusCode).toBe(200);
    const entries = response.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(entries[0].changes).toEqual([
      { field: 'website', from: null, to: 'https://www.histoire-de-gout.fr' },
    ]);
    expect(JSON.stringify(entries)).not.toContain(created.claimCode);
  });

  it('answers 404 for an establishment that never existed', async () => {
    expect((await history('11111111-1111-1111-1111-111111111111')).statusCode).toBe(404);
  });
});

describe('GET /api/establishment/{id}/groups', () => {
  it('lists the groups whose circle contains the establishment', async () => {
    const place = await createEstablishment(t.db, { latitude: 47.2184, longitude: -1.5536 });
    const nantes = await createGroup(t.db, {
      name: 'Collectif nantais',
      latitude: 47.22,
      longitude: -1.55,
      radiusKm: 5,
    });
    await createGroup(t.db, { name: 'Collectif angevin', latitude: 47.47, longitude: -0.55, radiusKm: 5 });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}/groups`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: nantes.id, name: 'Collectif nantais', latitude: 47.22, longitude: -1.55, radius: 5 },
    ]);
  });
});

describe('GET /api/establishments/ for admins', () => {
  it('adds the disabled establishments with withDisabled=true', async () => {
    const hidden = await createEstablishment(t.db, { name: 'Zinc Fermé' });
    await disableEstablishment(t.db, hidden.id);
    const ids = (headers: Record<string, string>, query: string) =>
      t.app
        .inject({ method: 'GET', url: `/api/establishments/${query}`, headers })
        .then((r) => r.json().map((e: { id: string }) => e.id));
    expect(await ids(admin.headers, '?withDisabled=true&q=zinc%20ferme')).toEqual([hidden.id]);
    expect(await ids(admin.headers, '?q=zinc%20ferme')).toEqual([]);
  });
});
