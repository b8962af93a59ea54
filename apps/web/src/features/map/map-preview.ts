import type { Bounds } from '@tables-voisines/contract/geo';
import type { MapPointsAnswer } from '@tables-voisines/contract/schemas/map';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '@tables-voisines/contract/schemas/map';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FeatureCollection, Point } from 'geojson';
import { publicApiRequest } from '../../lib/public-api';
import { nothingFilters } from './map-filters';
import type { MapViewState } from './map-state';

/**
 * The map's first picture while the whole feed is on its way (megabytes at 200,000 establishments, decision
 * 0038, seconds on a phone's network before the map could draw anything): the server's clusters
 * of the view (`GET /api/map/points`, a few kilobytes), made with the map's own settings, so that they
 * become the map's own clusters when the feed arrives, without one moving. At the scale of France they stay
 * while nothing is filtered (`drawsServerClusters`).
 */

/**
 * What the map draws its establishments from: the server's clusters of the view while the feed is on its
 * way or could not be loaded, and for good at the scale of France (from `serverClustersFrom` establishments,
 * `MAP_SERVER_CLUSTERS_FROM`), where handing every establishment to MapLibre would hold the page's main
 * thread for seconds on a phone; the feed's places once the visitor filters (the server's clusters are of
 * every establishment), or if the server's clusters cannot be had while the feed is there.
 */
export interface MapDataSource {
  /** Nothing narrowed (`nothingFilters`). */
  nothingFiltered: boolean;
  /** The feed's establishments; `null` while it is on its way or when it could not be loaded. */
  feedCount: number | null;
  serverClustersFrom: number;
  /** The server's clusters failed for a view while the feed was there. */
  serverFailed: boolean;
}

/**
 * Whether the whole feed is needed (`GET /api/map/feed`, megabytes at 200,000 establishments):
 * for a filter or a search, which the server does not make; on a map smaller than `serverClustersFrom`,
 * whose own clusters draw it; once wanted, for the rest of the visit. Otherwise the list and the current
 * group come from the server (`GET /api/map/nearest`, `GET /api/map/around`) and the map draws its clusters.
 * Until the server has told how many establishments there are, it is not wanted.
 */
export function wantsFeed(
  state: Pick<MapViewState, 'feedWanted' | 'filters' | 'categories' | 'mapTotal'>,
  serverClustersFrom: number,
): boolean {
  return (
    state.feedWanted ||
    !nothingFilters(state.filters, state.categories) ||
    (state.mapTotal !== null && state.mapTotal < serverClustersFrom)
  );
}

/**
 * Never while something is filtered: the server's clusters (`GET /api/map/points`) are of every enabled
 * establishment and know nothing of opening hours nor closures, so « Ouvert maintenant » is only ever drawn
 * from the feed, through `filterPoints` and the contract's `openingStatus` with the closures (decision 0054).
 */
export function drawsServerClusters(source: MapDataSource): boolean {
  if (!source.nothingFiltered) return false;
  if (source.feedCount === null) return true;
  return source.feedCount >= source.serverClustersFrom && !source.serverFailed;
}

/**
 * Pixels added around the view: a cluster whose centre is just outside still shows its edge inside, as the
 * map's own tiles draw it.
 */
const MARGIN_PX = 64;

/**
 * The box the server is asked for: the view and `marginPx` around it at this zoom, longitudes brought into
 * -180..180 (a view across the antimeridian is asked with west > east, as the server takes it).
 */
export function serverBoxOf(bounds: Bounds, zoom: number, marginPx: number) {
  const wrap = (longitude: number) =>
    longitude >= -180 && longitude <= 180 ? longitude : ((((longitude + 180) % 360) + 360) % 360) - 180;
  // Web Mercator, 512 px tiles: degrees of longitude a pixel; of latitude, fewer by the cosine.
  const margin = (marginPx * 360) / (512 * 2 ** zoom);
  const middle = (bounds.southWest.latitude + bounds.northEast.latitude) / 2;
  const marginLatitude = margin * Math.cos((middle * Math.PI) / 180);
  const west = bounds.southWest.longitude - margin;
  const east = bounds.northEast.longitude + margin;
  // Zoomed out on a wide screen the view spans more than the world's width: the world whole then.
  const whole = east - west >= 360;
  return {
    west: whole ? -180 : wrap(west),
    south: clamp(bounds.southWest.latitude - marginLatitude, -90, 90),
    east: whole ? 180 : wrap(east),
    north: clamp(bounds.northEast.latitude + marginLatitude, -90, 90),
  };
}

const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));

/** The box and zoom the server's clusters are asked for: the view and a margin, the zoom of the tiles drawn. */
export function previewQueryOf(bounds: Bounds, zoom: number) {
  return {
    ...serverBoxOf(bounds, zoom, MARGIN_PX),
    zoom: clamp(Math.floor(zoom), MAP_MIN_ZOOM, MAP_MAX_ZOOM),
  };
}

/**
 * The server's answer as the map's clustered source would have drawn it: clusters with `point_count` and
 * `restaurants` (what the cluster images are named from), places with their uri and kind. A cluster also
 * carries the zoom at which it parts, a place what opening its page needs.
 */
export function previewToGeoJson(answer: MapPointsAnswer | undefined): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: (answer?.features ?? []).map((f) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [f.longitude, f.latitude] },
      properties:
        f.type === 'cluster'
          ? { point_count: f.count, restaurants: f.restaurants, expansionZoom: f.expansionZoom }
          : { kind: f.kind, name: f.name, uri: f.uri },
    })),
  };
}

/** The server's clusters of the view while `wanted` (`drawsServerClusters`). */
export function useMapPreview(wanted: boolean, bounds: Bounds | null, zoom: number) {
  const query = bounds === null ? null : previewQueryOf(bounds, zoom);
  return useQuery({
    queryKey: ['map', 'preview', query],
    queryFn: ({ signal }) => publicApiRequest('mapPoints', { query: query!, signal }),
    enabled: wanted && query !== null,
    // The clusters of the last view stay drawn while those of the new one come.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
