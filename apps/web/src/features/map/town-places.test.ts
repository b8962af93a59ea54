import { describe, expect, it } from 'vitest';
import { markerCollisionBox, placesBeside } from './town-places';

/*
 * Issue 49, point 13: a town name beside the marker covering its town touches that marker's edge, on the
 * nearest side first; it was tried 35 px from the town whatever the marker's size and place.
 */

describe('a town name beside the marker over its town', () => {
  // A 48 px cluster (54 px image) centred 6 px right of and 4 px above the town: its box, unpadded.
  const box = markerCollisionBox(106, 96, 54, 'cluster');
  const town = { x: 100, y: 100 };

  it('starts just outside the marker’s box on each side, the nearest side first', () => {
    const places = placesBeside(box, town, 12);
    // Left of the box (21 px from the town, plus 1.5 px): 1.9 ems of 12 px; under it 2.05, above 2.75,
    // right of it 2.9 (in twentieths of an em, rounded away from the town).
    expect(places.slice(0, 8)).toEqual([
      'right',
      [-1.9, 0],
      'top',
      [0, 2.05],
      'bottom',
      [0, -2.75],
      'left',
      [2.9, 0],
    ]);
    // Then the same sides a little further, then along them from the town.
    expect(places.slice(8, 10)).toEqual(['right', [-2.05, 0]]);
    expect(places).toHaveLength(4 * 2 + 4 * 2 + 8 * 2);
  });

  it('keeps only the sides near the town when the marker does not hide it', () => {
    // A town 2 px inside the box's bottom edge: only under the box, 3.5 px from the town.
    const places = placesBeside(box, { x: 106, y: box.bottom - 2 }, 12, 7);
    expect(places.filter((p) => typeof p === 'string')).toEqual(['top', 'top', 'top-left', 'top-right']);
    expect(places[1]).toEqual([0, 0.3]);
  });

  it('keeps a cluster’s box to its image, a place’s with MapLibre’s padding of 2 px', () => {
    expect(markerCollisionBox(0, 0, 54, 'cluster')).toEqual({ left: -27, top: -27, right: 27, bottom: 27 });
    expect(markerCollisionBox(0, 0, 30, 'place')).toEqual({ left: -17, top: -17, right: 17, bottom: 17 });
  });
});
