import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainDish } from '@tables-voisines/contract/test-support/dishes';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment, createMenuBoard } from '../../../test/factories';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

let t: TestApp;
// The app's clock, stopped at the file's start: `today` is the server's day, even past midnight in Paris.
const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
const yesterday = addDays(today, -1);
const lyonBox = {
  northEast: { latitude: 45.8, longitude: 4.9 },
  southWest: { latitude: 45.7, longitude: 4.8 },
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  const crepes = await createCategory(t.db, 'Crêpes');
  const pizza = await createCategory(t.db, 'Pizza');
  ids.crepes = crepes.id;
  ids.pizza = pizza.id;
  const place = (name: string, town: string, latitude: number, longitude: number, disabled = false) =>
    createEstablishment(t.db, { name, town, latitude, longitude, disabled });
  const inLyon = await place('Chez Jo', 'Lyon', 45.76, 4.83);
  const alsoInLyon = await place('La Pizz', 'Lyon', 45.75, 4.85);
  const disabled = await place('Fermé', 'Lyon', 45.75, 4.85, true);
  const inParis = await place('Paris Bistro', 'Paris', 48.85, 2.35);
  ids.jo = await createMenuBoard(t.db, {
    establishmentId: inLyon.id,
    date: today,
    title: 'Ardoise du jour',
    items: [
      { name: 'Galette complète', priceCents: 950, categoryId: crepes.id },
      { name: 'Crêpe au sucre', priceCents: 450, categoryId: crepes.id },
    ],
  });
  ids.pizz = await createMenuBoard(t.db, {
    establishmentId: alsoInLyon.id,
    date: today,
    items: [{ name: 'Margherita', priceCents: 1200, categoryId: pizza.id }],
  });
  ids.old = await createMenuBoard(t.db, {
    establishmentId: inLyon.id,
    date: yesterday,
    items: [{ name: 'Vieille ardoise', priceCents: 1000, categoryId: pizza.id }],
  });
  await createMenuBoard(t.db, {
    establishmentId: disabled.id,
    date: today,
    items: [{ name: 'Caché', priceCents: 1000, categoryId: pizza.id }],
  });
  await createMenuBoard(t.db, {
    establishmentId: inParis.id,
    date: today,
    items: [{ name: 'Loin', priceCents: 1000, categoryId: pizza.id }],
  });
  ids.jo_establishment = inLyon.id;
});
afterAll(() => t.close());

const surrounding = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/menuboards/surrounding', payload: payload as object });

describe('POST /menuboards/surrounding', () => {
  it("answers today's boards of enabled establishments inside the box, all categories when none is given", async () => {
    const response = await surrounding({ ...lyonBox, categories: [] });
    expect(response.statusCode).toBe(200);
    const boards = response.json();
    expect(boards.map((b: { id: string }) => b.id).sort()).toEqual([ids.jo, ids.pizz].sort());
    const jo = boards.find((b: { id: string }) => b.id === ids.jo);
    expect(jo).toEqual({
      id: ids.jo,
      establishment: {
        id: ids.jo_establishment,
        uri: 'chez-jo-a-lyon',
        name: 'Chez Jo',
        kind: 'restaurant',
        location: { latitude: 45.76, longitude: 4.83 },
      },
      title: 'Ardoise du jour',
      date: today,
      // The factory's place opens on Mondays only: closed on its board's day unless today is a Monday.
      closedOnDate: new Date(`${today}T12:00:00Z`).getUTCDay() !== 1,
      // Dishes written without the fields that say what is in them: not stated, and every dish matches.
      items: [
        { ...plainDish('Galette complète', 9.5, ids.crepes!), matches: true },
        { ...plainDish('Crêpe au sucre', 4.5, ids.crepes!), matches: true },
      ],
      // A board written before formules: none, and its cheapest dish of no course.
      formulas: [],
      fromPrice: 4.5,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('keeps only boards having an item in one of the categories', async () => {
    const boards = (await surrounding({ ...lyonBox, categories: [ids.pizza] })).json();
    expect(boards.map((b: { id: string }) => b.id)).toEqual([ids.pizz]);
  });

  it('accepts a body without categories', async () => {
    const response = await surrounding(lyonBox);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });

  it('answers an empty list for a box with nothing inside', async () => {
    const box = { northEast: { latitude: 43.1, longitude: 1.1 }, southWest: { latitude: 43, longitude: 1 } };
    expect((await surrounding(box)).json()).toEqual([]);
  });

  it.each([
    ['a degenerate box', { northEast: lyonBox.northEast, southWest: lyonBox.northEast }],
    ['an inverted box', { northEast: lyonBox.southWest, southWest: lyonBox.northEast }],
    ['a missing corner', { northEast: lyonBox.northEast }],
    ['a latitude out of range', { ...lyonBox, northEast: { latitude: 95, longitude: 4.9 } }],
    ['a string coordinate', { ...lyonBox, northEast: { latitude: '45.8', longitude: 4.9 } }],
    ['a category that is not an id', { ...lyonBox, categories: ['pizza'] }],
    ['an unknown field', { ...lyonBox, radius: 3 }],
    ['a huge string', { ...lyonBox, categories: ['x'.repeat(100_000)] }],
  ])('refuses %s with a 400 and details', async (_label, payload) => {
    const response = await surrounding(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ValidationError', details: expect.any(Array) });
    expect(response.json().details.length).toBeGreaterThan(0);
  });

  // Not a 500: malformed JSON is the client's error, a body too large or of another type is refused unread.
  it.each([
    ['malformed JSON', 400, 'application/json', '{"northEast": {', 'ValidationError', /JSON/],
    [
      'a body over 1 MB',
      413,
      'application/json',
      JSON.stringify({ ...lyonBox, pad: 'x'.repeat(1_100_000) }),
      'PayloadTooLarge',
      /./,
    ],
    ['a body that is not JSON', 415, 'text/plain', 'bonjour', 'UnsupportedMediaType', /./],
  ])('refuses %s with a %i', async (_label, status, contentType, payload, code, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/menuboards/surrounding',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, message: expect.stringMatching(message) });
  });
});
