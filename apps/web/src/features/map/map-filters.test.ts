import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceKm, type Bounds } from '@tables-voisines/contract/geo';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { isInsideBounds } from './map-rules';
import {
  activeDishFilters,
  boardsOfShown,
  dishFilterLabel,
  dishFiltersGiven,
  isDishFilterOn,
  menuBoardsOnMap,
  NO_DISH_FILTERS,
  offeredBoards,
  pointsInView,
  sameDishFilters,
  withDishFilter,
  withoutPrice,
} from './map-filters';
import type { MapPoint } from './map-points';

const board = (id: string, latitude: number, longitude: number) =>
  ({ id, establishment: { location: { latitude, longitude } } }) as unknown as MenuBoard;

const lyon = { latitude: 45.76, longitude: 4.84 };
const box: Bounds = {
  northEast: { latitude: 45.8, longitude: 4.9 },
  southWest: { latitude: 45.7, longitude: 4.78 },
};

describe('menuBoardsOnMap', () => {
  const boards = [
    board('far', 45.79, 4.89),
    board('centre', 45.761, 4.841),
    board('paris', 48.85, 2.35),
    board('near', 45.765, 4.85),
  ];

  it('keeps the boards inside the box, all of them under the limit', () => {
    expect(menuBoardsOnMap(boards, box, lyon, 10).map((b) => b.id)).toEqual(['far', 'centre', 'near']);
  });

  it('draws only the nearest to the centre past the limit', () => {
    expect(menuBoardsOnMap(boards, box, lyon, 2).map((b) => b.id)).toEqual(['centre', 'near']);
  });

  it('takes every board when the box is not known yet', () => {
    expect(menuBoardsOnMap(boards, null, lyon, 3).map((b) => b.id)).toEqual(['centre', 'near', 'far']);
  });
});

const point = (uri: string, latitude: number, longitude: number) =>
  ({ uri, location: { latitude, longitude } }) as unknown as MapPoint;

describe('pointsInView', () => {
  it('counts the places in the box and lists the nearest to the centre first', () => {
    const points = [point('far', 45.79, 4.89), point('paris', 48.85, 2.35), point('near', 45.765, 4.85)];
    const inView = pointsInView(points, box, lyon);
    expect(inView.length).toBe(2);
    expect(inView.slice(0, 10).map((p) => p.uri)).toEqual(['near', 'far']);
    expect(inView.slice(1, 2).map((p) => p.uri)).toEqual(['far']);
    expect(pointsInView(points, null, lyon).length).toBe(3);
  });

  it('keeps the order of the feed between places at the same distance', () => {
    const spots: [number, number][] = [
      [45.79, 4.89],
      [45.765, 4.85],
      [45.71, 4.8],
    ];
    const points = Array.from({ length: 200 }, (_, i) => {
      const [latitude, longitude] = spots[(i * 7) % 3]!;
      return point(`p${i}`, latitude, longitude);
    });
    const near = points.filter((p) => p.location.latitude === 45.765).map((p) => p.uri);
    expect(
      pointsInView(points, box, lyon)
        .slice(0, 20)
        .map((p) => p.uri),
    ).toEqual(near.slice(0, 20));
  });

  it('gives every page in the order of a stable sort by distance, ties included', () => {
    // Coordinates on a coarse grid: many places at the same distance from the centre.
    const coordinate = fc.tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 12 }));
    fc.assert(
      fc.property(
        fc.array(coordinate, { maxLength: 300 }),
        fc.integer({ min: 0, max: 320 }),
        fc.integer({ min: 1, max: 40 }),
        (cells, end, growth) => {
          const points = cells.map(([lat, lon], i) => point(`p${i}`, 45.7 + lat / 100, 4.78 + lon / 100));
          const expected = points
            .filter((p) => isInsideBounds(box, p.location))
            .map((p, i) => ({ p, i, d: distanceKm(lyon, p.location) }))
            .sort((a, b) => a.d - b.d)
            .map(({ p }) => p.uri);
          const inView = pointsInView(points, box, lyon);
          expect(inView.length).toBe(expected.length);
          expect(inView.slice(0, end).map((p) => p.uri)).toEqual(expected.slice(0, end));
          // A longer page after a shorter one ("Afficher plus") ranks again, the same way.
          expect(inView.slice(0, end + growth).map((p) => p.uri)).toEqual(expected.slice(0, end + growth));
        },
      ),
      { seed: 20261124, numRuns: 300 },
    );
  });
});

describe('offeredBoards', () => {
  const boardOf = (id: string, closedOnDate: boolean) => ({ id, closedOnDate }) as unknown as MenuBoard;

  it('leaves out the boards of a place closed on their day, in order', () => {
    const boards = [boardOf('1', false), boardOf('2', true), boardOf('3', false)];
    expect(offeredBoards(boards).map((b) => b.id)).toEqual(['1', '3']);
    expect(offeredBoards([boardOf('4', true)])).toEqual([]);
  });

  it('answers the same array when every board is offered', () => {
    const boards = [boardOf('1', false), boardOf('2', false)];
    expect(offeredBoards(boards)).toBe(boards);
  });
});

describe('boardsOfShown', () => {
  // Boards and places are matched by the establishment's uri (the map feed has no id).
  const boardOf = (id: string, establishmentUri: string) =>
    ({ id, establishment: { uri: establishmentUri } }) as unknown as MenuBoard;
  const places = ['a', 'b', 'c', 'd'].map((uri) => point(uri, 45, 4));

  it('keeps the boards of the places shown, in their order, and none of the others', () => {
    const boards = [boardOf('1', 'c'), boardOf('2', 'x'), boardOf('3', 'a'), boardOf('4', 'c')];
    expect(boardsOfShown(boards, places).map((b) => b.id)).toEqual(['1', '3', '4']);
    expect(boardsOfShown(boards, places.slice(0, 2)).map((b) => b.id)).toEqual(['3']);
    expect(boardsOfShown(boards, [])).toEqual([]);
  });

  it('gives the same empty list back when there is no board (the components showing them keep it)', () => {
    const none: MenuBoard[] = [];
    expect(boardsOfShown(none, places)).toBe(none);
  });

  it('agrees with filtering the boards by a set of the places shown', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 12 }),
        fc.subarray(['a', 'b', 'c', 'd', 'e', 'f']),
        (boardPlaces, shownUris) => {
          const boards = boardPlaces.map((place, i) => boardOf(String(i), place));
          const shown = shownUris.map((uri) => point(uri, 45, 4));
          const uris = new Set(shownUris);
          expect(boardsOfShown(boards, shown)).toEqual(boards.filter((b) => uris.has(b.establishment.uri)));
        },
      ),
    );
  });
});

describe('the dish filters', () => {
  it('are said as their check boxes and chips say them', () => {
    expect(dishFilterLabel({ type: 'allergen', value: 'gluten' })).toBe('Sans gluten');
    expect(dishFilterLabel({ type: 'allergen', value: 'nuts' })).toBe('Sans fruits à coque');
    expect(dishFilterLabel({ type: 'diet', value: 'kosher' })).toBe('Casher');
    expect(dishFilterLabel({ type: 'homemade' })).toBe('Fait maison');
  });

  it('keep the contract’s order whatever the order they were given in, each once', () => {
    let filters = withDishFilter(NO_DISH_FILTERS, { type: 'allergen', value: 'milk' }, true);
    filters = withDishFilter(filters, { type: 'allergen', value: 'gluten' }, true);
    filters = withDishFilter(filters, { type: 'allergen', value: 'gluten' }, true);
    filters = withDishFilter(filters, { type: 'diet', value: 'halal' }, true);
    filters = withDishFilter(filters, { type: 'diet', value: 'vegan' }, true);
    filters = withDishFilter(filters, { type: 'homemade' }, true);
    expect(filters).toEqual({
      excludeAllergens: ['gluten', 'milk'],
      diets: ['vegan', 'halal'],
      homemade: true,
    });
    expect(activeDishFilters(filters).map(dishFilterLabel)).toEqual([
      'Sans gluten',
      'Sans lait',
      'Végan',
      'Halal',
      'Fait maison',
    ]);
    const without = withDishFilter(filters, { type: 'allergen', value: 'gluten' }, false);
    expect(without.excludeAllergens).toEqual(['milk']);
    expect(withDishFilter(without, { type: 'homemade' }, false).homemade).toBe(false);
  });

  it('are given or not, the same or not', () => {
    expect(dishFiltersGiven(NO_DISH_FILTERS)).toBe(false);
    expect(dishFiltersGiven({ ...NO_DISH_FILTERS, homemade: true })).toBe(true);
    expect(dishFiltersGiven({ ...NO_DISH_FILTERS, diets: ['halal'] })).toBe(true);
    expect(sameDishFilters(NO_DISH_FILTERS, { excludeAllergens: [], diets: [], homemade: false })).toBe(true);
    expect(sameDishFilters(NO_DISH_FILTERS, { ...NO_DISH_FILTERS, excludeAllergens: ['lupin'] })).toBe(false);
    expect(
      sameDishFilters({ ...NO_DISH_FILTERS, diets: ['vegan'] }, { ...NO_DISH_FILTERS, diets: ['halal'] }),
    ).toBe(false);
  });

  it('take one price at a time, said first as its chip says it (« Moins de 15 € », issue 54)', () => {
    const gluten = withDishFilter(NO_DISH_FILTERS, { type: 'allergen', value: 'gluten' }, true);
    const under12 = withDishFilter(gluten, { type: 'price', value: 12 }, true);
    const under15 = withDishFilter(under12, { type: 'price', value: 15 }, true);
    expect(under15).toEqual({ excludeAllergens: ['gluten'], diets: [], homemade: false, maxPrice: 15 });
    expect(isDishFilterOn(under15, { type: 'price', value: 15 })).toBe(true);
    expect(isDishFilterOn(under15, { type: 'price', value: 12 })).toBe(false);
    expect(activeDishFilters(under15).map(dishFilterLabel)).toEqual(['Moins de 15\u00a0€', 'Sans gluten']);
    // An older price's chip takes nothing off; the price given's does, and nothing else.
    expect(withDishFilter(under15, { type: 'price', value: 12 }, false)).toBe(under15);
    const off = withDishFilter(under15, { type: 'price', value: 15 }, false);
    expect(off).toEqual(gluten);
    expect('maxPrice' in off).toBe(false);
    expect(withoutPrice(under15)).toEqual(gluten);
    expect(dishFilterLabel({ type: 'price', value: 13.5 })).toBe('Moins de 13,50\u00a0€');
  });

  it('are given with a price alone, and differ by their price', () => {
    const under15 = { ...NO_DISH_FILTERS, maxPrice: 15 };
    expect(dishFiltersGiven(under15)).toBe(true);
    expect(sameDishFilters(under15, { ...NO_DISH_FILTERS, maxPrice: 15 })).toBe(true);
    expect(sameDishFilters(under15, { ...NO_DISH_FILTERS, maxPrice: 12 })).toBe(false);
    expect(sameDishFilters(under15, NO_DISH_FILTERS)).toBe(false);
  });
});
