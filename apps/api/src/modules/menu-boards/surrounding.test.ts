import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  DIETS,
  dishMatches,
  normalizeAllergens,
  normalizeDiets,
  type Allergen,
  type Diet,
  type DishFilters,
} from '@tables-voisines/contract/dishes';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  createCategory,
  createEstablishment,
  createMenuBoard,
  disableEstablishment,
} from '../../../test/factories';
import { NO_DISH_FILTERS } from './dish-filters.queries';
import { findSurroundingMenuBoards, surroundingMenuBoardsJson } from './menu-boards.queries';

let t: TestApp;
const day = '2026-03-14';
const lyon = {
  southWest: { latitude: 45.7, longitude: 4.78 },
  northEast: { latitude: 45.81, longitude: 4.9 },
};
let crepes: string;
let pizza: string;

const filters = (overrides: Partial<DishFilters>): DishFilters => ({ ...NO_DISH_FILTERS, ...overrides });

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
        {
          name: 'Galette complète',
          priceCents: 1290,
          categoryId: crepes,
          description: i === 0 ? 'Jambon, œuf « miroir » et emmental\nrâpé' : null,
          allergens: i % 3 === 0 ? null : ['eggs', 'milk'],
          meatOrigin: i === 1 ? 'Porc né, élevé et abattu en France' : null,
        },
        {
          name: 'Margherita',
          priceCents: 950 + i,
          categoryId: i % 2 === 0 ? pizza : crepes,
          allergens: i === 4 ? [] : ['gluten', 'milk'],
          diets: i < 2 ? ['vegetarian', 'vegan'] : ['vegetarian'],
          homemade: i === 2,
        },
      ],
    });
    await createMenuBoard(t.db, {
      establishmentId: e.id,
      date: '2026-03-13',
      items: [{ name: 'Hier', priceCents: 100, categoryId: pizza, allergens: [], homemade: true }],
    });
    if (i === 5) await disableEstablishment(t.db, e.id);
  }
  const paris = await createEstablishment(t.db, { name: 'Loin', latitude: 48.85, longitude: 2.35 });
  await createMenuBoard(t.db, {
    establishmentId: paris.id,
    date: day,
    items: [{ name: 'Crêpe', priceCents: 500, categoryId: crepes, allergens: [] }],
  });
});
afterAll(() => t.close());

describe('surrounding menu boards built as JSON by the database', () => {
  for (const [label, of, count] of [
    ['every category', () => NO_DISH_FILTERS, 5],
    ['one category', () => filters({ categories: [pizza] }), 3],
    ['two categories', () => filters({ categories: [pizza, crepes] }), 5],
    ['without gluten', () => filters({ excludeAllergens: ['gluten'] }), 3],
    ['without gluten nor eggs', () => filters({ excludeAllergens: ['gluten', 'eggs'] }), 1],
    ['vegan', () => filters({ diets: ['vegetarian', 'vegan'] }), 2],
    ['fait maison', () => filters({ homemade: true }), 1],
    ['pizza without milk', () => filters({ categories: [pizza], excludeAllergens: ['milk'] }), 1],
    ['nothing matches', () => filters({ diets: ['kosher'] }), 0],
  ] as const) {
    it(`answers exactly what the JavaScript assembly answers (${label})`, async () => {
      const expected = await findSurroundingMenuBoards(t.db, lyon, of(), day);
      const json = JSON.parse(await surroundingMenuBoardsJson(t.db, lyon, of(), day));
      expect(json).toEqual(expected);
      expect(json.length).toBe(count);
    });
  }

  it('gives every dish field, and marks each dish with whether it passes the filters', async () => {
    const [first, second] = JSON.parse(
      await surroundingMenuBoardsJson(t.db, lyon, filters({ excludeAllergens: ['gluten'] }), day),
    );
    // Board 0: allergens of the galette not stated, the margherita has gluten: not answered.
    expect(first.title).toBe('Menu n°1 — "spécial"');
    expect(first.items).toEqual([
      {
        name: 'Galette complète',
        price: 12.9,
        category: crepes,
        description: null,
        allergens: ['eggs', 'milk'],
        diets: [],
        homemade: false,
        meatOrigin: 'Porc né, élevé et abattu en France',
        course: null,
        matches: true,
      },
      {
        name: 'Margherita',
        price: 9.51,
        category: crepes,
        description: null,
        allergens: ['gluten', 'milk'],
        diets: ['vegetarian', 'vegan'],
        homemade: false,
        meatOrigin: null,
        course: null,
        matches: false,
      },
    ]);
    expect(second.items.map((i: { matches: boolean }) => i.matches)).toEqual([true, false]);
    const all = JSON.parse(await surroundingMenuBoardsJson(t.db, lyon, NO_DISH_FILTERS, day));
    expect(all[0].items[0].description).toBe('Jambon, œuf « miroir » et emmental\nrâpé');
    expect(all.flatMap((b: { items: { matches: boolean }[] }) => b.items.map((i) => i.matches))).toEqual(
      Array(10).fill(true),
    );
  });

  it('answers an empty array for an empty box, and caps the number of boards', async () => {
    const empty = { southWest: { latitude: 10, longitude: 10 }, northEast: { latitude: 11, longitude: 11 } };
    expect(await surroundingMenuBoardsJson(t.db, empty, NO_DISH_FILTERS, day)).toBe('[]');
    const capped = JSON.parse(await surroundingMenuBoardsJson(t.db, lyon, NO_DISH_FILTERS, day, 2));
    expect(capped).toEqual((await findSurroundingMenuBoards(t.db, lyon, NO_DISH_FILTERS, day)).slice(0, 2));
  });
});

describe('the dish filters in SQL say what dishMatches says', () => {
  const propertyDay = '2026-04-02';
  const box = { southWest: { latitude: 43, longitude: 5 }, northEast: { latitude: 43.5, longitude: 5.5 } };
  const allergensArb = fc.option(fc.subarray([...ALLERGENS], { maxLength: 5 }), { nil: null });
  const dishArb = fc.record({
    category: fc.constantFrom('a', 'b'),
    allergens: allergensArb,
    diets: fc.subarray([...DIETS]),
    homemade: fc.boolean(),
  });
  const filtersArb = fc.record({
    categories: fc.subarray(['a', 'b'] as const, { maxLength: 1 }),
    excludeAllergens: fc.subarray([...ALLERGENS], { maxLength: 3 }),
    diets: fc.subarray([...DIETS], { maxLength: 2 }),
    homemade: fc.boolean(),
  });
  // Boards of one to twelve dishes, made once: each filter is then checked against every board. The SQL reads a
  // board of up to eight dishes by position and unnests a longer one (`someDishPasses`): both are drawn, and
  // two boards whose only dish that can pass is the last, the eighth or the tenth.
  const lastPasses = (length: number) => [
    ...Array.from({ length: length - 1 }, () => ({
      category: 'b' as const,
      allergens: null,
      diets: [] as Diet[],
      homemade: false,
    })),
    { category: 'a' as const, allergens: [] as Allergen[], diets: ['vegan'] as Diet[], homemade: true },
  ];
  const boards = [
    ...fc.sample(fc.array(dishArb, { minLength: 1, maxLength: 12 }), { numRuns: 40, seed: 49 }),
    lastPasses(8),
    lastPasses(10),
  ];
  let categoryIds: Record<'a' | 'b', string>;

  beforeAll(async () => {
    categoryIds = {
      a: (await createCategory(t.db, 'Salades')).id,
      b: (await createCategory(t.db, 'Desserts')).id,
    };
    for (const [index, dishes] of boards.entries()) {
      const e = await createEstablishment(t.db, { latitude: 43.1 + index * 0.005, longitude: 5.2 });
      await createMenuBoard(t.db, {
        establishmentId: e.id,
        date: propertyDay,
        title: `Ardoise ${index}`,
        items: dishes.map((dish, position) => ({
          name: `Plat ${index}.${position}`,
          priceCents: 1000,
          categoryId: categoryIds[dish.category],
          allergens: dish.allergens === null ? null : normalizeAllergens(dish.allergens),
          diets: normalizeDiets(dish.diets),
          homemade: dish.homemade,
        })),
      });
    }
  });

  it('answers the boards having a dish that passes every filter, each dish marked as dishMatches marks it', async () => {
    expect(boards.some((dishes) => dishes.length > 8 && dishes.length < 12)).toBe(true);
    await fc.assert(
      fc.asyncProperty(filtersArb, async (drawn) => {
        const asked: DishFilters = {
          categories: drawn.categories.map((c) => categoryIds[c]),
          excludeAllergens: normalizeAllergens(drawn.excludeAllergens as Allergen[]),
          diets: normalizeDiets(drawn.diets as Diet[]),
          homemade: drawn.homemade,
        };
        const expected = boards
          .map((dishes, index) => ({
            title: `Ardoise ${index}`,
            matches: dishes.map((dish) =>
              dishMatches(
                {
                  category: categoryIds[dish.category],
                  allergens: dish.allergens,
                  diets: normalizeDiets(dish.diets),
                  homemade: dish.homemade,
                },
                asked,
              ),
            ),
          }))
          .filter((board) => board.matches.some(Boolean));
        const answered = JSON.parse(await surroundingMenuBoardsJson(t.db, box, asked, propertyDay)) as {
          title: string;
          items: { matches: boolean }[];
        }[];
        const got = answered
          .map((b) => ({ title: b.title, matches: b.items.map((i) => i.matches) }))
          .sort((x, y) => Number(x.title.split(' ')[1]) - Number(y.title.split(' ')[1]));
        expect(got).toEqual(expected);
      }),
      { numRuns: 60, seed: 49 },
    );
  });
});

describe('boards of a day their establishment is closed', () => {
  // A Wednesday, and the Thursday after it (the day rolling over in Paris).
  const wednesday = '2026-05-06';
  const thursday = '2026-05-07';
  const bordeaux = {
    southWest: { latitude: 44.8, longitude: -0.65 },
    northEast: { latitude: 44.9, longitude: -0.5 },
  };
  const lunches = (days: number[]) => days.map((day) => ({ day, opens: '12:00', closes: '14:30' }));
  const everyDay = lunches([1, 2, 3, 4, 5, 6, 7]);
  const places = {
    inClosure: { openingHours: everyDay, closures: [{ from: wednesday, to: wednesday, reason: 'Travaux' }] },
    untilFurtherNotice: {
      openingHours: everyDay,
      closures: [{ from: '2026-05-01', to: null, reason: null }],
    },
    noSlotThatWeekday: { openingHours: lunches([1, 2, 4, 5, 6]), closures: [] },
    noHoursAtAll: { openingHours: [], closures: [] },
    open: {
      openingHours: everyDay,
      closures: [
        { from: '2026-05-01', to: '2026-05-05', reason: 'Congés' },
        { from: '2026-05-08', to: '2026-05-08', reason: null },
      ],
    },
  };
  const names = Object.keys(places) as (keyof typeof places)[];

  beforeAll(async () => {
    for (const [index, name] of names.entries()) {
      const e = await createEstablishment(t.db, {
        name,
        latitude: 44.84 + index * 0.002,
        longitude: -0.58,
        ...places[name],
      });
      for (const date of [wednesday, thursday]) {
        await createMenuBoard(t.db, {
          establishmentId: e.id,
          date,
          items: [{ name: `Plat de ${name}`, priceCents: 1850, categoryId: pizza }],
        });
      }
    }
  });

  /** `closedOnDate` of each place's board of `date`, from the database's JSON and from the JavaScript assembly. */
  async function closedOn(date: string) {
    const json = JSON.parse(await surroundingMenuBoardsJson(t.db, bordeaux, NO_DISH_FILTERS, date)) as {
      establishment: { name: string };
      closedOnDate: boolean;
    }[];
    expect(json).toEqual(await findSurroundingMenuBoards(t.db, bordeaux, NO_DISH_FILTERS, date));
    return Object.fromEntries(json.map((b) => [b.establishment.name, b.closedOnDate]));
  }

  it('are answered, marked closedOnDate: a closure covering the day, or hours but none that weekday', async () => {
    expect(await closedOn(wednesday)).toEqual({
      inClosure: true,
      untilFurtherNotice: true,
      noSlotThatWeekday: true,
      noHoursAtAll: false,
      open: false,
    });
  });

  it('are read on each board’s own day: the next day’s boards are open again', async () => {
    expect(await closedOn(thursday)).toEqual({
      inClosure: false,
      untilFurtherNotice: true,
      noSlotThatWeekday: false,
      noHoursAtAll: false,
      open: false,
    });
  });

  it('stay marked under a dish filter', async () => {
    const json = JSON.parse(
      await surroundingMenuBoardsJson(t.db, bordeaux, filters({ categories: [pizza] }), wednesday),
    ) as { establishment: { name: string }; closedOnDate: boolean }[];
    expect(json.filter((b) => b.closedOnDate).map((b) => b.establishment.name)).toEqual([
      'inClosure',
      'untilFurtherNotice',
      'noSlotThatWeekday',
    ]);
  });
});
