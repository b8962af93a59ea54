import { describe, expect, it } from 'vitest';
import type { MapFeed } from '@tables-voisines/contract/schemas/map';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { NO_FILTERS, filterPoints } from './map-filters';
import { decodeMapFeed } from './map-points';

const PIZZA = '0b8e7c4e-3a0f-4a43-9d0c-6f1f1c2a0001';
const CREPES = '0b8e7c4e-3a0f-4a43-9d0c-6f1f1c2a0002';
const feed: MapFeed = {
  establishments: [
    ['restaurant', 'Chez Léon', 'chez-leon-a-lyon', 45.764043, 4.835659, 'restaurant', 'Lyon', 0, 1, 0],
    ['remplisvert', 'Le Zinc', 'le-zinc-a-nantes', 47.218371, -1.553621, 'bar', 'Nantes', 1, 0, 0],
    ['restaurant', 'Le Parisien', 'le-parisien-a-paris', 48.85, 2.35, 'brasserie', 'Paris', 0, 0, 0],
  ],
  openingHours: [
    [{ day: 1, opens: '12:00', closes: '14:30' }],
    [{ day: 5, opens: '19:00', closes: '02:00' }],
  ],
  categorySets: [[], [PIZZA, CREPES]],
  closures: [[]],
  count: 3,
};

describe('decodeMapFeed', () => {
  it('gives each establishment its fields, hours and categories from the dictionaries', () => {
    const [leon, zinc] = decodeMapFeed(feed);
    expect({ ...leon, searchText: leon!.searchText }).toEqual({
      uri: 'chez-leon-a-lyon',
      kind: 'restaurant',
      name: 'Chez Léon',
      location: { latitude: 45.764043, longitude: 4.835659 },
      venueType: 'restaurant',
      town: 'Lyon',
      openingHours: [{ day: 1, opens: '12:00', closes: '14:30' }],
      categories: [PIZZA, CREPES],
      closures: [],
      searchText: 'chez leon lyon',
    });
    expect(zinc).toMatchObject({ kind: 'remplisvert', venueType: 'bar', categories: [] });
  });

  it('shares one object per distinct value instead of a copy per establishment', () => {
    const [leon, , parisien] = decodeMapFeed(feed);
    expect(leon!.openingHours).toBe(parisien!.openingHours);
  });

  it('feeds the filters as the full list did: opening hours, kinds, categories and the text search', () => {
    const points = decodeMapFeed(feed);
    // Monday 24 November 2025, 13:00 in Paris; Friday 28 November, 23:00.
    const monday = new Date('2025-11-24T12:00:00Z');
    const friday = new Date('2025-11-28T22:00:00Z');
    const names = (filters: Partial<typeof NO_FILTERS>, now: Date, categories: string[] = []) =>
      filterPoints(points, { ...NO_FILTERS, ...filters }, { now, categories, menuBoards: [] }).map(
        (p) => p.name,
      );
    expect(names({ openNow: true }, monday)).toEqual(['Chez Léon', 'Le Parisien']);
    expect(names({ openNow: true }, friday)).toEqual(['Le Zinc']);
    expect(names({ kinds: ['remplisvert'] }, monday)).toEqual(['Le Zinc']);
    expect(names({}, monday, [CREPES])).toEqual(['Chez Léon']);
    expect(names({ query: 'nantes' }, monday)).toEqual(['Le Zinc']);
  });

  it("lets a chosen category through an establishment's board of the day, found by its uri", () => {
    const points = decodeMapFeed(feed);
    // Le Zinc offers no category of its own; its board of the day has crêpes.
    const board = {
      id: 'b0000000-0000-4000-8000-000000000001',
      establishment: {
        id: 'a0000000-0000-4000-8000-000000000002',
        uri: 'le-zinc-a-nantes',
        name: 'Le Zinc',
        kind: 'remplisvert',
        location: { latitude: 47.218371, longitude: -1.553621 },
      },
      title: 'Ardoise du jour',
      date: '2025-11-24',
      closedOnDate: false,
      items: [
        {
          name: 'Complète',
          price: 9.5,
          category: CREPES,
          description: null,
          allergens: ['gluten', 'eggs', 'milk'],
          diets: ['vegetarian'],
          homemade: true,
          meatOrigin: null,
          course: null,
        },
      ],
      formulas: [],
      fromPrice: null,
      createdAt: '2025-11-24T08:00:00.000Z',
    } satisfies MenuBoard;
    const shown = filterPoints(points, NO_FILTERS, {
      now: new Date('2025-11-24T12:00:00Z'),
      categories: [CREPES],
      menuBoards: [board],
    });
    expect(shown.map((p) => p.name)).toEqual(['Chez Léon', 'Le Zinc']);
  });

  it('leaves a place inside a closure out of « Ouvert maintenant », to the last minute of its last day', () => {
    // Chez Léon and Le Parisien both open on Mondays at lunch; Le Parisien is closed 3-17 August 2026
    // (annual leave), Le Zinc until further notice from 1 August.
    const withClosures: MapFeed = {
      ...feed,
      establishments: feed.establishments.map((e) =>
        e[2] === 'le-parisien-a-paris'
          ? [...e.slice(0, 9), 1]
          : e[2] === 'le-zinc-a-nantes'
            ? [...e.slice(0, 9), 2]
            : e,
      ) as MapFeed['establishments'],
      closures: [
        [],
        [{ from: '2026-08-03', to: '2026-08-17', reason: 'Congés annuels' }],
        [{ from: '2026-08-01', to: null, reason: null }],
      ],
    };
    const points = decodeMapFeed(withClosures);
    const parisien = points.find((p) => p.uri === 'le-parisien-a-paris')!;
    expect(parisien.closures).toEqual([{ from: '2026-08-03', to: '2026-08-17', reason: 'Congés annuels' }]);
    const openNow = (now: Date) =>
      filterPoints(points, { ...NO_FILTERS, openNow: true }, { now, categories: [], menuBoards: [] }).map(
        (p) => p.name,
      );
    // Monday 10 August, 13:00 in Paris (UTC+2): inside the closure.
    expect(openNow(new Date('2026-08-10T11:00:00Z'))).toEqual(['Chez Léon']);
    // Monday 27 July: before it.
    expect(openNow(new Date('2026-07-27T11:00:00Z'))).toEqual(['Chez Léon', 'Le Parisien']);
    // Monday 17 August, its last day, then Monday 24 August.
    expect(openNow(new Date('2026-08-17T11:00:00Z'))).toEqual(['Chez Léon']);
    expect(openNow(new Date('2026-08-24T11:00:00Z'))).toEqual(['Chez Léon', 'Le Parisien']);
    // Without the filter, every place is shown still: a closed place stays on the map.
    expect(
      filterPoints(points, NO_FILTERS, {
        now: new Date('2026-08-10T11:00:00Z'),
        categories: [],
        menuBoards: [],
      }),
    ).toHaveLength(3);
    // Friday 31 July 23:00 in Paris: Le Zinc's evening, the day before its closure; then Friday 7 August.
    expect(openNow(new Date('2026-07-31T21:00:00Z'))).toEqual(['Le Zinc']);
    expect(openNow(new Date('2026-08-07T21:00:00Z'))).toEqual([]);
  });

  it('reads a feed of before closures (nine elements, no dictionary) as no closure at all', () => {
    const old = {
      ...feed,
      establishments: feed.establishments.map((e) => e.slice(0, 9)),
      closures: undefined,
    } as unknown as MapFeed;
    expect(decodeMapFeed(old).map((p) => p.closures)).toEqual([[], [], []]);
  });
});
