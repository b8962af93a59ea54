/*
 * A dish says what is in it (docs/api.md, "Dishes"): written, read, searched, suggested, kept in the history.
 * Its size (over 400 lines) is those five uses of the same dishes, each through the real API and database,
 * with the dishes the tests write and read back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainDish } from '@tables-voisines/contract/test-support/dishes';
import { changeText } from '@tables-voisines/contract/history-text';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createEstablishment, createMenuBoard } from '../../../test/factories';
import { createBoardWriters, type BoardWriters } from '../../../test/menu-board-writers';
import { changeHistory, menuBoardItems } from '../../db/schema';
import { DISH_SUGGESTION_DAYS } from './dish-suggestions.queries';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

let t: TestApp;
let fx: BoardWriters;
// The app's clock, stopped at the file's start: `today` is the server's day, even past midnight in Paris.
const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
const dayOffset = (days: number) => addDays(today, days);
// Far from every other test's establishments: the box sees only this file's boards.
const box = {
  southWest: { latitude: 47.2, longitude: -2.6 },
  northEast: { latitude: 47.4, longitude: -2.4 },
};

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  fx = await createBoardWriters(
    t,
    { name: 'Crêperie du Port', latitude: 47.3, longitude: -2.5 },
    { latitude: 47.31, longitude: -2.51 },
  );
});
afterAll(() => t.close());

const completeDish = () => ({
  name: 'Crêpe complète',
  price: 8.5,
  category: fx.crepes,
  description: '  Jambon, œuf miroir et emmental  ',
  // Any order, twice: stored once each, in the annex's order.
  allergens: ['milk', 'gluten', 'eggs', 'milk'],
  diets: [],
  homemade: true,
  meatOrigin: 'Porc né, élevé et abattu en France',
});
const dishes = () => [
  completeDish(),
  {
    name: 'Galette aux légumes',
    price: 9,
    category: fx.crepes,
    allergens: [],
    diets: ['vegan'],
  },
  // An old client: name, price and category only.
  { name: 'Far breton', price: 4, category: fx.desserts },
];
const publish = (body: object, headers: Record<string, string> = fx.owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/menuboard/', headers, payload: body });
const board = (overrides: Record<string, unknown> = {}) => ({
  establishment: fx.placeId,
  title: 'Ardoise du midi',
  date: today,
  items: dishes(),
  ...overrides,
});
const surrounding = (filters: object) =>
  t.app.inject({ method: 'POST', url: '/menuboards/surrounding', payload: { ...box, ...filters } });

describe('a dish says what is in it', () => {
  let boardId: string;

  it('is written and read with every field, lists stored once each in order, vegan dishes vegetarian too', async () => {
    const response = await publish(board());
    expect(response.statusCode).toBe(201);
    const expected = [
      {
        name: 'Crêpe complète',
        price: 8.5,
        category: fx.crepes,
        description: 'Jambon, œuf miroir et emmental',
        allergens: ['gluten', 'eggs', 'milk'],
        diets: [],
        homemade: true,
        meatOrigin: 'Porc né, élevé et abattu en France',
        course: null,
      },
      {
        name: 'Galette aux légumes',
        price: 9,
        category: fx.crepes,
        description: null,
        allergens: [],
        diets: ['vegetarian', 'vegan'],
        homemade: false,
        meatOrigin: null,
        course: null,
      },
      plainDish('Far breton', 4, fx.desserts),
    ];
    expect(response.json().items).toEqual(expected);
    boardId = response.json().id;
    for (const url of [`/api/menuboard/${boardId}`, `/api/establishment/${fx.placeId}/menuboard`]) {
      const read = await t.app.inject({ method: 'GET', url, headers: fx.owner.headers });
      expect(read.json().items, url).toEqual(expected);
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/menuboards/?establishment=${fx.placeId}`,
      headers: fx.admin.headers,
    });
    expect(listed.json()[0].items).toEqual(expected);
    const rows = await t.db.select().from(menuBoardItems).where(eq(menuBoardItems.menuBoardId, boardId));
    expect(rows.find((r) => r.name === 'Far breton')).toMatchObject({
      allergens: null,
      diets: [],
      homemade: false,
    });
  });

  it('keeps an old client working: a board without the new fields reads as not stated', async () => {
    const tomorrow = dayOffset(1);
    const old = await publish({
      establishment: fx.placeId,
      title: 'Ardoise de demain',
      date: tomorrow,
      items: [{ name: 'Galette saucisse', price: 5, category: fx.crepes }],
    });
    expect(old.statusCode).toBe(201);
    expect(old.json().items).toEqual([plainDish('Galette saucisse', 5, fx.crepes)]);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/menuboard/${old.json().id}`,
      headers: fx.owner.headers,
      payload: { items: [{ name: 'Galette saucisse', price: 5.5, category: fx.crepes }] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().items[0]).toMatchObject({ price: 5.5, allergens: null, diets: [] });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/menuboard/${old.json().id}`,
      headers: fx.owner.headers,
    });
  });

  it('refuses unknown codes and over-long texts with 400 ValidationError, before the permission check', async () => {
    const cases: [object, string][] = [
      [{ allergens: ['gluten', 'arachide'] }, 'items.0.allergens.1'],
      [{ allergens: 'gluten' }, 'items.0.allergens'],
      [{ diets: ['paleo'] }, 'items.0.diets.0'],
      [{ homemade: 'oui' }, 'items.0.homemade'],
      [{ description: 'x'.repeat(301) }, 'items.0.description'],
      [{ meatOrigin: 'x'.repeat(161) }, 'items.0.meatOrigin'],
    ];
    for (const [fields, path] of cases) {
      const response = await publish(
        board({ establishment: fx.otherPlaceId, items: [{ ...completeDish(), ...fields }] }),
        fx.owner.headers,
      );
      expect(response.statusCode, path).toBe(400);
      expect(response.json().code).toBe('ValidationError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const unknownAllergen = await publish(board({ items: [{ ...completeDish(), allergens: ['arachide'] }] }));
    expect(unknownAllergen.json().details[0].message).toMatch(/^Allergène inconnu/);
    for (const [filters, path] of [
      [{ excludeAllergens: ['gluten', 'blé'] }, 'excludeAllergens.1'],
      [{ diets: ['carnivore'] }, 'diets.0'],
      [{ homemade: 1 }, 'homemade'],
    ] as const) {
      const response = await surrounding(filters);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().code).toBe('ValidationError');
      expect(response.json().details[0].path).toBe(path);
    }
  });

  it('clears a blank description or meat origin to null', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/menuboard/${boardId}`,
      headers: fx.owner.headers,
      payload: { items: [{ ...completeDish(), description: '   ', meatOrigin: '' }, ...dishes().slice(1)] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items[0]).toMatchObject({ description: null, meatOrigin: null });
    // Back as it was for the next tests.
    const restored = await t.app.inject({
      method: 'PATCH',
      url: `/api/menuboard/${boardId}`,
      headers: fx.owner.headers,
      payload: { items: dishes() },
    });
    expect(restored.statusCode).toBe(200);
  });

  it('keeps If-Match: a write based on an older board is 412 and changes no dish', async () => {
    const loaded = await t.app.inject({
      method: 'GET',
      url: `/api/menuboard/${boardId}`,
      headers: fx.owner.headers,
    });
    const etag = loaded.headers.etag as string;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/menuboard/${boardId}`,
      headers: { ...fx.owner.headers, 'if-match': etag },
      payload: {
        items: [
          { ...completeDish(), allergens: ['gluten', 'eggs', 'milk', 'mustard'] },
          ...dishes().slice(1),
        ],
      },
    });
    expect(changed.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/menuboard/${boardId}`,
      headers: { ...fx.owner.headers, 'if-match': etag },
      payload: { items: [{ ...completeDish(), allergens: null }] },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('PreconditionFailed');
    const republished = await publish(board({ items: [{ ...completeDish(), allergens: [] }] }), {
      ...fx.owner.headers,
      'if-match': etag,
    });
    expect(republished.statusCode).toBe(412);
    const now = await t.app.inject({
      method: 'GET',
      url: `/api/menuboard/${boardId}`,
      headers: fx.owner.headers,
    });
    expect(now.json().items).toHaveLength(3);
    expect(now.json().items[0].allergens).toEqual(['gluten', 'eggs', 'milk', 'mustard']);
    const restored = await t.app.inject({
      method: 'PATCH',
      url: `/api/menuboard/${boardId}`,
      headers: { ...fx.owner.headers, 'if-match': now.headers.etag as string },
      payload: { items: dishes() },
    });
    expect(restored.statusCode).toBe(200);
  });

  it('is told in words in the board’s history', async () => {
    const entries = await t.db
      .select()
      .from(changeHistory)
      .where(eq(changeHistory.subjectId, boardId))
      .orderBy(changeHistory.at);
    const created = entries[0]!.changes.find((c) => c.field === 'items')!;
    expect(changeText(created, { role: 'admin' })).toBe(
      'Plats : « Crêpe complète » ajouté (8,50\u00a0€ ; « Jambon, œuf miroir et emmental » ; ' +
        'allergènes : gluten, œufs, lait ; fait maison ; viande : Porc né, élevé et abattu en France) ; ' +
        '« Galette aux légumes » ajouté (9\u00a0€ ; allergènes : aucun des 14 ; végétarien, végan) ; ' +
        '« Far breton » ajouté (4\u00a0€ ; allergènes : non renseignés)',
    );
    const lines = entries.flatMap((e) =>
      e.changes.filter((c) => c.field === 'items').map((c) => changeText(c, { role: 'admin' })),
    );
    expect(lines).toContain(
      'Plats : « Crêpe complète » modifié (allergènes : gluten, œufs, lait → gluten, œufs, lait, moutarde)',
    );
    expect(lines).toContain(
      'Plats : « Crêpe complète » modifié (description : « Jambon, œuf miroir et emmental » → vide ; ' +
        'origine de la viande : « Porc né, élevé et abattu en France » → vide)',
    );
  });
});

describe('the surrounding search’s dish filters', () => {
  let otherBoard: string;
  beforeAll(async () => {
    const other = await publish(
      {
        establishment: fx.otherPlaceId,
        title: 'Ardoise voisine',
        date: today,
        items: [
          { name: 'Crêpe au sucre', price: 3, category: fx.desserts, allergens: ['gluten', 'eggs', 'milk'] },
          { name: 'Salade du marché', price: 9, category: fx.crepes, diets: ['vegetarian'] },
        ],
      },
      fx.otherOwner.headers,
    );
    otherBoard = other.json().id;
  });
  const answered = async (filters: object) => {
    const response = await surrounding(filters);
    expect(response.statusCode).toBe(200);
    return (response.json() as { title: string; items: { name: string; matches: boolean }[] }[]).map((b) => ({
      title: b.title,
      matching: b.items.filter((i) => i.matches).map((i) => i.name),
    }));
  };

  it('answers every board with every dish matching when no filter is given (an old client)', async () => {
    expect(await answered({})).toEqual([
      { title: 'Ardoise du midi', matching: ['Crêpe complète', 'Galette aux légumes', 'Far breton'] },
      { title: 'Ardoise voisine', matching: ['Crêpe au sucre', 'Salade du marché'] },
    ]);
    expect(await answered({ categories: [] })).toHaveLength(2);
    expect(otherBoard).toBeDefined();
  });

  it('leaves out allergens, never passing a dish whose allergens are not stated', async () => {
    expect(await answered({ excludeAllergens: ['gluten'] })).toEqual([
      { title: 'Ardoise du midi', matching: ['Galette aux légumes'] },
    ]);
    expect(await answered({ excludeAllergens: ['mustard'] })).toEqual([
      { title: 'Ardoise du midi', matching: ['Crêpe complète', 'Galette aux légumes'] },
      { title: 'Ardoise voisine', matching: ['Crêpe au sucre'] },
    ]);
  });

  it('asks every diet given, a vegan dish being vegetarian too', async () => {
    expect(await answered({ diets: ['vegetarian'] })).toEqual([
      { title: 'Ardoise du midi', matching: ['Galette aux légumes'] },
      { title: 'Ardoise voisine', matching: ['Salade du marché'] },
    ]);
    expect(await answered({ diets: ['vegan'] })).toEqual([
      { title: 'Ardoise du midi', matching: ['Galette aux légumes'] },
    ]);
    expect(await answered({ diets: ['vegan', 'halal'] })).toEqual([]);
  });

  it('asks fait maison, and every filter of the same dish together', async () => {
    expect(await answered({ homemade: true })).toEqual([
      { title: 'Ardoise du midi', matching: ['Crêpe complète'] },
    ]);
    expect(await answered({ homemade: false })).toHaveLength(2);
    // Fait maison and vegetarian, but not in the same dish: no board.
    expect(await answered({ homemade: true, diets: ['vegetarian'] })).toEqual([]);
    expect(await answered({ categories: [fx.desserts], excludeAllergens: ['nuts'] })).toEqual([
      { title: 'Ardoise voisine', matching: ['Crêpe au sucre'] },
    ]);
  });
});

describe('the dishes an establishment already served', () => {
  let place: string;
  let placeOwner: TestAccount;
  const dishesOf = (query = '', headers: Record<string, string> = placeOwner.headers, id = place) =>
    t.app.inject({ method: 'GET', url: `/api/establishment/${id}/dishes${query}`, headers });

  beforeAll(async () => {
    place = (await createEstablishment(t.db, { latitude: 44, longitude: 1 })).id;
    placeOwner = await createOwnerAccount(t, { establishmentId: place });
    const dish = (name: string, extra: Record<string, unknown> = {}) => ({
      name,
      priceCents: 1000,
      categoryId: fx.crepes,
      ...extra,
    });
    // Oldest first: each later board writes the dishes as they are now.
    const boards: [number, ReturnType<typeof dish>[]][] = [
      [-(DISH_SUGGESTION_DAYS + 5), [dish('Choucroute ancienne', { meatOrigin: 'Porc d’Alsace' })]],
      [-30, [dish('Crêpe complète', { meatOrigin: 'Porc origine France' }), dish('Éclair au café')]],
      [-20, [dish('Crepe complete'), dish('Galette complète'), dish('Bœuf bourguignon')]],
      [
        -10,
        [
          dish('Galette complète', { priceCents: 1150, allergens: ['eggs', 'milk'], homemade: true }),
          dish('Bœuf bourguignon', { meatOrigin: 'Bœuf né, élevé et abattu en France' }),
        ],
      ],
      [
        -5,
        [
          dish('Galette complète', {
            priceCents: 1200,
            allergens: ['eggs', 'milk'],
            meatOrigin: 'Porc origine France',
          }),
          dish('Salade de chèvre chaud', { diets: ['vegetarian'], description: 'Chèvre, miel, noix' }),
        ],
      ],
      // Tomorrow's, prepared: counted.
      [1, [dish('Galette complète', { priceCents: 1250, allergens: ['eggs', 'milk'] })]],
    ];
    for (const [offset, items] of boards) {
      await createMenuBoard(t.db, { establishmentId: place, date: dayOffset(offset), items });
    }
  });

  it('answers each dish once, as last written, the most used first, with the meat origins latest first', async () => {
    const response = await dishesOf();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.dishes.map((d: { name: string; uses: number }) => [d.name, d.uses])).toEqual([
      ['Galette complète', 4],
      // As many boards: the most recent first.
      ['Bœuf bourguignon', 2],
      ['Crepe complete', 2],
      ['Salade de chèvre chaud', 1],
      ['Éclair au café', 1],
    ]);
    expect(body.dishes[0]).toEqual({
      name: 'Galette complète',
      price: 12.5,
      category: fx.crepes,
      description: null,
      allergens: ['eggs', 'milk'],
      diets: [],
      homemade: false,
      meatOrigin: null,
      course: null,
      uses: 4,
      lastUsed: dayOffset(1),
    });
    expect(body.dishes[3]).toMatchObject({
      diets: ['vegetarian'],
      description: 'Chèvre, miel, noix',
      lastUsed: dayOffset(-5),
    });
    // Older than the window: neither the dish nor its origin.
    expect(body.meatOrigins).toEqual(['Porc origine France', 'Bœuf né, élevé et abattu en France']);
  });

  it('finds names ignoring case and accents, those starting with the text first, and stops at limit', async () => {
    const found = async (query: string) =>
      (await dishesOf(query)).json().dishes.map((d: { name: string }) => d.name);
    expect(await found('?q=COMPLETE')).toEqual(['Galette complète', 'Crepe complete']);
    expect(await found('?q=crêpe')).toEqual(['Crepe complete']);
    expect(await found('?q=e')).toEqual([
      'Éclair au café',
      'Galette complète',
      'Bœuf bourguignon',
      'Crepe complete',
      'Salade de chèvre chaud',
    ]);
    expect(await found('?q=%20boeuf%20')).toEqual(['Bœuf bourguignon']);
    expect(await found('?q=galette&limit=1')).toEqual(['Galette complète']);
    expect(await found('?limit=2')).toEqual(['Galette complète', 'Bœuf bourguignon']);
    expect(await found('?q=pizza')).toEqual([]);
    expect((await dishesOf('?limit=51')).statusCode).toBe(400);
  });

  it('is for its owner and the team: 401 without a token, 403 to another owner, 404 for no establishment', async () => {
    expect((await dishesOf('', {})).statusCode).toBe(401);
    expect((await dishesOf('', fx.otherOwner.headers)).statusCode).toBe(403);
    expect((await dishesOf('', fx.admin.headers)).statusCode).toBe(200);
    const reader = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'menu-board' }] });
    expect((await dishesOf('', reader.headers)).statusCode).toBe(200);
    const other = await createAdminAccount(t, {
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    expect((await dishesOf('', other.headers)).statusCode).toBe(403);
    const unknown = await dishesOf('', fx.admin.headers, '11111111-1111-4111-8111-111111111111');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NotFound');
    // An establishment without boards: nothing to suggest.
    expect((await dishesOf('', fx.owner.headers, fx.placeId)).json().dishes.length).toBeGreaterThan(0);
    const empty = (await createEstablishment(t.db)).id;
    expect((await dishesOf('', fx.admin.headers, empty)).json()).toEqual({ dishes: [], meatOrigins: [] });
  });
});
