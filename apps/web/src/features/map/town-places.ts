import type { MapGeoJSONFeature, Map as MapLibreMap } from 'maplibre-gl';
import type { Point } from 'geojson';
import { TOWN_LAYERS, TOWN_NAME_PLACES, TOWN_PLACES_STATE, townTextSize } from './base-style';

/*
 * The offline style's town names beside the marker that covers their town (issue 49, point 13): MapLibre
 * tries a name's places in order and keeps the first clear of what is placed already, the markers first.
 * Fixed offsets from the town cannot follow a cluster's edge (a 56 px cluster, its centre anywhere around
 * the town): a name tried 35 px away to clear one was drawn there beside a town no marker covered
 * (« Saint-Étienne », 25 px left of its point). So once the map is still, each town under a marker is given
 * its own places, just outside that marker's edge on each side, and every other town's name only places
 * touching its point (base-style.ts).
 */

/** A box on the screen, in CSS pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * What MapLibre keeps clear around a marker beyond its image's box: the icon's padding, 2 px by default, none
 * around a cluster (map-overlay.ts).
 */
const ICON_PADDING = { cluster: 0, place: 2 } as const;
/**
 * Between a marker's box and the point the name's box starts at: the name's padding (`text-padding`, 1 px),
 * and half a pixel more (measured: a name 1.7 ems under a cluster's box, less than 0.2 px from it by these
 * offsets, was not drawn; 1.8 ems was).
 */
const GAP = 1.5;

/**
 * An offset in ems, rounded away from the town to a twentieth of an em (so that the same view gives the same
 * places: the state is compared by value).
 */
const em = (px: number, size: number) => Math.ceil((px / size) * 20) / 20;

/** A name's side of a marker: its anchor centred on the town, and the two along the side starting at it. */
const SIDES = [
  { side: 'below', centred: 'top', along: ['top-left', 'top-right'], x: 0, y: 1 },
  { side: 'above', centred: 'bottom', along: ['bottom-left', 'bottom-right'], x: 0, y: -1 },
  { side: 'right', centred: 'left', along: ['top-left', 'bottom-left'], x: 1, y: 0 },
  { side: 'left', centred: 'right', along: ['top-right', 'bottom-right'], x: -1, y: 0 },
] as const;

/** A further try on each side, in ems, where MapLibre's box of the name reaches a little past its anchor. */
const FURTHER = 0.15;

/**
 * A name's places just outside `box`, which covers its town at `at`, for names of `size` px: under, above,
 * right and left of the box (nearest first), centred on the town, the same a little further, then along
 * the same sides starting or ending at the town; only the sides within `reach` px of the town.
 */
export function placesBeside(
  box: Box,
  at: { x: number; y: number },
  size: number,
  reach = Infinity,
): (string | number[])[] {
  const distance = {
    below: box.bottom - at.y,
    above: at.y - box.top,
    right: box.right - at.x,
    left: at.x - box.left,
  };
  const sides = SIDES.map((side) => ({ ...side, d: em(distance[side.side] + GAP, size) }))
    .filter((side) => side.d * size <= reach)
    .sort((a, b) => a.d - b.d);
  // Offsets are right and down, in ems: `top` puts the name's top at the anchor, so under the town.
  const offset = (side: (typeof sides)[number], d: number) =>
    [side.x, side.y].map((unit) => Math.round(unit * d * 100) / 100 + 0);
  return [
    ...sides.flatMap((side) => [side.centred, offset(side, side.d)]),
    ...sides.flatMap((side) => [side.centred, offset(side, side.d + FURTHER)]),
    ...sides.flatMap((side) => side.along.flatMap((anchor) => [anchor, offset(side, side.d)])),
  ];
}

/** The box MapLibre keeps clear around a marker drawn at `x`, `y` whose image is `side` px wide. */
export function markerCollisionBox(x: number, y: number, side: number, kind: keyof typeof ICON_PADDING): Box {
  const half = side / 2 + ICON_PADDING[kind];
  return { left: x - half, top: y - half, right: x + half, bottom: y + half };
}

/** A marker drawn: the box MapLibre keeps clear around it, and its visible shape (centre, half its side). */
export interface DrawnMarker {
  box: Box;
  shape: { x: number; y: number; half: number };
}

/** Beside a marker that does not hide the town, a name is drawn this near the town's point at most. */
const NEAR_POINT = 7;

/**
 * The places of the names of the towns in view within a marker's box, by name. A town the marker's shape
 * hides is named beside the union of the boxes over its point, on any side; a town at the marker's edge,
 * outside its shape, only on the sides of that union near its point, or touching it (base-style.ts).
 */
export function coveredTownPlaces(
  map: MapLibreMap,
  markers: readonly DrawnMarker[],
): Record<string, (string | number[])[]> {
  const zoom = map.getZoom();
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const places: Record<string, (string | number[])[]> = {};
  // Only the ranks drawn at this zoom (the 34 biggest towns at the first view, of some 3,000).
  const ranks = TOWN_LAYERS.filter((id) => zoom >= (map.getLayer(id)?.minzoom ?? Infinity)).length;
  for (const town of map.querySourceFeatures('towns', { filter: ['<=', ['get', 'rank'], ranks] })) {
    const rank = Number(town.properties.rank);
    const [lng, lat] = (town.geometry as Point).coordinates as [number, number];
    const at = map.project([lng, lat]);
    if (at.x < 0 || at.y < 0 || at.x > width || at.y > height) continue;
    const over = markers.filter(
      ({ box }) => at.x > box.left && at.x < box.right && at.y > box.top && at.y < box.bottom,
    );
    if (over.length === 0) continue;
    const box = {
      left: Math.min(...over.map((m) => m.box.left)),
      top: Math.min(...over.map((m) => m.box.top)),
      right: Math.max(...over.map((m) => m.box.right)),
      bottom: Math.max(...over.map((m) => m.box.bottom)),
    };
    const hidden = over.some(
      ({ shape }) => Math.abs(at.x - shape.x) <= shape.half && Math.abs(at.y - shape.y) <= shape.half,
    );
    const size = townTextSize(rank, zoom);
    places[String(town.properties.name)] = hidden
      ? placesBeside(box, at, size)
      : [...placesBeside(box, at, size, NEAR_POINT), ...TOWN_NAME_PLACES];
  }
  // In the same order whatever the order of the tiles: compared by value with the state in place.
  return Object.fromEntries(Object.entries(places).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Gives the offline style's town names their places for the view (`coveredTownPlaces`): returns whether they
 * changed, in which case MapLibre lays the names out again and the map is not still yet.
 */
export function placeTownNames(map: MapLibreMap, markers: readonly DrawnMarker[]): boolean {
  if (map.getLayer(TOWN_LAYERS[0]!) === undefined) return false;
  const places = coveredTownPlaces(map, markers);
  const before = JSON.stringify(map.getGlobalState()[TOWN_PLACES_STATE] ?? {});
  map.getContainer().dataset.townsBesideMarkers = Object.keys(places).join('|');
  if (JSON.stringify(places) === before) return false;
  map.setGlobalStateProperty(TOWN_PLACES_STATE, places);
  return true;
}

/** A town's point on the screen. */
export function townPoint(map: MapLibreMap, town: MapGeoJSONFeature) {
  const [lng, lat] = (town.geometry as Point).coordinates as [number, number];
  return map.project([lng, lat]);
}
