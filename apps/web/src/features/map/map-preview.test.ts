import { createExpression, latest } from '@maplibre/maplibre-gl-style-spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MapPointsQuerySchema, type MapPointsAnswer } from '@tables-voisines/contract/schemas/map';
import { NO_FILTERS, nothingFilters } from './map-filters';
import { drawsServerClusters, previewQueryOf, previewToGeoJson, wantsFeed } from './map-preview';
import { CLUSTER_IMAGE_EXPRESSION, clusterImageName } from './marker-images';

const box = (west: number, south: number, east: number, north: number) => ({
  southWest: { latitude: south, longitude: west },
  northEast: { latitude: north, longitude: east },
});

describe('what the map draws its establishments from', () => {
  const state = { nothingFiltered: true, feedCount: null, serverClustersFrom: 10_000, serverFailed: false };

  it('draws the server’s clusters while the feed is on its way or could not be loaded, unless filtered', () => {
    expect(drawsServerClusters(state)).toBe(true);
    expect(drawsServerClusters({ ...state, nothingFiltered: false })).toBe(false);
  });

  it('keeps them once the feed has come at the scale of France, the feed’s places below it', () => {
    expect(drawsServerClusters({ ...state, feedCount: 10_000 })).toBe(true);
    expect(drawsServerClusters({ ...state, feedCount: 9_999 })).toBe(false);
    expect(drawsServerClusters({ ...state, feedCount: 0, serverClustersFrom: 0 })).toBe(true);
  });

  it('draws the feed’s places when filtered, or once the server’s clusters failed beside the feed', () => {
    expect(drawsServerClusters({ ...state, feedCount: 200_000, nothingFiltered: false })).toBe(false);
    expect(drawsServerClusters({ ...state, feedCount: 200_000, serverFailed: true })).toBe(false);
    // Without the feed, nothing else to draw.
    expect(drawsServerClusters({ ...state, serverFailed: true })).toBe(true);
  });

  it('never draws the server’s clusters (of every place, closed ones too) with « Ouvert maintenant » on', () => {
    // The server's clusters know nothing of hours nor closures (decision 0054): the feed's places, filtered
    // by `openingStatus` with the closures, are drawn instead, whatever the feed's size.
    const openNow = nothingFilters({ ...NO_FILTERS, openNow: true }, []);
    expect(openNow).toBe(false);
    expect(drawsServerClusters({ ...state, nothingFiltered: openNow, feedCount: 200_000 })).toBe(false);
    expect(
      wantsFeed(
        { feedWanted: false, filters: { ...NO_FILTERS, openNow: true }, categories: [], mapTotal: 200_000 },
        10_000,
      ),
    ).toBe(true);
  });
});

describe('whether the whole feed is wanted', () => {
  const state = { feedWanted: false, filters: NO_FILTERS, categories: [], mapTotal: null };

  it('is not, before the server has counted the establishments, nor at the scale of France unfiltered', () => {
    expect(wantsFeed(state, 10_000)).toBe(false);
    expect(wantsFeed({ ...state, mapTotal: 10_000 }, 10_000)).toBe(false);
    expect(wantsFeed({ ...state, mapTotal: 200_000 }, 0)).toBe(false);
  });

  it('is below the threshold, for any filter, search or category, and once wanted', () => {
    expect(wantsFeed({ ...state, mapTotal: 9_999 }, 10_000)).toBe(true);
    expect(wantsFeed({ ...state, filters: { ...NO_FILTERS, openNow: true } }, 10_000)).toBe(true);
    expect(wantsFeed({ ...state, filters: { ...NO_FILTERS, kinds: ['remplisvert'] } }, 10_000)).toBe(true);
    expect(wantsFeed({ ...state, filters: { ...NO_FILTERS, venueTypes: ['bar'] } }, 10_000)).toBe(true);
    expect(wantsFeed({ ...state, filters: { ...NO_FILTERS, query: 'Lyon' } }, 10_000)).toBe(true);
    expect(wantsFeed({ ...state, categories: ['a0000000-0000-4000-8000-000000000001'] }, 10_000)).toBe(true);
    expect(wantsFeed({ ...state, feedWanted: true, mapTotal: 200_000 }, 10_000)).toBe(true);
    // Spaces only search nothing.
    expect(wantsFeed({ ...state, filters: { ...NO_FILTERS, query: '   ' } }, 10_000)).toBe(false);
  });
});

describe('the preview’s question to the server', () => {
  it('asks for the box seen and 64 px around it, at the zoom of the tiles drawn', () => {
    // At zoom 6.73, 64 px are 0.424 degrees of longitude; at 46.2°N, 0.293 of latitude.
    const query = previewQueryOf(box(-5.2, 41.3, 9.6, 51.1), 6.73);
    expect(query.zoom).toBe(6);
    expect(query.west).toBeCloseTo(-5.624, 2);
    expect(query.east).toBeCloseTo(10.024, 2);
    expect(query.south).toBeCloseTo(41.007, 2);
    expect(query.north).toBeCloseTo(51.393, 2);
  });

  it('asks across the antimeridian with west > east, and for the whole world when the view is wider', () => {
    expect(previewQueryOf(box(170, 10, 200, 20), 15)).toMatchObject({ west: expect.closeTo(170, 2) });
    expect(previewQueryOf(box(170, 10, 200, 20), 15).east).toBeCloseTo(-160, 2);
    expect(previewQueryOf(box(-200, 10, -170, 20), 15).west).toBeCloseTo(160, 2);
    expect(previewQueryOf(box(-250, -85.05, 190, 85.05), 3)).toMatchObject({ west: -180, east: 180 });
  });

  it('is always a question the server takes, whatever the view', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -540, max: 540, noNaN: true }),
        fc.double({ min: 0, max: 720, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: -2, max: 30, noNaN: true }),
        (west, width, south, height, zoom) => {
          const query = previewQueryOf(box(west, south, west + width, south + height), zoom);
          expect(MapPointsQuerySchema.safeParse(query).success).toBe(true);
        },
      ),
      { seed: 20261124, numRuns: 300 },
    );
  });
});

describe('the preview drawn', () => {
  const answer: MapPointsAnswer = {
    zoom: 6,
    total: 4,
    features: [
      {
        type: 'cluster',
        id: 7,
        count: 3,
        restaurants: 1,
        latitude: 45.76,
        longitude: 4.83,
        expansionZoom: 9,
      },
      {
        type: 'point',
        id: 'a0000000-0000-4000-8000-000000000001',
        kind: 'remplisvert',
        name: 'Le Zinc',
        uri: 'le-zinc-a-nantes',
        latitude: 47.218371,
        longitude: -1.553621,
      },
    ],
  };

  it('gives each cluster the properties the map’s clusters have, each place its page', () => {
    expect(previewToGeoJson(answer).features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [4.83, 45.76] },
        properties: { point_count: 3, restaurants: 1, expansionZoom: 9 },
      },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-1.553621, 47.218371] },
        // Named by its uri, as the feed's places are.
        properties: { kind: 'remplisvert', name: 'Le Zinc', uri: 'le-zinc-a-nantes' },
      },
    ]);
    expect(previewToGeoJson(undefined).features).toEqual([]);
  });

  it('names a cluster’s image as the map names its own clusters’', () => {
    const compiled = createExpression(
      CLUSTER_IMAGE_EXPRESSION,
      'icon-image',
      latest.layout_symbol['icon-image'] as never,
    );
    if (compiled.result !== 'success') throw new Error('the cluster image expression does not compile');
    const [cluster] = previewToGeoJson(answer).features;
    const image = compiled.value.evaluate({ zoom: 6 }, { type: 1, properties: cluster!.properties } as never);
    const name = typeof image === 'string' ? image : (image as { name: string }).name;
    expect(name).toBe(clusterImageName(3, 1));
  });
});
