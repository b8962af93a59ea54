import type { MapGeoJSONFeature, Map as MapLibreMap } from 'maplibre-gl';
import type { Point } from 'geojson';
import { TOWN_LAYERS } from './base-style';
import { clusterImageName, clusterSize, type installMarkerImages } from './marker-images';
import {
  BOARDS_LAYER,
  CLUSTER_LAYERS,
  MARKER_LAYERS,
  POINTS_LAYER,
  PREVIEW_CLUSTERS_LAYER,
  PREVIEW_POINTS_LAYER,
} from './map-overlay';

/** Where a marker's visible shape is, from its feature's point: offset and half its side, in pixels. */
function markerBox(feature: MapGeoJSONFeature): { dx: number; dy: number; half: number } {
  if (CLUSTER_LAYERS.has(feature.layer.id))
    return { dx: 0, dy: 0, half: clusterSize(Number(feature.properties.point_count)) / 2 - 2 };
  if (feature.layer.id === BOARDS_LAYER) return { dx: 16, dy: -16, half: 12 };
  return { dx: 0, dy: 0, half: feature.properties.kind === 'remplisvert' ? 14 : 12 };
}

/** A marker drawn on the map, where it is on the screen: its centre and half its side, in CSS pixels. */
export function screenBox(map: MapLibreMap, marker: MapGeoJSONFeature) {
  const [lng, lat] = (marker.geometry as Point).coordinates as [number, number];
  const at = map.project([lng, lat]);
  const { dx, dy, half } = markerBox(marker);
  return { x: at.x + dx, y: at.y + dy, half };
}

/** The boards drawn over a cluster (none: a board is placed clear of the clusters, map-overlay.ts). */
function boardsOverClusters(map: MapLibreMap, drawn: readonly MapGeoJSONFeature[]): number {
  const clusters = drawn.filter((f) => CLUSTER_LAYERS.has(f.layer.id)).map((f) => screenBox(map, f));
  return drawn
    .filter((f) => f.layer.id === BOARDS_LAYER)
    .map((f) => screenBox(map, f))
    .filter((board) =>
      clusters.some(
        (cluster) =>
          Math.abs(board.x - cluster.x) < board.half + cluster.half &&
          Math.abs(board.y - cluster.y) < board.half + cluster.half,
      ),
    ).length;
}

/**
 * The town names MapLibre placed where a marker is drawn (queried in each marker's box): none, since the
 * markers are placed first and the names clear of them (map-overlay.ts). Only on the offline style.
 */
function townsUnderMarkers(map: MapLibreMap, markers: readonly MapGeoJSONFeature[]): Set<string> {
  const covered = new Set<string>();
  for (const marker of markers) {
    const { x, y, half } = screenBox(map, marker);
    for (const town of map.queryRenderedFeatures(
      [
        [x - half, y - half],
        [x + half, y + half],
      ],
      { layers: TOWN_LAYERS },
    ))
      covered.add(String(town.properties.name));
  }
  return covered;
}

/**
 * What is drawn, in the map element's data attributes once the map is still: journey tests and the frame
 * benchmark read them (the drawing itself is pixels). Clusters and places whoever made them, the map or the
 * server; `drawnServer`: how many of them are the server's; the town names drawn, and those a marker
 * covers. The cluster images no longer drawn are pruned.
 */
export function reportDrawn(
  map: MapLibreMap,
  container: HTMLElement,
  images: () => ReturnType<typeof installMarkerImages> | null,
): void {
  map.on('idle', () => {
    if (map.getLayer(BOARDS_LAYER) === undefined) return;
    const drawn = map.queryRenderedFeatures({ layers: MARKER_LAYERS });
    const count = (layers: readonly string[], kind?: string) =>
      drawn.filter((f) => layers.includes(f.layer.id) && (kind === undefined || f.properties.kind === kind))
        .length;
    const places = [POINTS_LAYER, PREVIEW_POINTS_LAYER];
    container.dataset.drawnClusters = String(count([...CLUSTER_LAYERS]));
    container.dataset.drawnRestaurants = String(count(places, 'restaurant'));
    container.dataset.drawnRemplisvert = String(count(places, 'remplisvert'));
    container.dataset.drawnBoards = String(count([BOARDS_LAYER]));
    container.dataset.boardsOverClusters = String(boardsOverClusters(map, drawn));
    container.dataset.drawnServer = String(count([PREVIEW_CLUSTERS_LAYER, PREVIEW_POINTS_LAYER]));
    // The offline style's town names drawn (none from a third party's style), and any under a marker.
    const offline = map.getLayer(TOWN_LAYERS[0]!) !== undefined;
    const towns = offline ? map.queryRenderedFeatures({ layers: TOWN_LAYERS }) : [];
    container.dataset.drawnTowns = String(towns.length);
    container.dataset.drawnTownNames = towns.map((town) => String(town.properties.name)).join('|');
    container.dataset.townsUnderMarkers = [...(offline ? townsUnderMarkers(map, drawn) : [])].join('|');
    container.dataset.still = 'true';
    images()?.prune(
      new Set(
        drawn
          .filter((f) => CLUSTER_LAYERS.has(f.layer.id))
          .map((f) => clusterImageName(Number(f.properties.point_count), Number(f.properties.restaurants))),
      ),
    );
  });
}
