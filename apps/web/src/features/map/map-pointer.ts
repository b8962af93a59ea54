import type { GeoJSONSource, Map as MapLibreMap, PointLike } from 'maplibre-gl';
import type { Point } from 'geojson';
import { KIND_LABELS } from '@tables-voisines/contract/labels';
import {
  BOARDS_LAYER,
  CLUSTER_LAYERS,
  CLUSTERS_LAYER,
  ESTABLISHMENTS,
  MARKER_LAYERS,
  PREVIEW_CLUSTERS_LAYER,
  PREVIEW_POINTS_LAYER,
  previewPlace,
} from './map-overlay';
import type { MapEstablishment } from './map-rules';
import type { MapStore } from './map-store';

/*
 * The mouse and the finger on the map's markers: a cluster zooms in, a place or a board is selected (its
 * page opens); hovering names it and highlights its card in the list.
 */

export interface PointerTargets {
  store: MapStore;
  /** Opens a place's page (read at each click: the app's navigation may change). */
  select(place: MapEstablishment): void;
  /** The feed's place a feature of the clustered source stands for (by its `i` and `uri`). */
  pointOf(props: Record<string, unknown>): MapEstablishment | undefined;
}

export function followPointer(map: MapLibreMap, { store, select, pointOf }: PointerTargets): void {
  const markerAt = (point: PointLike) =>
    map.getLayer(BOARDS_LAYER) === undefined
      ? undefined
      : map.queryRenderedFeatures(point, { layers: MARKER_LAYERS })[0];

  map.on('click', (event) => {
    const feature = markerAt(event.point);
    if (feature === undefined) return;
    const props = feature.properties as Record<string, unknown>;
    const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
    const zoomTo = (expansionZoom: number) =>
      map.easeTo({ center: [lng, lat], zoom: Math.min(expansionZoom, 18) });
    if (feature.layer.id === CLUSTERS_LAYER) {
      const source = map.getSource(ESTABLISHMENTS) as GeoJSONSource;
      void source.getClusterExpansionZoom(Number(props.cluster_id)).then(zoomTo);
      return;
    }
    if (feature.layer.id === PREVIEW_CLUSTERS_LAYER) {
      zoomTo(Number(props.expansionZoom));
      return;
    }
    // A board and a place of the server's carry what opening the page needs; a place of the feed is found.
    const point =
      feature.layer.id === BOARDS_LAYER || feature.layer.id === PREVIEW_POINTS_LAYER
        ? previewPlace(props, lng, lat)
        : pointOf(props);
    if (point !== undefined) select(point);
  });

  // Hovering a place: a pointer, its name as a tooltip, and its card highlighted in the list.
  const canvas = map.getCanvas();
  let hovered: string | null = null;
  const hover = (place: MapEstablishment | null, title: string) => {
    canvas.style.cursor = title === '' ? '' : 'pointer';
    canvas.title = title;
    const uri = place?.uri ?? null;
    if (uri !== hovered) {
      hovered = uri;
      store.dispatch({ type: 'highlighted', establishment: place });
    }
  };
  map.on('mousemove', (event) => {
    if (map.isMoving()) return;
    const feature = markerAt(event.point);
    const props = (feature?.properties ?? {}) as Record<string, unknown>;
    if (feature === undefined) hover(null, '');
    else if (CLUSTER_LAYERS.has(feature.layer.id)) {
      const count = Number(props.point_count).toLocaleString('fr-FR');
      hover(null, `${count} établissements ici : zoomer pour les voir`);
    } else if (feature.layer.id === BOARDS_LAYER) hover(null, `Ardoise du jour : ${String(props.name)}`);
    else if (feature.layer.id === PREVIEW_POINTS_LAYER) {
      const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
      const place = previewPlace(props, lng, lat);
      hover(place, `${KIND_LABELS[place.kind]} : ${place.name}`);
    } else {
      const point = pointOf(props);
      hover(point ?? null, point === undefined ? '' : `${KIND_LABELS[point.kind]} : ${point.name}`);
    }
  });
  map.on('mouseout', () => hover(null, ''));
}
