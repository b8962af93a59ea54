import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  createCategory,
  createEstablishment,
  createMenuBoard,
  disableEstablishment,
} from '../../../test/factories';
import {
  findSurroundingMenuBoards,
  surroundingMenuBoardsJson,
  type MenuBoardAnswer,
} from './menu-boards.queries';

/** The version is the `ETag` of a board, not part of the answer. */
const withoutVersions = (boards: MenuBoardAnswer[]) => boards.map(({ version: _v, ...board }) => board);

let t: TestApp;
const day = '2026-03-14';
const lyon = {
  southWest: { latitude: 45.7, longitude: 4.78 },
  northEast: { latitude: 45.81, longitude: 4.9 },
};
let crepes: string;
let pizza: string;

beforeAll(async () => {
  t = await createTestApp();
  crepes = (await createCategory(t.db, 'Crêpes')).id;
  pizza = (await createCategory(t.db, 'Pizza')).id;
  for (let i = 0; i < 6; i++) {
    const e = await createEstablishment(t.db, {
      name: `L'Ardoise « ${i} »`,
      latitude: 45.75 + i * 0.005,
      longitude: 4.83 + i * 0.005,
    });
    await createMenuBoard(t.db, {
      establishmentId: e.id,
      date: day,
      title: `Menu n°${i} — "spécial"`,
      items: [
        { name: 'Galette complète', priceCents: 1290, categoryId: crepes },
        { name: 'Margherita', priceCents: 950 + i, categoryId: i % 2 === 0 ? pizza : crepes },
      ],
    });
    await createMenuBoard(t.db, {
      establishmentId: e.id,
      date: '2026-03-13',
      items: [{ name: 'Hier', priceCents: 100, categoryId: pizza }],
    });
    if (i === 5) await disableEstablishment(t.db, e.id);
  }
  const paris = await createEstablishment(t.db, { name: 'Loin', latitude: 48.85, longitude: 2.35 });
  await createMenuBoard(t.db, {
    establishmentId: paris.id,
    date: day,
    items: [{ name: 'Crêpe', priceCents: 500, categoryId: crepes }],
  });
});
afterAll(() => t.close());

describe('surrounding menu boards built as JSON by the database', () => {
  for (const [label, categories] of [
    ['every category', () => []],
    ['one category', () => [pizza]],
    ['two categories', () => [pizza, crepes]],
  ] as const) {
    it(`answers exactly what the JavaScript assembly answers (${label})`, async () => {
      const expected = withoutVersions(await findSurroundingMenuBoards(t.db, lyon, [...categories()], day));
      const json = JSON.parse(await surroundingMenuBoardsJson(t.db, lyon, [...categories()], day));
      expect(json).toEqual(expected);
      expect(json.length).toBe(label === 'one category' ? 3 : 5);
    });
  }

  it('answers an empty array for an empty box, and caps the number of boards', async () => {
    const empty = { southWest: { latitude: 10, longitude: 10 }, northEast: { latitude: 11, longitude: 11 } };
    expect(await surroundingMenuBoardsJson(t.db, empty, [], day)).toBe('[]');
    const capped = JSON.parse(await surroundingMenuBoardsJson(t.db, lyon, [], day, 2));
    expect(capped).toEqual(withoutVersions(await findSurroundingMenuBoards(t.db, lyon, [], day)).slice(0, 2));
  });
});
