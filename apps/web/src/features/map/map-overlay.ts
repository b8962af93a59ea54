import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type * as maplibregl from 'maplibre-gl';
import type { FeatureCollection, Point, Polygon } from 'geojson';
import type { Group } from '@tables-voisines/contract/schemas/group';
import {
  MAP_CLUSTER_MAX_ZOOM,
  MAP_CLUSTER_RADIUS,
  type MapPointsAnswer,
} from '@tables-voisines/contract/schemas/map';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import {
  BOARD_IMAGE,
  CLUSTER_IMAGE_EXPRESSION,
  installMarkerImages,
  REMPLISVERT_IMAGE,
  RESTAURANT_IMAGE,
} from './marker-images';
import { previewToGeoJson } from './map-preview';
import { circleRing, type MapEstablishment } from './map-rules';
import type { MapPoint } from './map-points';

/*
 * The project's own sources and layers over the base map: group circles, the clustered establishments of
 * the feed, the server's clusters (the preview), today's menu boards. What each source was given is kept
 * in an `OverlayData` (`sent`), so that the map is given data again only when it changes.
 */

export const ESTABLISHMENTS = 'establishments';
export const GROUPS = 'groups';
export const BOARDS = 'menu-boards';
export const POINTS_LAYER = 'establishments-points';
export const CLUSTERS_LAYER = 'establishments-clusters';
export const BOARDS_LAYER = 'menu-boards';
/**
 * The server's clusters of the view, drawn until the feed has come, and instead of it at the scale of France
 * while nothing is filtered (see map-preview.ts).
 */
export const PREVIEW = 'establishments-preview';
export const PREVIEW_POINTS_LAYER = 'establishments-preview-points';
export const PREVIEW_CLUSTERS_LAYER = 'establishments-preview-clusters';
/**
 * Topmost first: what a click or a hover finds. Clusters are drawn over today's boards, boards over places
 * (see `installOverlay`).
 */
export const MARKER_LAYERS = [
  PREVIEW_CLUSTERS_LAYER,
  CLUSTERS_LAYER,
  BOARDS_LAYER,
  POINTS_LAYER,
  PREVIEW_POINTS_LAYER,
];
export const CLUSTER_LAYERS: ReadonlySet<string> = new Set([CLUSTERS_LAYER, PREVIEW_CLUSTERS_LAYER]);
/** The project's own sources: what is not among them is the base map's. */
export const OWN_SOURCES: ReadonlySet<string> = new Set([ESTABLISHMENTS, GROUPS, BOARDS, PREVIEW]);

/** What the overlay's sources are given (the last time, in `sent`; the data at hand, in `latest`). */
export interface OverlayData {
  points?: readonly MapPoint[];
  groups?: readonly Group[];
  boards?: readonly MenuBoard[];
  preview?: MapPointsAnswer;
}

/** Each place with its index in `points` (`i`), which a click or a hover reads it back by. */
export function pointsToGeoJson(points: readonly MapPoint[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points.map((p, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.location.longitude, p.location.latitude] },
      properties: { uri: p.uri, kind: p.kind, i },
    })),
  };
}

export function boardsToGeoJson(boards: readonly MenuBoard[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: boards.map((b) => ({
      type: 'Feature',
      geometry: {
        type: 'Point',
        coordinates: [b.establishment.location.longitude, b.establishment.location.latitude],
      },
      properties: {
        id: b.id,
        uri: b.establishment.uri,
        kind: b.establishment.kind,
        name: b.establishment.name,
      },
    })),
  };
}

export function groupsToGeoJson(groups: readonly Group[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: groups.map((g) => ({
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [circleRing({ latitude: g.latitude, longitude: g.longitude }, g.radius)],
      },
      properties: { id: g.id, name: g.name },
    })),
  };
}

/** The current group's circle, drawn stronger than the others. */
export const currentGroupFilter = (group: Group | null): maplibregl.FilterSpecification => [
  '==',
  ['get', 'id'],
  group?.id ?? '',
];

/** Whether the map already draws these boards (each move from zoom 9 computes them again). */
export function sameBoards(drawn: readonly MenuBoard[] | undefined, boards: readonly MenuBoard[]): boolean {
  return (
    drawn !== undefined &&
    drawn.length === boards.length &&
    drawn.every((b, i) => b.id === boards[i]!.id && b.establishment.name === boards[i]!.establishment.name)
  );
}

/** A place of the preview or a board as the map's selection takes it (`lng`, `lat`: where it is drawn). */
export function previewPlace(props: Record<string, unknown>, lng: number, lat: number): MapEstablishment {
  return {
    uri: String(props.uri),
    kind: props.kind === 'remplisvert' ? 'remplisvert' : 'restaurant',
    name: String(props.name),
    location: { latitude: lat, longitude: lng },
  };
}

export function setSourceData(map: MapLibreMap, source: string, data: FeatureCollection) {
  (map.getSource(source) as GeoJSONSource | undefined)?.setData(data);
}

/**
 * Places and clusters drawn wherever they fall, over one another (clusters keep them apart), and kept in
 * MapLibre's collision index: the base map's labels under them are placed clear of them, beside them (the
 * offline style's names try places around their town, base-style.ts) or not at all, never hidden under a
 * marker (issue 49: clusters covered Paris, Lyon, Lille, Rennes, Brest and Metz at the first view).
 * MapLibre places the topmost layer's symbols first, so the markers are placed before any label.
 */
const ALWAYS_SHOWN = { 'icon-allow-overlap': true, 'icon-ignore-placement': false } as const;

/** A source's places, one image per kind. */
function addPointsLayer(map: MapLibreMap, source: string, id: string) {
  map.addLayer({
    id,
    type: 'symbol',
    source,
    filter: ['!', ['has', 'point_count']],
    layout: {
      ...ALWAYS_SHOWN,
      'icon-image': ['match', ['get', 'kind'], 'remplisvert', REMPLISVERT_IMAGE, RESTAURANT_IMAGE],
    },
  });
}

/** A source's clusters, named by count and green share. */
function addClustersLayer(map: MapLibreMap, source: string, id: string) {
  map.addLayer({
    id,
    type: 'symbol',
    source,
    filter: ['has', 'point_count'],
    layout: {
      ...ALWAYS_SHOWN,
      'icon-image': CLUSTER_IMAGE_EXPRESSION as unknown as maplibregl.ExpressionSpecification,
      // Kept clear: the image's box, its ring and 3 px of shadow, and no more, so that a name placed beside
      // the cluster touches its edge (town-places.ts).
      'icon-padding': 0,
    },
  });
}

function addGroupLayers(map: MapLibreMap, groups: readonly Group[], currentGroup: Group | null) {
  map.addSource(GROUPS, { type: 'geojson', data: groupsToGeoJson(groups) });
  // Under the base map's names: a collective's dashed ring was drawn across « Lille », « Lyon » or
  // « Saint-Étienne » on the phone's first view.
  const underNames = map.getLayersOrder().find((id) => map.getLayer(id)?.type === 'symbol');
  map.addLayer(
    {
      id: 'groups-fill',
      type: 'fill',
      source: GROUPS,
      paint: { 'fill-color': '#f06023', 'fill-opacity': 0.07 },
    },
    underNames,
  );
  map.addLayer(
    {
      id: 'groups-line',
      type: 'line',
      source: GROUPS,
      paint: { 'line-color': '#c2410c', 'line-width': 1.5, 'line-dasharray': [2, 2] },
    },
    underNames,
  );
  map.addLayer(
    {
      id: 'group-current-fill',
      type: 'fill',
      source: GROUPS,
      filter: currentGroupFilter(currentGroup),
      paint: { 'fill-color': '#f06023', 'fill-opacity': 0.12 },
    },
    underNames,
  );
  map.addLayer(
    {
      id: 'group-current-line',
      type: 'line',
      source: GROUPS,
      filter: currentGroupFilter(currentGroup),
      paint: { 'line-color': '#f06023', 'line-width': 3 },
    },
    underNames,
  );
}

export function showCurrentGroup(map: MapLibreMap, group: Group | null) {
  const filter = currentGroupFilter(group);
  map.setFilter('group-current-fill', filter);
  map.setFilter('group-current-line', filter);
}

/**
 * The overlay's sources, layers and images over whichever base map is drawn, created with the data at hand
 * (creating them empty and filling them at once made the map's worker cut every source into tiles twice).
 */
export function installOverlay(
  map: MapLibreMap,
  data: Required<Omit<OverlayData, 'preview'>> & Pick<OverlayData, 'preview'>,
  currentGroup: Group | null,
): ReturnType<typeof installMarkerImages> {
  addGroupLayers(map, data.groups, currentGroup);
  map.addSource(ESTABLISHMENTS, {
    type: 'geojson',
    data: pointsToGeoJson(data.points),
    cluster: true,
    // As the server's index clusters them (see map-preview.ts).
    clusterRadius: MAP_CLUSTER_RADIUS,
    clusterMaxZoom: MAP_CLUSTER_MAX_ZOOM,
    clusterProperties: {
      restaurants: ['+', ['case', ['==', ['get', 'kind'], 'restaurant'], 1, 0]],
    },
  });
  const images = installMarkerImages(map);
  // The preview's clusters and places, drawn as the clustered source draws its own (same images).
  map.addSource(PREVIEW, { type: 'geojson', data: previewToGeoJson(data.preview) });
  map.addSource(BOARDS, { type: 'geojson', data: boardsToGeoJson(data.boards) });
  // From the bottom: places, today's boards on their places' corner, clusters. A board is placed after the
  // clusters (MapLibre places from the top) and shown only clear of them and of the boards placed before it:
  // a board of a place inside a cluster no longer covers the cluster's count (issue 49). Its own place is
  // placed after it, so that a board is never hidden by the place it belongs to.
  addPointsLayer(map, ESTABLISHMENTS, POINTS_LAYER);
  addPointsLayer(map, PREVIEW, PREVIEW_POINTS_LAYER);
  map.addLayer({
    id: BOARDS_LAYER,
    type: 'symbol',
    source: BOARDS,
    // No padding around the badge where the mouse finds it: the 2 px of MapLibre's default reach the
    // centre of its place, which the mouse over the place must name.
    layout: {
      'icon-allow-overlap': false,
      'icon-ignore-placement': false,
      'icon-image': BOARD_IMAGE,
      'icon-offset': [16, -16],
      'icon-padding': 0,
    },
  });
  addClustersLayer(map, ESTABLISHMENTS, CLUSTERS_LAYER);
  addClustersLayer(map, PREVIEW, PREVIEW_CLUSTERS_LAYER);
  return images;
}
