import { createExpression, latest } from '@maplibre/maplibre-gl-style-spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLUSTER_IMAGE_EXPRESSION,
  clusterImageName,
  formatClusterCount,
  GREEN_SHARE_STEPS,
  parseClusterImage,
} from './marker-images';

/** The cluster image name as MapLibre computes it from the layer's expression. */
function imageNameByMapLibre(count: number, restaurants: number): string {
  const compiled = createExpression(
    CLUSTER_IMAGE_EXPRESSION,
    'icon-image',
    latest.layout_symbol['icon-image'] as never,
  );
  if (compiled.result !== 'success') throw new Error(compiled.value.map((e) => e.message).join('; '));
  const image = compiled.value.evaluate({ zoom: 10 }, {
    type: 1,
    properties: { point_count: count, restaurants, cluster: true },
  } as never) as unknown;
  // A string, or a resolved image carrying it, depending on how the property coerces it.
  return typeof image === 'string' ? image : (image as { name: string }).name;
}

describe('cluster images', () => {
  it('are named the same by the layer expression and by the code that prunes them', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 250_000 })
          .chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: 0, max: count }))),
        ([count, restaurants]) => {
          expect(imageNameByMapLibre(count, restaurants)).toBe(clusterImageName(count, restaurants));
        },
      ),
      { seed: 20261124, numRuns: 200 },
    );
  });

  it('carry their count and green share back out of their name', () => {
    expect(parseClusterImage(clusterImageName(40, 30))).toEqual({
      count: 40,
      greenShare: 6 / GREEN_SHARE_STEPS,
    });
    expect(parseClusterImage(clusterImageName(7, 7))).toEqual({ count: 7, greenShare: 0 });
    expect(parseClusterImage(clusterImageName(3, 0))).toEqual({ count: 3, greenShare: 1 });
    expect(parseClusterImage('tv-restaurant')).toBeNull();
    expect(parseClusterImage('tv-cluster:abc:3')).toBeNull();
  });

  it('show counts as a French reader writes them, in thousands past 10,000', () => {
    expect(formatClusterCount(7)).toBe('7');
    expect(formatClusterCount(1234)).toBe('1\u202f234');
    expect(formatClusterCount(12_400)).toBe('12 k');
  });
});
