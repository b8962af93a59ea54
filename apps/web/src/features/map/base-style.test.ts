import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { PLACE_NAME_PLACES, placeNamesAside, TOWN_NAME_PLACES } from './base-style';

/*
 * Issue 49, point 13: names of places move aside from the markers rather than disappear, on any base map;
 * the offline style's names stay touching their town.
 */

describe('names of places on a third party’s base map', () => {
  const style: StyleSpecification = {
    version: 8,
    sources: { plan: { type: 'vector', tiles: ['https://example.test/{z}/{x}/{y}.pbf'] } },
    layers: [
      {
        id: 'towns',
        type: 'symbol',
        source: 'plan',
        'source-layer': 'places',
        layout: { 'text-field': ['get', 'name'] },
      },
      {
        id: 'ign',
        type: 'symbol',
        source: 'plan',
        'source-layer': 'toponyme_localite_ponc',
        layout: { 'text-field': '{texte}', 'text-anchor': 'bottom' },
      },
      {
        id: 'streets',
        type: 'symbol',
        source: 'plan',
        'source-layer': 'roads',
        layout: { 'text-field': ['get', 'name'] },
      },
      {
        id: 'place-line',
        type: 'symbol',
        source: 'plan',
        'source-layer': 'places',
        layout: { 'text-field': ['get', 'name'], 'symbol-placement': 'line' },
      },
      {
        id: 'dots',
        type: 'symbol',
        source: 'plan',
        'source-layer': 'places',
        layout: { 'icon-image': 'dot' },
      },
    ],
  };

  it('tries places around the place for the point labels of places only', () => {
    const moved = placeNamesAside(style).layers.map((layer) =>
      layer.type === 'symbol' ? layer.layout?.['text-variable-anchor-offset'] : undefined,
    );
    expect(moved).toEqual([PLACE_NAME_PLACES, PLACE_NAME_PLACES, undefined, undefined, undefined]);
    // The rest of the style as it was.
    expect(placeNamesAside(style).sources).toBe(style.sources);
  });
});

describe('the offline style’s town names', () => {
  it('touch their town when no marker covers it: no place further than 0.55 em', () => {
    const offsets = TOWN_NAME_PLACES.filter((p): p is [number, number] => Array.isArray(p));
    expect(offsets.length).toBeGreaterThan(16);
    // Slid under or over the town, the name still spans its point (an em each side of a name of 3 or more).
    for (const [x, y] of offsets) {
      expect(Math.abs(y)).toBeLessThanOrEqual(0.55);
      expect(Math.abs(x)).toBeLessThanOrEqual(1);
    }
  });
});
