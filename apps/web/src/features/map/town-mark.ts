import type { Map as MapLibreMap } from 'maplibre-gl';
import { screenBox } from './map-drawn';
import { MARKER_LAYERS, OWN_SOURCES } from './map-overlay';

/*
 * The town chosen in the search field is marked by an HTML element over the map (a ring on its centre, its
 * name beside it), which MapLibre's collision index does not know: once the map is still, the name is put
 * where it covers no marker and no label of the base map (none when the base map names the town there
 * already), and the ring is hidden under a marker drawn on the town's centre, so that the mark never hides a
 * cluster's count (issue 49, point 13).
 */

export interface Box {
  x: number;
  y: number;
  half: number;
}

export type LabelPlace = 'above' | 'below' | 'right' | 'left';

/** The label's top left corner for a place, from the town's point, at `gap` pixels from it. */
function corner(
  place: LabelPlace,
  width: number,
  height: number,
  gap: number,
): { left: number; top: number } {
  switch (place) {
    case 'above':
      return { left: -width / 2, top: -gap - height };
    case 'below':
      return { left: -width / 2, top: gap };
    case 'right':
      return { left: gap, top: -height / 2 };
    case 'left':
      return { left: -gap - width, top: -height / 2 };
  }
}

/** Whether a box (its top left corner and size, from the town's point) meets a marker's. */
function meets(box: { left: number; top: number; width: number; height: number }, m: Box): boolean {
  return (
    box.left + box.width > m.x - m.half &&
    box.left < m.x + m.half &&
    box.top + box.height > m.y - m.half &&
    box.top < m.y + m.half
  );
}

const PLACES: readonly LabelPlace[] = ['above', 'below', 'right', 'left'];
/** Just beside the ring, then clear of a cluster drawn on the town (56 px at most). */
const GAPS = [10, 32] as const;

/**
 * Where the town's name goes: the first of above, below, right and left, near then far, whose box meets no
 * marker's; `null` when none is free. Boxes in pixels from the town's point.
 */
export function placeTownLabel(
  size: { width: number; height: number },
  markers: readonly Box[],
  /** Whether something else is drawn there (the base map's labels), the box from the town's point. */
  taken: (box: { left: number; top: number; width: number; height: number }) => boolean = () => false,
): { place: LabelPlace; left: number; top: number } | null {
  for (const gap of GAPS)
    for (const place of PLACES) {
      const { left, top } = corner(place, size.width, size.height, gap);
      const box = { left, top, ...size };
      const free = !taken(box) && !markers.some((m) => meets(box, m));
      if (free) return { place, left, top };
    }
  return null;
}

/** Whether a marker is drawn over the town's centre (its ring, `ring` pixels across, would cover it). */
export function markerOnPoint(markers: readonly Box[], ring: number): boolean {
  return markers.some((m) => Math.abs(m.x) < m.half + ring / 2 && Math.abs(m.y) < m.half + ring / 2);
}

/** The markers drawn within `reach` pixels of a point, as boxes from that point. */
function markersAround(map: MapLibreMap, lngLat: [number, number], reach: number): Box[] {
  if (map.getLayer(MARKER_LAYERS[0]!) === undefined) return [];
  const at = map.project(lngLat);
  return map
    .queryRenderedFeatures(
      [
        [at.x - reach, at.y - reach],
        [at.x + reach, at.y + reach],
      ],
      { layers: MARKER_LAYERS },
    )
    .map((feature) => {
      const box = screenBox(map, feature);
      return { x: box.x - at.x, y: box.y - at.y, half: box.half };
    });
}

/** The base map's labels drawn in a box (in pixels from `at`): names and symbols of its own layers. */
function baseLabels(
  map: MapLibreMap,
  at: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
) {
  return map
    .queryRenderedFeatures([
      [at.x + box.left, at.y + box.top],
      [at.x + box.left + box.width, at.y + box.top + box.height],
    ])
    .filter((feature) => feature.layer.type === 'symbol' && !OWN_SOURCES.has(feature.source));
}

/**
 * Places the town's ring and name (`element`, `createTownMarker`) each time the map is still; answers the
 * function that stops it.
 */
export function followTownMark(map: MapLibreMap, element: HTMLElement, lngLat: [number, number]): () => void {
  const ring = element.querySelector<HTMLElement>('.tv-town__ring');
  const label = element.querySelector<HTMLElement>('.tv-town__label');
  const name = label?.textContent ?? '';
  const place = () => {
    if (ring === null || label === null) return;
    // Measured shown: a label hidden at the last stop has no size.
    label.hidden = false;
    const size = { width: label.offsetWidth, height: label.offsetHeight };
    const markers = markersAround(map, lngLat, size.width + 80);
    ring.hidden = markerOnPoint(markers, ring.offsetWidth || 14);
    const at = map.project(lngLat);
    // Named by the base map already, near its centre: no second name over or beside it.
    const reach = { left: -60, top: -60, width: 120, height: 120 };
    const named = baseLabels(map, at, reach).some((feature) => feature.properties.name === name);
    const chosen = named ? null : placeTownLabel(size, markers, (box) => baseLabels(map, at, box).length > 0);
    label.hidden = chosen === null;
    element.dataset.labelPlace = named ? 'base-map' : (chosen?.place ?? 'none');
    if (chosen !== null) {
      label.style.left = `${chosen.left}px`;
      label.style.top = `${chosen.top}px`;
    }
  };
  /** The markers the mark covers as drawn (its elements' boxes on the screen): written for the journeys. */
  const measure = () => {
    const canvas = map.getCanvas().getBoundingClientRect();
    const at = map.project(lngLat);
    const markers = markersAround(map, lngLat, 200);
    const covered = [ring, label].filter((part) => {
      if (part === null || part.hidden) return false;
      const r = part.getBoundingClientRect();
      const box = {
        left: r.left - canvas.left - at.x,
        top: r.top - canvas.top - at.y,
        width: r.width,
        height: r.height,
      };
      return markers.some((m) => meets(box, m));
    });
    element.dataset.coversMarkers = String(covered.length);
  };
  const onIdle = () => {
    place();
    measure();
  };
  map.on('idle', onIdle);
  place();
  return () => {
    map.off('idle', onIdle);
  };
}
