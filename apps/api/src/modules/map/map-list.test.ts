/*
 * The map's lists (nearest, around): each answer compared with what the site computes from the feed, on
 * generated places, then writes, bad input and the small functions the lists are built of. Its size (over 400
 * lines) is the generator and the reference computation that every list test reads, kept beside the 16 tests.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circleContainsPoint, distanceKm, EARTH_RADIUS_KM, type LatLng } from '@tables-voisines/contract/geo';
import { VENUE_TYPES } from '@tables-voisines/contract/schemas/establishment';
import {
  MAP_LIST_MAX_LIMIT,
  type MapFeed,
  type MapListAnswer,
  type MapListEstablishment,
} from '@tables-voisines/contract/schemas/map';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { createAdminAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment, disableEstablishment } from '../../../test/factories';
import { postEstablishment } from '../../../test/requests';
import { establishments } from '../../db/schema';
import { round6 } from './map-feed';
import { boxAround } from './map-index';
import { PointLocations } from './point-locations';
import { initialOf } from './point-table';

// The map's lists without the feed (`GET /api/map/nearest`, `GET /api/map/around`) must give exactly what
// the site computes from the feed: every answer here is compared with that computation, on the feed itself.

let t: TestApp;
let admin: TestAccount;

/** A small generator of its own: the same places on every run, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

// Names the French collator orders with care (accents, case, ligatures) and that repeat: ties by name.
const NAMES = [
  'Le Zinc',
  'le zinc',
  'Éclair',
  'Eclair',
  'éclair',
  'Œuf',
  'Oeuf',
  'À la bonne heure',
  'A la bonne heure',
  'L’Ardoise',
  "L'Ardoise",
  'Chez Émile',
  'Chez Emile',
  'Ça va',
  'Cave',
  'Crêperie',
];
const TOWNS = ['Lyon', 'Paris', 'Bordeaux', 'Saint-Étienne', 'Besançon'];
/** Random places: on a 0.5-degree grid over France (many share their coordinates), some anywhere. */
const RANDOM_PLACES = 1500;
// Places on both sides of the antimeridian (Fiji, Tonga, Samoa, Wallis-et-Futuna) and on it.
const PACIFIC: [string, number, number][] = [
  ['Suva', -18.1416, 178.4419],
  ['Taveuni', -16.8, 179.99],
  ['Sur la ligne est', -17, 180],
  ['Sur la ligne ouest', -17, -180],
  ['Nuku’alofa', -21.1394, -175.2049],
  ['Apia', -13.8333, -171.7667],
  ['Mata-Utu', -13.2825, -176.1736],
];

/** Name, town, street, longitude (at latitude 45.89), disabled. */
const RIOM: [string, string, string | null, number, boolean][] = [
  // The same name and town, case and accents aside: each with its street.
  ['Le Truck Gourmand', 'Riom', '12 rue du Commerce', 3.101, false],
  ['LE TRUCK GOURMAND', 'Riom', 'Esplanade du Lac', 3.102, false],
  ['Crêperie Éole', 'Châtel-Guyon', '3 avenue Baraduc', 3.103, false],
  ['Creperie Eole', 'Chatel-Guyon', '8 rue de Riom', 3.104, false],
  // Its twin has no street: the one with a street shows it, the other nothing.
  ['Chez Paul', 'Riom', null, 3.105, false],
  ['Chez Paul', 'Riom', '1 rue Neuve', 3.106, false],
  // The same name in another town, and its twin disabled: alone of its name there, no street.
  ['Le Truck Gourmand', 'Mozac', '2 place de l’Abbaye', 3.107, false],
  ['Le Truck Gourmand', 'Mozac', '5 rue du Stade', 3.108, true],
  // The same « name town » folded as the two above in Riom, but neither the same name nor the same town.
  ['Le Truck', 'Gourmand Riom', '9 rue Croisier', 3.109, false],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminAccount(t, { permissions: [{ action: 'manage', subject: 'all' }] });
  // Three at the very same place, of both kinds, and a disabled one there too.
  for (const [name, kind] of [
    ['Le Bouchon', 'restaurant'],
    ['Café Éole', 'remplisvert'],
    ['Crêperie Œillet', 'restaurant'],
  ] as const) {
    await createEstablishment(t.db, { name, kind, venueType: 'creperie', latitude: 45.76, longitude: 4.83 });
  }
  const closed = await createEstablishment(t.db, { name: 'Fermé', latitude: 45.76, longitude: 4.83 });
  await disableEstablishment(t.db, closed.id);
  await createEstablishment(t.db, {
    name: 'Le Parisien',
    town: 'Paris',
    venueType: 'bar',
    latitude: 48.85,
    longitude: 2.35,
  });
  // More decimals than the feed gives: the lists give the feed's six.
  await createEstablishment(t.db, {
    name: 'Quai des Chartrons',
    town: 'Bordeaux',
    kind: 'remplisvert',
    latitude: 44.851234567,
    longitude: -0.569876543,
  });
  // Around Riom, places of the same name (issue 49, point 14): see « the street of places of the same name ».
  for (const [name, town, street, longitude, disabled] of RIOM) {
    const place = await createEstablishment(t.db, {
      name,
      town,
      street,
      venueType: 'food-truck',
      latitude: 45.89,
      longitude,
    });
    if (disabled) await disableEstablishment(t.db, place.id);
  }
  for (const [name, latitude, longitude] of PACIFIC) {
    await createEstablishment(t.db, { name, town: name, kind: 'remplisvert', latitude, longitude });
  }
  const random = seeded(20260401);
  const rows = Array.from({ length: RANDOM_PLACES }, (_, n) => {
    const name = NAMES[random(NAMES.length)]!;
    const town = TOWNS[random(TOWNS.length)]!;
    const onGrid = random(10) > 0;
    return {
      id: randomUUID(),
      uri: `lieu-${n}`,
      kind: random(2) === 0 ? ('restaurant' as const) : ('remplisvert' as const),
      name,
      venueType: VENUE_TYPES[random(VENUE_TYPES.length)]!,
      town,
      latitude: onGrid ? 42 + 0.5 * random(19) : 42 + random(9_000_000) / 1e6,
      longitude: onGrid ? -5 + 0.5 * random(27) : -5 + random(13_000_000) / 1e6,
      claimCode: `ALEA${n}`,
      disabled: random(20) === 0,
      searchText: normalizeForSearch(`${name} ${town}`),
    };
  });
  for (let at = 0; at < rows.length; at += 500) {
    await t.db.insert(establishments).values(rows.slice(at, at + 500));
  }
});
afterAll(() => t.close());

/** The feed as the site reads it: each place with its index in the feed, which breaks ties. */
interface Place extends MapListEstablishment {
  index: number;
}

async function feed(): Promise<Place[]> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/map/feed' });
  expect(answer.statusCode).toBe(200);
  const body = answer.json() as MapFeed;
  return body.establishments.map(
    ([kind, name, uri, latitude, longitude, venueType, town, , , , street], index) => ({
      kind,
      name,
      uri,
      venueType,
      town,
      ...(street === undefined ? {} : { street }),
      latitude,
      longitude,
      index,
    }),
  );
}

const card = ({ index: _, ...rest }: Place): MapListEstablishment => rest;

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

const insideBox = (b: Box, p: LatLng) =>
  p.latitude >= b.south &&
  p.latitude <= b.north &&
  (b.west <= b.east
    ? p.longitude >= b.west && p.longitude <= b.east
    : p.longitude >= b.west || p.longitude <= b.east);

/** What the site's list shows from the feed: inside the box, nearest first, ties in the feed's order. */
function expectedNearest(places: Place[], box: Box, center: LatLng, limit: number): MapListAnswer {
  const inside = places.filter((p) => insideBox(box, p));
  const ranked = inside
    .map((p) => ({ p, distance: distanceKm(center, p) }))
    .sort((a, b) => a.distance - b.distance || a.p.index - b.p.index);
  return {
    total: places.length,
    count: inside.length,
    establishments: ranked.slice(0, limit).map(({ p }) => card(p)),
  };
}

const byFrenchName = new Intl.Collator('fr');

/** What the site's group banner shows from the feed: in the circle, by French name, ties in feed order. */
function expectedAround(places: Place[], center: LatLng, radius: number, limit: number): MapListAnswer {
  const inside = places
    .filter((p) => circleContainsPoint(center, radius, p))
    .sort((a, b) => byFrenchName.compare(a.name, b.name) || a.index - b.index);
  return { total: places.length, count: inside.length, establishments: inside.slice(0, limit).map(card) };
}

const nearest = (box: Box, center: LatLng, limit?: number) => {
  const query = new URLSearchParams({
    west: String(box.west),
    south: String(box.south),
    east: String(box.east),
    north: String(box.north),
    latitude: String(center.latitude),
    longitude: String(center.longitude),
    ...(limit === undefined ? {} : { limit: String(limit) }),
  });
  return t.app.inject({ method: 'GET', url: `/api/map/nearest?${query}` });
};

const around = (center: LatLng, radius: number, limit?: number) => {
  const query = new URLSearchParams({
    latitude: String(center.latitude),
    longitude: String(center.longitude),
    radius: String(radius),
    ...(limit === undefined ? {} : { limit: String(limit) }),
  });
  return t.app.inject({ method: 'GET', url: `/api/map/around?${query}` });
};

const france: Box = { west: -5.5, south: 41, east: 10, north: 51.5 };
const lyon: Box = { west: 4.8, south: 45.7, east: 4.9, north: 45.8 };
const pacific: Box = { west: 178, south: -22, east: -171, north: -13 };

describe('GET /api/map/nearest', () => {
  it('gives the count of the box and its nearest cards, as the site ranks the feed', async () => {
    const places = await feed();
    const center = { latitude: 45.76, longitude: 4.83 };
    const answer = await nearest(france, center);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, no-cache');
    const body = answer.json() as MapListAnswer;
    // Thirty by default; the box holds more than the list ranks in full (1,000): the kd-tree search.
    expect(body.establishments).toHaveLength(30);
    expect(body.count).toBeGreaterThan(1000);
    expect(body).toEqual(expectedNearest(places, france, center, 30));
    // The three at the centre itself first, in the feed's order; the disabled one nowhere.
    expect(body.establishments.slice(0, 3).map((e) => e.name)).toEqual(
      places.filter((p) => p.latitude === 45.76 && p.longitude === 4.83).map((p) => p.name),
    );
    expect(body.establishments.map((e) => e.name)).not.toContain('Fermé');
    // The feed is by name: Café Éole, Crêperie Œillet, Le Bouchon.
    expect(body.establishments[0]).toEqual({
      kind: 'remplisvert',
      name: 'Café Éole',
      uri: 'café-éole-a-lyon',
      venueType: 'creperie',
      town: 'Lyon',
      latitude: 45.76,
      longitude: 4.83,
    });
  });

  it('counts only the enabled establishments, in the box and in all', async () => {
    const places = await feed();
    const body = (await nearest(lyon, { latitude: 45.76, longitude: 4.83 })).json() as MapListAnswer;
    expect(body.total).toBe(places.length);
    expect(body.total).toBe(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/map/points?west=-180&south=-90&east=180&north=90&zoom=0',
        })
      ).json().total,
    );
    expect(body.count).toBe(places.filter((p) => insideBox(lyon, p)).length);
  });

  it('gives the feed’s six decimals', async () => {
    const body = (await nearest(france, { latitude: 44.85, longitude: -0.57 }, 1)).json() as MapListAnswer;
    expect(body.establishments).toEqual([
      expect.objectContaining({ name: 'Quai des Chartrons', latitude: 44.851235, longitude: -0.569877 }),
    ]);
  });

  it('agrees with the feed for several boxes, centres and limits', async () => {
    const places = await feed();
    const cases: [Box, LatLng, number | undefined][] = [
      [france, { latitude: 46.5, longitude: 2.5 }, undefined],
      [france, { latitude: 46, longitude: 3 }, 2000],
      [france, { latitude: 51.5, longitude: 10 }, 7],
      [lyon, { latitude: 45.75, longitude: 4.85 }, 2000],
      [{ west: 0, south: 44, east: 3, north: 47 }, { latitude: 45.5, longitude: 1.5 }, 45],
      // A centre outside its box (the site never sends one, the answer is still the feed's).
      [{ west: 0, south: 44, east: 3, north: 47 }, { latitude: 50, longitude: 8 }, 12],
      // Edges on the grid: the places on them are inside.
      [{ west: -1, south: 43, east: 1, north: 45 }, { latitude: 44, longitude: 0 }, 2000],
      [{ west: 20, south: 10, east: 30, north: 20 }, { latitude: 15, longitude: 25 }, 30],
      [{ west: -180, south: -90, east: 180, north: 90 }, { latitude: 0, longitude: 0 }, 100],
    ];
    for (const [box, center, limit] of cases) {
      const answer = await nearest(box, center, limit);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(expectedNearest(places, box, center, limit ?? 30));
    }
  });

  it('takes a box across the antimeridian as two, its places on both sides', async () => {
    const places = await feed();
    const center = { latitude: -17, longitude: 179.5 };
    const body = (await nearest(pacific, center, 100)).json() as MapListAnswer;
    expect(body).toEqual(expectedNearest(places, pacific, center, 100));
    // Fewer than the limit: all of them, both sides of the line and on it.
    expect(body.count).toBe(PACIFIC.length);
    expect(body.establishments.map((e) => e.name).sort()).toEqual(PACIFIC.map(([name]) => name).sort());
    // West of the line only, and east of it only.
    const west = { ...pacific, east: -179.999 };
    expect((await nearest(west, center)).json()).toEqual(expectedNearest(places, west, center, 30));
    const east = { ...pacific, west: 179.999 };
    expect((await nearest(east, center)).json()).toEqual(expectedNearest(places, east, center, 30));
  });

  it('answers an empty box with a count of 0', async () => {
    const body = (
      await nearest({ west: 20, south: 10, east: 30, north: 20 }, { latitude: 15, longitude: 25 })
    ).json() as MapListAnswer;
    expect(body).toMatchObject({ count: 0, establishments: [] });
    expect(body.total).toBeGreaterThan(RANDOM_PLACES / 2);
  });

  it('agrees with the feed for any box, centre and limit (property)', async () => {
    const places = await feed();
    // Coordinates of the places themselves as edges and centres: edges through places, exact ties.
    const latitudes = [...new Set(places.map((p) => p.latitude))];
    const longitudes = [...new Set(places.map((p) => p.longitude))];
    const latitude = fc.oneof(
      fc.constantFrom(...latitudes),
      fc.double({ min: 40, max: 53, noNaN: true }),
      fc.double({ min: -90, max: 90, noNaN: true }),
    );
    const longitude = fc.oneof(
      fc.constantFrom(...longitudes),
      fc.double({ min: -7, max: 11, noNaN: true }),
      fc.double({ min: -180, max: 180, noNaN: true }),
    );
    const anyBox = fc
      .tuple(latitude, latitude, longitude, longitude)
      .map(([a, b, west, east]) => ({ west, south: Math.min(a, b), east, north: Math.max(a, b) }));
    // Most of France: more places than the list ranks in full (1,000), so the kd-tree's search answers.
    const wideBox = fc.record({
      west: fc.double({ min: -7, max: -2, noNaN: true }),
      south: fc.double({ min: 40, max: 44, noNaN: true }),
      east: fc.double({ min: 6, max: 11, noNaN: true }),
      north: fc.double({ min: 49, max: 53, noNaN: true }),
    });
    const limit = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: MAP_LIST_MAX_LIMIT }));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyBox, wideBox),
        fc.record({ latitude, longitude }),
        limit,
        async (box, center, size) => {
          const answer = await nearest(box, center, size);
          expect(answer.statusCode).toBe(200);
          expect(answer.json()).toEqual(expectedNearest(places, box, center, size));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('GET /api/map/around', () => {
  it('gives the count of the circle and its first cards by French name, as the site does', async () => {
    const places = await feed();
    const center = { latitude: 45.76, longitude: 4.83 };
    const answer = await around(center, 200);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, no-cache');
    const body = answer.json() as MapListAnswer;
    expect(body.establishments).toHaveLength(12);
    expect(body).toEqual(expectedAround(places, center, 200, 12));
    expect(body.count).toBeGreaterThan(12);
  });

  it('agrees with the feed for several circles and limits', async () => {
    const places = await feed();
    const cases: [LatLng, number, number | undefined][] = [
      [{ latitude: 45.76, longitude: 4.83 }, 0.001, undefined],
      [{ latitude: 45.76, longitude: 4.83 }, 1, 2000],
      [{ latitude: 46.5, longitude: 2.5 }, 200, 2000],
      [{ latitude: 44, longitude: 0 }, 55.5, 3],
      [{ latitude: -17, longitude: 179.9 }, 200, 30],
      [{ latitude: -17, longitude: -179.9 }, 150, 30],
      [{ latitude: 0, longitude: 0 }, 200, 12],
    ];
    for (const [center, radius, limit] of cases) {
      const answer = await around(center, radius, limit);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(expectedAround(places, center, radius, limit ?? 12));
    }
  });

  it('counts a place exactly on the circle, as circleContainsPoint does', async () => {
    const places = await feed();
    const center = { latitude: 45.76, longitude: 4.83 };
    // The farthest place within 150 km: the circle through it.
    const edge = places
      .filter((p) => distanceKm(center, p) <= 150)
      .reduce((a, b) => (distanceKm(center, b) > distanceKm(center, a) ? b : a));
    const radius = distanceKm(center, edge);
    const body = (await around(center, radius, 2000)).json() as MapListAnswer;
    expect(body).toEqual(expectedAround(places, center, radius, 2000));
    expect(body.establishments.map((e) => e.uri)).toContain(edge.uri);
  });

  it('agrees with the feed for any circle and limit (property)', async () => {
    const places = await feed();
    const center = fc.oneof(
      fc.constantFrom(...places.map((p) => ({ latitude: p.latitude, longitude: p.longitude }))),
      fc.record({
        latitude: fc.double({ min: 40, max: 53, noNaN: true }),
        longitude: fc.double({ min: -7, max: 11, noNaN: true }),
      }),
      fc.record({
        latitude: fc.double({ min: -90, max: 90, noNaN: true }),
        longitude: fc.double({ min: -180, max: 180, noNaN: true }),
      }),
    );
    const radius = fc.oneof(
      fc.double({ min: 0.001, max: 200, noNaN: true }),
      fc.constantFrom(200, 0.5, 55.5, 111.19),
    );
    const limit = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: MAP_LIST_MAX_LIMIT }));
    await fc.assert(
      fc.asyncProperty(center, radius, limit, async (c, r, size) => {
        const answer = await around(c, r, size);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual(expectedAround(places, c, r, size));
      }),
      { numRuns: 100 },
    );
  });
});

describe('the street of places of the same name in the same town', () => {
  const riom: Box = { west: 3.1, south: 45.88, east: 3.11, north: 45.9 };
  const expected = {
    'Le Truck Gourmand|Riom': '12 rue du Commerce',
    'LE TRUCK GOURMAND|Riom': 'Esplanade du Lac',
    'Crêperie Éole|Châtel-Guyon': '3 avenue Baraduc',
    'Creperie Eole|Chatel-Guyon': '8 rue de Riom',
    'Chez Paul|Riom': undefined,
    'Chez Paul|Riom|1 rue Neuve': '1 rue Neuve',
    'Le Truck Gourmand|Mozac': undefined,
    'Le Truck|Gourmand Riom': undefined,
  };
  /** Each enabled place of RIOM by name and town (the second Chez Paul by its street too), and its street. */
  const streetsOf = (places: readonly MapListEstablishment[]) =>
    Object.fromEntries(
      places
        .filter((p) => RIOM.some(([name, town]) => p.name === name && p.town === town))
        .map((p) => [
          [p.name, p.town, ...(p.longitude === 3.106 ? ['1 rue Neuve'] : [])].join('|'),
          p.street,
        ]),
    );

  it('is in the feed for these only, and in both lists as in the feed', async () => {
    const places = await feed();
    expect(streetsOf(places)).toEqual(expected);
    // Only these: the generated places have no street, and the others of the file are alone of their name.
    expect(places.filter((p) => p.street !== undefined)).toHaveLength(5);
    const center = { latitude: 45.89, longitude: 3.105 };
    const listed = (await nearest(riom, center, 50)).json() as MapListAnswer;
    expect(listed).toEqual(expectedNearest(places, riom, center, 50));
    expect(streetsOf(listed.establishments)).toEqual(expected);
    const circle = (await around(center, 2, 50)).json() as MapListAnswer;
    expect(circle).toEqual(expectedAround(places, center, 2, 50));
    expect(streetsOf(circle.establishments)).toEqual(expected);
  });
});

describe('the lists after a write', () => {
  it('show a new establishment and forget a disabled one once the index is rebuilt', async () => {
    const center = { latitude: 43.3, longitude: 5.37 };
    const marseille: Box = { west: 5.3, south: 43.25, east: 5.45, north: 43.35 };
    const names = async () => ({
      nearest: ((await nearest(marseille, center)).json() as MapListAnswer).establishments.map((e) => e.name),
      around: ((await around(center, 5)).json() as MapListAnswer).establishments.map((e) => e.name),
    });
    expect(await names()).toEqual({ nearest: [], around: [] });
    const created = await postEstablishment(t, admin.headers, {
      kind: 'remplisvert',
      name: 'La Cantine du Vieux-Port',
      venueType: 'traiteur',
      address: { town: 'Marseille' },
      location: { latitude: 43.2951, longitude: 5.3744 },
    });
    expect(created.statusCode).toBe(201);
    // The previous index answers while the new one is built, and the previous feed while the new one is made.
    await expect.poll(names).toEqual({
      nearest: ['La Cantine du Vieux-Port'],
      around: ['La Cantine du Vieux-Port'],
    });
    await expect
      .poll(async () => (await feed()).some((p) => p.name === 'La Cantine du Vieux-Port'))
      .toBe(true);
    const places = await feed();
    expect((await nearest(marseille, center)).json()).toEqual(expectedNearest(places, marseille, center, 30));

    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/establishment/${created.json().id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    await expect.poll(names).toEqual({ nearest: [], around: [] });
    expect(((await around(center, 5)).json() as MapListAnswer).total).toBe(places.length - 1);
  });
});

describe('bad input', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const lyonQuery = 'west=4.8&south=45.7&east=4.9&north=45.8&latitude=45.76&longitude=4.83';

  it('refuses a box upside down, a limit out of range and missing parameters, in French', async () => {
    const cases: [string, string][] = [
      [
        '/api/map/nearest?west=4&south=46&east=5&north=45&latitude=45.5&longitude=4.5',
        'La latitude sud doit être inférieure à la latitude nord.',
      ],
      [`/api/map/nearest?${lyonQuery}&limit=0`, 'Nombre d’établissements : au moins 1.'],
      [
        `/api/map/nearest?${lyonQuery}&limit=${MAP_LIST_MAX_LIMIT + 1}`,
        'Nombre d’établissements : au plus 2000.',
      ],
      [`/api/map/nearest?${lyonQuery}&limit=2.5`, 'Nombre d’établissements : un entier est attendu.'],
      [
        '/api/map/nearest?west=4.8&south=45.7&east=4.9&north=45.8',
        'Latitude du centre : un nombre est attendu.',
      ],
      [
        '/api/map/nearest?west=200&south=45.7&east=4.9&north=45.8&latitude=45.76&longitude=4.83',
        'Longitude ouest : au plus 180.',
      ],
      ['/api/map/around?latitude=45.76&longitude=4.83&radius=201', 'Le rayon ne peut dépasser 200 km.'],
      ['/api/map/around?latitude=45.76&longitude=4.83&radius=0', 'Le rayon doit être supérieur à 0 km.'],
      ['/api/map/around?latitude=45.76&longitude=4.83', 'Le rayon (en kilomètres) doit être un nombre.'],
      [
        '/api/map/around?latitude=45.76&longitude=4.83&radius=5&limit=0',
        'Nombre d’établissements : au moins 1.',
      ],
      ['/api/map/around?longitude=4.83&radius=5', 'Latitude du centre : un nombre est attendu.'],
    ];
    for (const [url, message] of cases) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({
        code: 'ValidationError',
        message: 'Certaines informations sont invalides dans les paramètres de l’adresse.',
        details: expect.arrayContaining([expect.objectContaining({ message })]),
      });
    }
  });
});

describe('PointLocations.count', () => {
  it('counts the points of any box as a scan of them all does (property)', () => {
    // Enough points for a deep tree (64 a leaf), many at the same coordinates and on the boxes' edges.
    const grid = fc.integer({ min: 0, max: 40 }).map((k) => k / 4);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(grid, grid), { maxLength: 2000, size: 'max' }),
        fc.tuple(grid, grid),
        fc.tuple(grid, grid),
        (points, [x0, x1], [y0, y1]) => {
          const locations = new PointLocations(
            points.map(([x]) => x),
            points.map(([, y]) => y),
          );
          const [minX, maxX] = [Math.min(x0, x1), Math.max(x0, x1)];
          const [minY, maxY] = [Math.min(y0, y1), Math.max(y0, y1)];
          const expected = points.filter(([x, y]) => x >= minX && x <= maxX && y >= minY && y <= maxY).length;
          expect(locations.count(minX, minY, maxX, maxY)).toBe(expected);
          expect(locations.count(-1, -1, 11, 11)).toBe(points.length);
          expect(
            points.every(([x, y], i) => locations.longitude(i) === x && locations.latitude(i) === y),
          ).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('boxAround', () => {
  it('holds every point of the circle, on its edge, by the poles, across the antimeridian (property)', () => {
    const rad = Math.PI / 180;
    // The point `distance` km from `center` towards `bearing` (degrees), as a great circle goes.
    const destination = (center: LatLng, distance: number, bearing: number): LatLng => {
      const [φ1, λ1, θ, δ] = [
        center.latitude * rad,
        center.longitude * rad,
        bearing * rad,
        distance / EARTH_RADIUS_KM,
      ];
      const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
      const λ2 =
        λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
      const longitude = ((((λ2 / rad + 180) % 360) + 360) % 360) - 180;
      return { latitude: φ2 / rad, longitude };
    };
    const latitude = fc.oneof(
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.constantFrom(-90, -89.5, 0, 88.2, 90),
    );
    const longitude = fc.oneof(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.constantFrom(-180, -179.99, 179.5, 180),
    );
    // On the circle and just inside it, every tenth of a degree of bearing: the box's corners are found.
    const bearings = Array.from({ length: 3600 }, (_, k) => k / 10);
    fc.assert(
      fc.property(
        fc.record({ latitude, longitude }),
        fc.oneof(fc.double({ min: 0.001, max: 200, noNaN: true }), fc.constantFrom(200, 111.2, 0.5)),
        (center, radius) => {
          const { south, north, spans } = boxAround(center, radius);
          for (const share of [1, 1 - 1e-9]) {
            for (const bearing of bearings) {
              const exact = destination(center, radius * share, bearing);
              for (const p of [
                exact,
                { latitude: round6(exact.latitude), longitude: round6(exact.longitude) },
              ]) {
                if (!circleContainsPoint(center, radius, p)) continue;
                const inside =
                  p.latitude >= south &&
                  p.latitude <= north &&
                  spans.some(([west, east]) => p.longitude >= west && p.longitude <= east);
                if (!inside) expect({ center, radius, p, box: { south, north, spans } }).toBe('inside');
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('initialOf', () => {
  it('orders names of different ASCII initials as the French collator does (property)', () => {
    const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
    // Anything after it: accents to combine with the letter, apostrophes, other scripts, control characters.
    const rest = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.string({
        unit: fc.constantFrom('\u0301', '\u0308', '\u00b7', '’', "'", ' ', '-', 'e', 'œ', 'ß', '\u0000'),
        maxLength: 6,
      }),
      fc.constantFrom(...NAMES),
    );
    const name = fc.tuple(letter, rest).map(([first, after]) => first + after);
    fc.assert(
      fc.property(name, name, (a, b) => {
        const [x, y] = [initialOf(a.charCodeAt(0)), initialOf(b.charCodeAt(0))];
        if (x !== y) expect(Math.sign(byFrenchName.compare(a, b))).toBe(Math.sign(x - y));
      }),
      { numRuns: 5000 },
    );
    expect([
      initialOf('É'.charCodeAt(0)),
      initialOf('’'.charCodeAt(0)),
      initialOf('1'.charCodeAt(0)),
    ]).toEqual([-1, -1, -1]);
  });
});
