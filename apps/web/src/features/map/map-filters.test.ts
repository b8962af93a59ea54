import { describe, expect, it } from 'vitest';
import type { Bounds } from '@tables-voisines/contract/geo';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { menuBoardsOnMap } from './map-filters';

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
