import { describe, expect, it } from 'vitest';
import type { MapFeed } from '@tables-voisines/contract/schemas/map';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { NO_FILTERS, filterPoints } from './map-filters';
import { decodeMapFeed } from './map-points';

const PIZZA = '0b8e7c4e-3a0f-4a43-9d0c-6f1f1c2a0001';
const CREPES = '0b8e7c4e-3a0f-4a43-9d0c-6f1f1c2a0002';
const feed: MapFeed = {
  establishments: [
    ['restaurant', 'Chez Léon', 'chez-leon-a-lyon', 45.764043, 4.835659, 'restaurant', 'Lyon', 0, 1],
    ['remplisvert', 'Le Zinc', 'le-zinc-a-nantes', 47.218371, -1.553621, 'bar', 'Nantes', 1, 0],
    ['restaurant', 'Le Parisien', 'le-parisien-a-paris', 48.85, 2.35, 'brasserie', 'Paris', 0, 0],
  ],
  openingHours: [
    [{ day: 1, opens: '12:00', closes: '14:30' }],
    [{ day: 5, opens: '19:00', closes: '02:00' }],
  ],
  categorySets: [[], [PIZZA, CREPES]],
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
        },
      ],
      createdAt: '2025-11-24T08:00:00.000Z',
    } satisfies MenuBoard;
    const shown = filterPoints(points, NO_FILTERS, {
      now: new Date('2025-11-24T12:00:00Z'),
      categories: [CREPES],
      menuBoards: [board],
    });
    expect(shown.map((p) => p.name)).toEqual(['Chez Léon', 'Le Zinc']);
  });
});
