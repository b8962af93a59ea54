import type { MapGeoJSONFeature, Map as MapLibreMap } from 'maplibre-gl';
import type { Point } from 'geojson';
import { isPlaceNameLayer, TOWN_LAYERS } from './base-style';
import { clusterImageName, clusterSize, type installMarkerImages } from './marker-images';
import {
  BOARDS_LAYER,
  CLUSTER_LAYERS,
  MARKER_LAYERS,
  POINTS_LAYER,
  PREVIEW_CLUSTERS_LAYER,
  PREVIEW_POINTS_LAYER,
} from './map-overlay';
import { markerCollisionBox, placeTownNames, townPoint, type Box } from './town-places';

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

/** The box MapLibre keeps clear around a marker (its image's box and padding), in CSS pixels. */
function collisionBox(map: MapLibreMap, marker: MapGeoJSONFeature): Box {
  const at = map.project((marker.geometry as Point).coordinates as [number, number]);
  if (CLUSTER_LAYERS.has(marker.layer.id))
    // The cluster's image: its ring and 3 px of shadow on each side (marker-images.ts).
    return markerCollisionBox(at.x, at.y, clusterSize(Number(marker.properties.point_count)) + 6, 'cluster');
  if (marker.layer.id === BOARDS_LAYER) return markerCollisionBox(at.x + 16, at.y - 16, 30, 'place');
  return markerCollisionBox(at.x, at.y, 30, 'place');
}

/** Where `name` of `layer` is drawn: the box MapLibre placed its label in, or null (found by bisection). */
function labelBox(map: MapLibreMap, layer: string, name: string, at: { x: number; y: number }): Box | null {
  const REACH = 160;
  const hits = (box: Box) =>
    map
      .queryRenderedFeatures(
        [
          [box.left, box.top],
          [box.right, box.bottom],
        ],
        { layers: [layer] },
      )
      .some((f) => String(f.properties.name) === name);
  const around: Box = { left: at.x - REACH, top: at.y - REACH, right: at.x + REACH, bottom: at.y + REACH };
  if (!hits(around)) return null;
  // The smallest `v` in [lo, hi] for which `found(v)` holds (it holds from some value on).
  const bisect = (lo: number, hi: number, found: (v: number) => boolean) => {
    while (hi - lo > 0.5) {
      const mid = (lo + hi) / 2;
      if (found(mid)) hi = mid;
      else lo = mid;
    }
    return hi;
  };
  // The label's left edge is the smallest right end of a box that reaches it, and so on.
  return {
    left: bisect(around.left, around.right, (v) => hits({ ...around, right: v })),
    top: bisect(around.top, around.bottom, (v) => hits({ ...around, bottom: v })),
    right: -bisect(-around.right, -around.left, (v) => hits({ ...around, left: -v })),
    bottom: -bisect(-around.bottom, -around.top, (v) => hits({ ...around, top: -v })),
  };
}

/** The distance from a box to a point, in CSS pixels (0 inside it). */
function boxDistance(box: Box, x: number, y: number): number {
  const dx = Math.max(box.left - x, 0, x - box.right);
  const dy = Math.max(box.top - y, 0, y - box.bottom);
  return Math.hypot(dx, dy);
}

/**
 * How far each town name drawn is from what it names, in CSS pixels: from its label's box (as MapLibre
 * placed it, with its padding) to its town's point, or to the visible edge of the marker drawn over the
 * town when there is one (a name beside a cluster names the town under it). Asked by the journeys only
 * (`window.tvMeasureTownNames`): each name costs some forty queries.
 */
function townNameGaps(
  map: MapLibreMap,
  layers: readonly string[],
  markers: readonly MapGeoJSONFeature[],
): string[] {
  const names = map.queryRenderedFeatures({ layers: [...layers] });
  // A cluster's visible edge is its ring's, half its size from its centre; a place's, its pin's.
  const shapes = markers.map((m) => ({
    ...screenBox(map, m),
    edge: CLUSTER_LAYERS.has(m.layer.id)
      ? clusterSize(Number(m.properties.point_count)) / 2
      : markerBox(m).half,
  }));
  return names.map((town) => {
    const name = String(town.properties.name);
    const at = townPoint(map, town);
    const box = labelBox(map, town.layer.id, name, at);
    if (box === null) return `${name}:?`;
    let gap = boxDistance(box, at.x, at.y);
    for (const m of shapes)
      if (Math.abs(at.x - m.x) < m.half && Math.abs(at.y - m.y) < m.half)
        // The marker's visible edge: a circle for a cluster, as good as one for a place.
        gap = Math.min(gap, Math.max(0, boxDistance(box, m.x, m.y) - m.edge));
    return `${name}:${Math.round(gap)}`;
  });
}

/** A third party's layers of names of places (base-style.ts), read once per style. */
const placeLayersOf = new WeakMap<object, string[]>();
function placeNameLayers(map: MapLibreMap): string[] {
  let layers = placeLayersOf.get(map.style);
  if (layers === undefined) {
    layers = map
      .getStyle()
      .layers.filter(isPlaceNameLayer)
      .map((layer) => layer.id);
    placeLayersOf.set(map.style, layers);
  }
  return layers;
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
    // The offline style's names of the towns under a marker given places beside it: laid out again first.
    if (
      placeTownNames(
        map,
        drawn.map((marker) => ({ box: collisionBox(map, marker), shape: screenBox(map, marker) })),
      )
    ) {
      container.dataset.still = 'false';
      return;
    }
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
    // A third party's names of places (towns, villages, regions) drawn, by their layers' ids.
    const placeLayers = offline ? [] : placeNameLayers(map);
    container.dataset.drawnPlaceNames = (
      placeLayers.length === 0 ? [] : map.queryRenderedFeatures({ layers: placeLayers })
    )
      .map((place) => String(place.properties['name:fr'] ?? place.properties.name))
      .join('|');
    if ((window as { tvMeasureTownNames?: boolean }).tvMeasureTownNames === true)
      container.dataset.townNameGaps = townNameGaps(
        map,
        offline ? TOWN_LAYERS : placeLayers,
        drawn.filter((f) => f.layer.id !== BOARDS_LAYER),
      ).join('|');
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
