import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapFeedSchema, type MapFeed } from '@tables-voisines/contract/schemas/map';
import { PublicEstablishmentSchema } from '@tables-voisines/contract/schemas/establishment';
import { createAdminAccount, type TestAccount } from '../../../test/accounts';
import { openingStatus } from '@tables-voisines/contract/opening-hours';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment, disableEstablishment } from '../../../test/factories';
import { parisDay } from '@tables-voisines/contract/paris-time';

// The app's clock, stopped at the file's start: the board's day below is the server's, even past midnight.
const clock = new TestClock(new Date().toISOString());
let t: TestApp;
let admin: TestAccount;
const lunch = [{ day: 1, opens: '12:00', closes: '14:30' }];
const evenings = [
  { day: 5, opens: '19:00', closes: '02:00' },
  { day: 6, opens: '19:00', closes: '23:00' },
];

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = await createAdminAccount(t, { permissions: [{ action: 'manage', subject: 'all' }] });
  const pizza = await createCategory(t.db, 'Pizza');
  const crepes = await createCategory(t.db, 'Crêpes');
  await createEstablishment(t.db, {
    name: 'Bouchon « Chez Léon »',
    town: 'Lyon',
    latitude: 45.7640431,
    longitude: 4.8356591,
    openingHours: lunch,
    categoryIds: [pizza.id, crepes.id],
  });
  await createEstablishment(t.db, { name: 'Le Parisien', town: 'Paris', openingHours: lunch });
  await createEstablishment(t.db, {
    kind: 'remplisvert',
    venueType: 'bar',
    name: 'Le Zinc',
    town: 'Nantes',
    openingHours: evenings,
    categoryIds: [crepes.id, pizza.id],
  });
  await createEstablishment(t.db, { name: 'Sans horaires', town: 'Brest', openingHours: [] });
  const hidden = await createEstablishment(t.db, { name: 'Désactivé', town: 'Lille' });
  await disableEstablishment(t.db, hidden.id);
});
afterAll(() => t.close());

const getFeed = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/map/feed', headers });

describe('GET /api/map/feed', () => {
  it('holds every enabled establishment of the public list, with the fields the map uses', async () => {
    const answer = await getFeed();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const feed = MapFeedSchema.parse(answer.json());
    const list = PublicEstablishmentSchema.array().parse(
      (await t.app.inject({ method: 'GET', url: '/api/establishments/' })).json(),
    );
    expect(feed.count).toBe(list.length);
    expect(feed.establishments.map((e) => e[1]).sort()).not.toContain('Désactivé');
    const decoded = feed.establishments.map(
      ([kind, name, uri, latitude, longitude, venueType, town, hours, categories, closures]) => ({
        kind,
        name,
        uri,
        location: { latitude, longitude },
        venueType,
        town,
        openingHours: feed.openingHours[hours],
        categories: feed.categorySets[categories],
        closures: feed.closures[closures],
      }),
    );
    const expected = list.map((e) => ({
      kind: e.kind,
      name: e.name,
      uri: e.uri,
      location: {
        latitude: Number(e.location.latitude.toFixed(6)),
        longitude: Number(e.location.longitude.toFixed(6)),
      },
      venueType: e.venueType,
      town: e.address.town,
      openingHours: e.openingHours,
      categories: e.categories,
      closures: e.closures,
    }));
    // No id: the uri names an establishment as uniquely, and the map keys its places by it. The closures'
    // index comes tenth, after the nine of before.
    expect(feed.establishments.every((e) => e.length === 10)).toBe(true);
    expect(decoded.sort((a, b) => a.uri.localeCompare(b.uri))).toEqual(
      expected.sort((a, b) => a.uri.localeCompare(b.uri)),
    );
  });

  it('writes each distinct opening hours and category list once', async () => {
    const feed = (await getFeed()).json() as MapFeed;
    expect(feed.openingHours).toHaveLength(3);
    const lunchIndexes = feed.establishments
      .filter((e) => e[6] === 'Lyon' || e[6] === 'Paris')
      .map((e) => e[7]);
    expect(new Set(lunchIndexes).size).toBe(1);
    // The same categories in another order are another list: their order is the display order.
    expect(feed.categorySets).toHaveLength(3);
    expect(feed.categorySets).toContainEqual([]);
  });

  it('is compressed, has an ETag and answers 304 to a client that has it', async () => {
    const first = await getFeed({ 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    const again = await getFeed({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('stays the same after a menu board, and changes after an establishment write', async () => {
    const before = (await getFeed()).headers.etag;
    const category = await createCategory(t.db, 'Galettes');
    const list = PublicEstablishmentSchema.array().parse(
      (await t.app.inject({ method: 'GET', url: '/api/establishments/' })).json(),
    );
    const lyon = list.find((e) => e.address.town === 'Lyon')!;
    expect(((await getFeed()).json() as MapFeed).establishments.map((e) => e[2])).toContain(lyon.uri);
    const board = await t.app.inject({
      method: 'POST',
      url: '/api/menuboard/',
      headers: admin.headers,
      payload: {
        establishment: lyon.id,
        title: 'Ardoise du jour',
        date: parisDay(clock.now()),
        items: [{ name: 'Complète', price: 9.5, category: category.id }],
      },
    });
    expect(board.statusCode).toBe(201);
    expect((await getFeed()).headers.etag).toBe(before);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/establishment/${lyon.id}`,
      headers: admin.headers,
      payload: { name: 'Bouchon Léon' },
    });
    expect(renamed.statusCode).toBe(200);
    // The latest feed answers while the new one is made, then the new one.
    await expect
      .poll(async () => ((await getFeed()).json() as MapFeed).establishments.map((e) => e[1]))
      .toContain('Bouchon Léon');
    const after = await getFeed();
    expect(after.headers.etag).not.toBe(before);
    expect((after.json() as MapFeed).establishments.map((e) => e[1])).not.toContain('Bouchon « Chez Léon »');
  });
});

describe('the closures in the feed', () => {
  // Saturday 15 August 2026, 23:59 in Paris: the last minute of the summer closure.
  const summerClock = new TestClock('2026-08-15T21:59:00Z');
  let c: TestApp;
  const past = { from: '2026-07-01', to: '2026-07-14', reason: null };
  const summer = { from: '2026-08-03', to: '2026-08-15', reason: 'Congés annuels' };
  const christmas = { from: '2026-12-24', to: null, reason: null };
  const short = { from: '2026-08-20', to: '2026-08-22', reason: 'Inventaire' };

  beforeAll(async () => {
    c = await createTestApp({ clock: summerClock.now });
    const saturdayNight = [{ day: 6, opens: '19:00', closes: '02:00' }];
    const place = (name: string) => ({ name, town: 'Rennes', openingHours: saturdayNight });
    await createEstablishment(c.db, { ...place('Aucune') });
    await createEstablishment(c.db, { ...place('Été et Noël'), closures: [past, summer, christmas] });
    await createEstablishment(c.db, { ...place('Été et Noël bis'), closures: [summer, christmas] });
    await createEstablishment(c.db, { ...place('Passée'), closures: [past] });
    await createEstablishment(c.db, { ...place('Inventaire'), closures: [short] });
  });
  afterAll(() => c.close());

  it('gives each place its closures in progress or to come, each distinct list once, index 0 none', async () => {
    const answer = await c.app.inject({ method: 'GET', url: '/api/map/feed' });
    expect(answer.statusCode).toBe(200);
    const feed = MapFeedSchema.parse(answer.json());
    expect(feed.closures[0]).toEqual([]);
    const closuresOf = new Map(feed.establishments.map((e) => [e[1], e[9]]));
    expect(closuresOf.get('Aucune')).toBe(0);
    // A closure that ended before today is left out: nothing left, no closure.
    expect(closuresOf.get('Passée')).toBe(0);
    expect(feed.closures[closuresOf.get('Été et Noël')!]).toEqual([summer, christmas]);
    expect(closuresOf.get('Été et Noël bis')).toBe(closuresOf.get('Été et Noël'));
    expect(feed.closures[closuresOf.get('Inventaire')!]).toEqual([short]);
    expect(feed.closures).toHaveLength(3);

    // What the map's « Ouvert maintenant » makes of it, on either side of midnight in Paris.
    const openAt = (now: Date) =>
      feed.establishments
        .filter((e) => openingStatus(feed.openingHours[e[7]]!, now, feed.closures[e[9]]!).open)
        .map((e) => e[1])
        .sort();
    expect(openAt(summerClock.now())).toEqual(['Aucune', 'Inventaire', 'Passée']);
    expect(openAt(new Date('2026-08-15T22:00:00Z'))).toEqual([
      'Aucune',
      'Inventaire',
      'Passée',
      'Été et Noël',
      'Été et Noël bis',
    ]);
  });
});
