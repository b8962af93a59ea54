import { describe, expect, it } from 'vitest';
import { markerOnPoint, placeTownLabel } from './town-mark';

/*
 * Issue 49, point 13: the chosen town's name never covers a marker (« Marseille » was drawn over the count of
 * the cluster on its centre), and its ring is hidden under a marker drawn there.
 */

const LABEL = { width: 70, height: 18 };

describe('the chosen town’s mark', () => {
  it('puts the name just above the town when nothing is there', () => {
    expect(placeTownLabel(LABEL, [])).toEqual({ place: 'above', left: -35, top: -28 });
  });

  it('moves the name below, beside, then further out, clear of every marker', () => {
    // A cluster of 48 px on the centre: nothing fits 10 px away, the name goes above it, 32 px away.
    const cluster = { x: 0, y: 0, half: 22 };
    expect(placeTownLabel(LABEL, [cluster])).toEqual({ place: 'above', left: -35, top: -50 });
    // A place just above the town: the name goes below it.
    expect(placeTownLabel(LABEL, [{ x: 0, y: -20, half: 12 }])?.place).toBe('below');
    // A cluster on the centre, places above and below it: to the right of the cluster.
    expect(
      placeTownLabel(LABEL, [
        { x: 0, y: 0, half: 22 },
        { x: 0, y: -50, half: 12 },
        { x: 0, y: 50, half: 12 },
      ]),
    ).toEqual({ place: 'right', left: 32, top: -9 });
  });

  it('leaves the name out when every place around is taken', () => {
    const all = [-60, -30, 0, 30, 60].flatMap((x) => [-60, -30, 0, 30, 60].map((y) => ({ x, y, half: 16 })));
    expect(placeTownLabel(LABEL, all)).toBeNull();
  });

  it('hides the ring under a marker drawn on the town’s centre only', () => {
    expect(markerOnPoint([{ x: 5, y: -3, half: 12 }], 14)).toBe(true);
    expect(markerOnPoint([{ x: 40, y: 0, half: 12 }], 14)).toBe(false);
    expect(markerOnPoint([], 14)).toBe(false);
  });
});
