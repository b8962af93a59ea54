import { describe, expect, it } from 'vitest';
import {
  type Bounds,
  boundsContains,
  boundsInsideUnion,
  circleContainsPoint,
  crossesAntimeridian,
  distanceKm,
  isDegenerateBounds,
  isValidBounds,
  isValidPoint,
} from './geo';

const paris = { latitude: 48.8566, longitude: 2.3522 };
const lyon = { latitude: 45.764, longitude: 4.8357 };
const versailles = { latitude: 48.8049, longitude: 2.1204 };

const box = (south: number, west: number, north: number, east: number): Bounds => ({
  northEast: { latitude: north, longitude: east },
  southWest: { latitude: south, longitude: west },
});

describe('distanceKm', () => {
  it('measures Paris to Lyon as about 392 km', () => {
    expect(distanceKm(paris, lyon)).toBeGreaterThan(390);
    expect(distanceKm(paris, lyon)).toBeLessThan(394);
  });

  it('is zero from a point to itself and symmetric', () => {
    expect(distanceKm(paris, paris)).toBe(0);
    expect(distanceKm(paris, lyon)).toBeCloseTo(distanceKm(lyon, paris), 9);
  });

  it('measures a degree of latitude as about 111.2 km', () => {
    expect(distanceKm({ latitude: 45, longitude: 3 }, { latitude: 46, longitude: 3 })).toBeCloseTo(111.2, 1);
  });
});

describe('circleContainsPoint', () => {
  it('contains Versailles within 20 km of Paris but not Lyon', () => {
    expect(circleContainsPoint(paris, 20, versailles)).toBe(true);
    expect(circleContainsPoint(paris, 20, lyon)).toBe(false);
  });

  it('contains its centre even with a tiny radius, and points on its edge', () => {
    expect(circleContainsPoint(paris, 0.001, paris)).toBe(true);
    expect(circleContainsPoint(paris, distanceKm(paris, lyon), lyon)).toBe(true);
  });
});

describe('isDegenerateBounds and isValidBounds', () => {
  it('calls a box with two equal corners degenerate', () => {
    expect(isDegenerateBounds(box(45, 4, 45, 4))).toBe(true);
    expect(isDegenerateBounds(box(45, 4, 46, 5))).toBe(false);
    expect(isDegenerateBounds(box(45, 4, 45, 5))).toBe(false);
  });

  it('accepts an ordinary box over France', () => {
    expect(isValidBounds(box(45, 4, 46, 5))).toBe(true);
  });

  it('refuses degenerate, inverted, out of range and NaN boxes', () => {
    expect(isValidBounds(box(45, 4, 45, 4))).toBe(false);
    expect(isValidBounds(box(46, 4, 45, 5))).toBe(false);
    expect(isValidBounds(box(45, 4, 91, 5))).toBe(false);
    expect(isValidBounds(box(45, -181, 46, 5))).toBe(false);
    expect(isValidBounds(box(Number.NaN, 4, 46, 5))).toBe(false);
    expect(isValidBounds(box(45, 4, 46, Number.POSITIVE_INFINITY))).toBe(false);
  });

  it('accepts a box crossing the antimeridian and says so', () => {
    const pacific = box(-20, 179, -10, -179);
    expect(isValidBounds(pacific)).toBe(true);
    expect(crossesAntimeridian(pacific)).toBe(true);
    expect(crossesAntimeridian(box(45, 4, 46, 5))).toBe(false);
  });
});

describe('boundsContains', () => {
  it('contains a smaller box and itself, not an overlapping one', () => {
    expect(boundsContains(box(44, 3, 47, 6), box(45, 4, 46, 5))).toBe(true);
    expect(boundsContains(box(44, 3, 47, 6), box(44, 3, 47, 6))).toBe(true);
    expect(boundsContains(box(44, 3, 47, 6), box(45, 4, 48, 5))).toBe(false);
    expect(boundsContains(box(45, 4, 46, 5), box(44, 3, 47, 6))).toBe(false);
  });
});

describe('boundsInsideUnion', () => {
  const left = box(45, 3, 47, 5);
  const right = box(45, 5, 47, 7);

  it('is false with no covered area', () => {
    expect(boundsInsideUnion(box(45.5, 4, 46, 4.5), [])).toBe(false);
  });

  it('is true inside one covered box', () => {
    expect(boundsInsideUnion(box(45.5, 3.5, 46.5, 4.5), [left])).toBe(true);
  });

  it('is true across two adjacent boxes but not inside either alone', () => {
    const across = box(45.5, 4, 46.5, 6);
    expect(boundsInsideUnion(across, [left])).toBe(false);
    expect(boundsInsideUnion(across, [right])).toBe(false);
    expect(boundsInsideUnion(across, [left, right])).toBe(true);
  });

  it('is true across two overlapping boxes', () => {
    const a = box(45, 3, 47, 5.5);
    const b = box(45, 4.5, 47, 7);
    expect(boundsInsideUnion(box(45.5, 4, 46.5, 6), [a, b])).toBe(true);
  });

  it('is true when four quadrants meet under the box', () => {
    const quadrants = [box(44, 2, 46, 4), box(44, 4, 46, 6), box(46, 2, 48, 4), box(46, 4, 48, 6)];
    expect(boundsInsideUnion(box(45, 3, 47, 5), quadrants)).toBe(true);
    expect(boundsInsideUnion(box(45, 3, 47, 5), quadrants.slice(0, 3))).toBe(false);
  });

  it('is false when a gap lies between two boxes', () => {
    const westOfGap = box(45, 3, 47, 4.9);
    const eastOfGap = box(45, 5.1, 47, 7);
    expect(boundsInsideUnion(box(45.5, 4, 46.5, 6), [westOfGap, eastOfGap])).toBe(false);
  });

  it('is false when the box sticks out of the union on one side', () => {
    expect(boundsInsideUnion(box(44.5, 4, 46.5, 6), [left, right])).toBe(false);
  });

  it('ignores covered boxes far away', () => {
    expect(boundsInsideUnion(box(45.5, 3.5, 46.5, 4.5), [box(10, 10, 11, 11), left])).toBe(true);
  });

  it('handles a degenerate box as a point', () => {
    expect(boundsInsideUnion(box(46, 4, 46, 4), [left])).toBe(true);
    expect(boundsInsideUnion(box(50, 4, 50, 4), [left])).toBe(false);
  });

  it('never reports a box crossing the antimeridian as covered', () => {
    expect(boundsInsideUnion(box(-20, 179, -10, -179), [box(-30, -180, 0, 180)])).toBe(false);
  });
});

describe('isValidPoint', () => {
  it('accepts a point in range, its limits included', () => {
    expect(isValidPoint(lyon)).toBe(true);
    expect(isValidPoint({ latitude: -90, longitude: 180 })).toBe(true);
  });

  it.each([
    [{ latitude: 123, longitude: 4.8 }],
    [{ latitude: 45.7, longitude: 500 }],
    [{ latitude: Number.NaN, longitude: 4.8 }],
    [{ latitude: 45.7, longitude: null }],
    [{ latitude: '45.7', longitude: 4.8 }],
    [null],
    [undefined],
  ])('refuses %j', (value) => {
    expect(isValidPoint(value)).toBe(false);
  });
});
