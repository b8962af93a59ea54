import type { Map as MapLibreMap } from 'maplibre-gl';
import { TOWN_LAYERS } from './base-style';
import { clusterImageName, type installMarkerImages } from './marker-images';
import {
  BOARDS_LAYER,
  CLUSTER_LAYERS,
  MARKER_LAYERS,
  POINTS_LAYER,
  PREVIEW_CLUSTERS_LAYER,
  PREVIEW_POINTS_LAYER,
} from './map-overlay';

/**
 * What is drawn, in the map element's data attributes once the map is still: journey tests and the frame
 * benchmark read them (the drawing itself is pixels). Clusters and places whoever made them, the map or the
 * server; `drawnServer`: how many of them are the server's. The cluster images no longer drawn are pruned.
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
    container.dataset.drawnServer = String(count([PREVIEW_CLUSTERS_LAYER, PREVIEW_POINTS_LAYER]));
    // The offline style's town names drawn (none from a third party's style).
    container.dataset.drawnTowns = String(
      map.getLayer(TOWN_LAYERS[0]!) === undefined
        ? 0
        : map.queryRenderedFeatures({ layers: TOWN_LAYERS }).length,
    );
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
