/*
 * The open data files (docs/api.md, "Import and open data"): the visible establishments in GeoJSON and CSV,
 * today's dishes in CSV, with no sign-in, cross-origin, under the Licence Ouverte 2.0, made once per state of
 * the data and answered 304 while it is unchanged.
 */
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment, createMenuBoard } from '../../../test/factories';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { establishments } from '../../db/schema';
import { OPEN_DATA_LICENCE } from './open-data.routes';
import OpeningHours from 'opening_hours';
import { fromOsmOpeningHours, toOsmOpeningHours } from './osm-opening-hours';

let t: TestApp;
// The app's clock, stopped at the file's start: "today" is the server's day, even past midnight in Paris.
const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
let open: { id: string; uri: string };
let closedToday: { id: string };
let hidden: { id: string };
let gone: { id: string };

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const csvRows = (body: string) => parse(body, { columns: true }) as Record<string, string>[];

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  const plats = await createCategory(t.db, 'Plats');
  const bistrot = await createCategory(t.db, 'Bistrot');
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '12:00', closes: '14:30' }));
  open = await createEstablishment(t.db, {
    name: '=Le Comptoir, « chez Lulu »',
    town: 'Lyon',
    latitude: 45.7601,
    longitude: 4.8357,
    phone: '04 78 00 00 00',
    email: 'lulu@exemple.fr',
    openingHours: [...everyDay, { day: 5, opens: '19:00', closes: '00:30' }],
    categoryIds: [bistrot.id],
  });
  // Closed today for its annual leave: its board is not today's lunch.
  closedToday = await createEstablishment(t.db, {
    name: 'Les Congés',
    openingHours: everyDay,
    closures: [{ from: addDays(today, -1), to: addDays(today, 2), reason: 'Congés annuels' }],
  });
  hidden = await createEstablishment(t.db, { name: 'Le Caché', disabled: true, openingHours: everyDay });
  gone = await createEstablishment(t.db, {
    name: 'Le Fermé',
    closedForGoodAt: clock.now(),
    openingHours: everyDay,
  });
  await createMenuBoard(t.db, {
    establishmentId: open.id,
    date: today,
    items: [
      {
        name: 'Quenelle de brochet',
        priceCents: 1450,
        categoryId: plats.id,
        allergens: ['gluten', 'fish', 'milk'],
      },
      {
        name: 'Salade lyonnaise',
        priceCents: 990,
        categoryId: plats.id,
        allergens: [],
        diets: ['vegetarian'],
      },
      { name: '-Tarte du jour', priceCents: 600, categoryId: plats.id, homemade: true },
    ],
  });
  await createMenuBoard(t.db, {
    establishmentId: open.id,
    date: addDays(today, 1),
    items: [{ name: 'Demain', priceCents: 1000, categoryId: plats.id }],
  });
  for (const place of [closedToday, hidden, gone]) {
    await createMenuBoard(t.db, {
      establishmentId: place.id,
      date: today,
      items: [{ name: `Plat de ${place.id}`, priceCents: 1000, categoryId: plats.id }],
    });
  }
  t.app.ctx.dataVersion.bump();
});
afterAll(() => t.close());

describe('open data', () => {
  it('gives the visible establishments as GeoJSON points with their public fields, under the Licence Ouverte', async () => {
    const answer = await get('/api/open-data/establishments.geojson', {
      origin: 'https://reutilisateur.example',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/geo+json');
    expect(answer.headers.link).toBe(`<${OPEN_DATA_LICENCE}>; rel="license"`);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const collection = answer.json<{
      type: string;
      features: {
        id: string;
        geometry: { type: string; coordinates: number[] };
        properties: Record<string, unknown>;
      }[];
    }>();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f) => f.id).sort()).toEqual([open.id, closedToday.id].sort());
    const lulu = collection.features.find((f) => f.id === open.id)!;
    expect(lulu.geometry).toEqual({ type: 'Point', coordinates: [4.8357, 45.7601] });
    expect(lulu.properties).toMatchObject({
      // JSON is no spreadsheet: the name as it is.
      name: '=Le Comptoir, « chez Lulu »',
      url: `${t.config.publicUrl}${establishmentPath('restaurant', open.uri)}`,
      phone: '04 78 00 00 00',
      categories: ['Bistrot'],
      opening_hours: 'Mo-Th,Su 12:00-14:30; Fr 12:00-14:30,19:00-24:00; Sa 00:00-00:30,12:00-14:30',
    });
    // No owner, claim code, photo or hidden state.
    expect(Object.keys(lulu.properties)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/owner|claim|photo|disabled/)]),
    );
    const closed = collection.features.find((f) => f.id === closedToday.id)!;
    expect(closed.properties.closures).toBe(`${addDays(today, -1)}/${addDays(today, 2)}`);
  });

  it('gives the same establishments in CSV, commas and points, formulas neutralised', async () => {
    const answer = await get('/api/open-data/establishments.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers.link).toBe(`<${OPEN_DATA_LICENCE}>; rel="license"`);
    expect(answer.body.charCodeAt(0)).not.toBe(0xfeff);
    const rows = csvRows(answer.body);
    expect(rows.map((r) => r.id).sort()).toEqual([open.id, closedToday.id].sort());
    const lulu = rows.find((r) => r.id === open.id)!;
    expect(lulu).toMatchObject({
      name: "'=Le Comptoir, « chez Lulu »",
      latitude: '45.7601',
      longitude: '4.8357',
      categories: 'Bistrot',
      opening_hours: 'Mo-Th,Su 12:00-14:30; Fr 12:00-14:30,19:00-24:00; Sa 00:00-00:30,12:00-14:30',
      closures: '',
    });
  });

  it('gives today’s dishes of places open today, one per row', async () => {
    const answer = await get('/api/open-data/menus.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`inline; filename="ardoises-${today}.csv"`);
    const rows = csvRows(answer.body);
    expect(rows).toEqual([
      {
        date: today,
        establishment_id: open.id,
        establishment_url: `${t.config.publicUrl}${establishmentPath('restaurant', open.uri)}`,
        establishment_name: "'=Le Comptoir, « chez Lulu »",
        dish: 'Quenelle de brochet',
        description: '',
        price: '14.50',
        category: 'Plats',
        allergens: 'gluten|fish|milk',
        diets: '',
        homemade: 'false',
        // Not said, and no formule (decision 0089).
        course: '',
        formulas: '',
      },
      expect.objectContaining({
        dish: 'Salade lyonnaise',
        price: '9.90',
        allergens: 'none',
        diets: 'vegetarian',
      }),
      // Not stated: empty, unlike « none of the 14 ».
      expect.objectContaining({ dish: "'-Tarte du jour", price: '6.00', allergens: '', homemade: 'true' }),
    ]);
  });

  it('answers 304 while nothing changed, and the new file after a change', async () => {
    for (const url of ['/api/open-data/establishments.csv', '/api/open-data/menus.csv']) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag, url).toBeTruthy();
      expect((await get(url, { 'if-none-match': etag })).statusCode, url).toBe(304);
      await t.db
        .update(establishments)
        .set({ name: `Chez Lulu ${url}`, town: 'Villeurbanne', updatedAt: new Date() })
        .where(eq(establishments.id, open.id));
      t.app.ctx.dataVersion.bump();
      const changed = await get(url, { 'if-none-match': etag });
      expect(changed.statusCode, url).toBe(200);
      expect(changed.headers.etag, url).not.toBe(etag);
    }
    expect(
      csvRows((await get('/api/open-data/establishments.csv')).body).find((r) => r.id === open.id)?.town,
    ).toBe('Villeurbanne');
  });

  it('answers HEAD with the same headers and no body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/open-data/establishments.geojson' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.link).toBe(`<${OPEN_DATA_LICENCE}>; rel="license"`);
    expect(head.body).toBe('');
  });
});

describe('opening hours in OpenStreetMap’s syntax', () => {
  it.each([
    [[], ''],
    [[{ day: 1, opens: '12:00', closes: '14:00' }], 'Mo 12:00-14:00'],
    [[1, 2, 3, 4, 5].map((day) => ({ day, opens: '12:00', closes: '14:00' })), 'Mo-Fr 12:00-14:00'],
    [[1, 2, 4].map((day) => ({ day, opens: '08:00', closes: '00:00' })), 'Mo,Tu,Th 08:00-24:00'],
    [
      [
        { day: 6, opens: '19:00', closes: '01:30' },
        { day: 6, opens: '11:30', closes: '14:00' },
        { day: 7, opens: '11:30', closes: '14:00' },
      ],
      'Sa 11:30-14:00,19:00-24:00; Su 00:00-01:30,11:30-14:00',
    ],
  ])('writes %j as « %s »', (hours, expected) => {
    expect(toOsmOpeningHours(hours)).toBe(expected);
    if (expected === '') return;
    // OpenStreetMap's own reader opens it at the same times: over the week of Monday 7 December 2026.
    const read = new OpeningHours(expected);
    const minutes = (d: Date) =>
      (d.getDay() === 0 ? 6 : d.getDay() - 1) * 1440 + d.getHours() * 60 + d.getMinutes();
    const intervals = read
      .getOpenIntervals(new Date(2026, 11, 7), new Date(2026, 11, 14, 6))
      .map(([from, to]) => [minutes(from), minutes(to) + (to.getDate() === 14 ? 7 * 1440 : 0)]);
    const asMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    const wanted = hours
      .map((h) => {
        const from = (h.day - 1) * 1440 + asMinutes(h.opens);
        const length = (asMinutes(h.closes) - asMinutes(h.opens) + 1440) % 1440 || 1440;
        return [from, from + length];
      })
      .sort((a, b) => a[0]! - b[0]!);
    expect(intervals).toEqual(wanted);
  });
});

describe('OpenStreetMap’s opening hours read into a week', () => {
  it.each([
    ['Mo-Fr 12:00-14:00', [1, 2, 3, 4, 5].map((day) => ({ day, opens: '12:00', closes: '14:00' }))],
    [
      'Tu-Sa 12:00-14:00,19:00-22:30; PH off',
      [2, 3, 4, 5, 6].flatMap((day) => [
        { day, opens: '12:00', closes: '14:00' },
        { day, opens: '19:00', closes: '22:30' },
      ]),
    ],
    ['Fr 19:00-01:30', [{ day: 5, opens: '19:00', closes: '01:30' }]],
    ['Su 19:00-02:00', [{ day: 7, opens: '19:00', closes: '02:00' }]],
    [
      'Sa 11:30-14:00,19:00-24:00; Su 00:00-01:30',
      [
        { day: 6, opens: '11:30', closes: '14:00' },
        { day: 6, opens: '19:00', closes: '01:30' },
      ],
    ],
    [
      '24/7',
      [1, 2, 3, 4, 5, 6, 7].flatMap((day) => [
        { day, opens: '00:00', closes: '12:00' },
        { day, opens: '12:00', closes: '00:00' },
      ]),
    ],
    ['', []],
  ])('reads « %s »', async (text, hours) => {
    expect(await fromOsmOpeningHours(text)).toEqual({ hours });
  });

  it('writes back what it reads, as OpenStreetMap reads it', async () => {
    for (const text of [
      'Mo-Fr 12:00-14:00,19:00-22:30; Sa 19:00-24:00; Su 00:00-01:00',
      'Mo,We,Fr 08:00-12:00',
    ]) {
      const read = await fromOsmOpeningHours(text);
      expect('hours' in read && toOsmOpeningHours(read.hours), text).toBe(text);
    }
  });

  it.each([
    ['Mo-Fr 12:00-14:00; Jan off', 'changent d’une semaine à l’autre'],
    ['week 1-53/2 Mo 12:00-14:00', 'changent d’une semaine à l’autre'],
    ['n’importe quoi', 'illisibles'],
  ])('refuses « %s » with why, in French', async (text, why) => {
    const read = await fromOsmOpeningHours(text);
    expect('error' in read && read.error).toContain(why);
  });
});
