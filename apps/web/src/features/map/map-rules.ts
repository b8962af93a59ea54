import {
  EARTH_RADIUS_KM,
  circleContainsPoint,
  distanceKm,
  isDegenerateBounds,
} from '@tables-voisines/contract/geo';
import type { Bounds, LatLng } from '@tables-voisines/contract/geo';
import type { Group } from '@tables-voisines/contract/schemas/group';
import type { Kind } from '@tables-voisines/contract/schemas/establishment';
import type { MultiPolygon, Polygon, difference, union } from 'polygon-clipping';

/*
 * The map's rules (its zooms, the current group, the areas whose boards are already fetched), as pure
 * functions so that they are tested without a map.
 */

/** Minimum zoom for group detection and the surrounding menu-board fetch. */
export const MIN_DETAIL_ZOOM = 9;
export const DEFAULT_ZOOM = 6;
/** Zoom of a detail page: the map centres on the establishment. */
export const ESTABLISHMENT_ZOOM = 16;
/**
 * Leaving a detail page opened directly (no view of the map page to go back to): the map shows the
 * streets and places around it, which the list then names.
 */
export const RETURN_ZOOM = 13;
/** Metropolitan France, roughly its middle: the whole country fits at zoom 6 on a computer's screen. */
export const DEFAULT_POSITION: LatLng = { latitude: 46.6, longitude: 2.4 };
/** Metropolitan France and Corsica, coast to coast: what "Voir toute la France" fits into any screen. */
export const METROPOLITAN_FRANCE: Bounds = {
  southWest: { latitude: 41.33, longitude: -5.15 },
  northEast: { latitude: 51.09, longitude: 9.56 },
};

/** The smallest box holding every one of these places; `null` for none. */
export function boundsOfPlaces(places: readonly { location: LatLng }[]): Bounds | null {
  if (places.length === 0) return null;
  let [south, west, north, east] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { location } of places) {
    south = Math.min(south, location.latitude);
    north = Math.max(north, location.latitude);
    west = Math.min(west, location.longitude);
    east = Math.max(east, location.longitude);
  }
  return { southWest: { latitude: south, longitude: west }, northEast: { latitude: north, longitude: east } };
}

/**
 * What the map needs of an establishment to place it and link to its page. Its uri names it (unique, like
 * its id, which the map feed does not carry: decision 0010, addendum of session 15).
 */
export interface MapEstablishment {
  uri: string;
  kind: Kind;
  name: string;
  location: LatLng;
}

/**
 * At zoom 9 or more, the group whose circle contains the map centre; none below 9. When circles overlap,
 * the group whose centre is nearest wins, so the answer does not depend on the order of the list.
 */
export function findCurrentGroup(groups: readonly Group[], center: LatLng, zoom: number): Group | null {
  if (zoom < MIN_DETAIL_ZOOM) return null;
  let best: Group | null = null;
  let bestDistance = Infinity;
  for (const group of groups) {
    const groupCenter = { latitude: group.latitude, longitude: group.longitude };
    if (!circleContainsPoint(groupCenter, group.radius, center)) continue;
    const d = distanceKm(groupCenter, center);
    if (d < bestDistance) {
      best = group;
      bestDistance = d;
    }
  }
  return best;
}

type PolygonClipping = { union: typeof union; difference: typeof difference };

let polygonClipping: PolygonClipping | null = null;
let polygonClippingLoad: Promise<PolygonClipping> | null = null;

/**
 * polygon-clipping (its weight: decision 0031, "Measurements") is only needed once menu boards were fetched
 * at zoom 9 or more, so it is loaded then rather than with every page: `useSurroundingMenuBoards` awaits
 * this with each ask, before the answer's area is recorded as covered. It ships its functions as the
 * default export of its ES module but declares them as named exports: accept both shapes.
 */
export function loadPolygonClipping(): Promise<PolygonClipping> {
  polygonClippingLoad ??= import('polygon-clipping').then(
    (module) => {
      polygonClipping = (module as unknown as { default?: PolygonClipping }).default ?? module;
      return polygonClipping;
    },
    (error: unknown) => {
      // A chunk that failed to load (network, a new deployment) is tried again at the next refresh.
      polygonClippingLoad = null;
      throw error;
    },
  );
  return polygonClippingLoad;
}

/** The box as a closed polygon ring of [longitude, latitude] pairs, as GeoJSON and polygon-clipping want. */
export function boundsToPolygon(b: Bounds): Polygon {
  const { northEast: ne, southWest: sw } = b;
  return [
    [
      [sw.longitude, sw.latitude],
      [ne.longitude, sw.latitude],
      [ne.longitude, ne.latitude],
      [sw.longitude, ne.latitude],
      [sw.longitude, sw.latitude],
    ],
  ];
}

/** The covered areas with one more box, merged into a union (no overlapping pieces kept twice). */
export function addCoveredArea(covered: MultiPolygon, b: Bounds): MultiPolygon {
  if (polygonClipping === null) throw new Error('addCoveredArea needs loadPolygonClipping() first');
  return polygonClipping.union(covered, boundsToPolygon(b));
}

/** Whether the box lies inside the union of the covered areas: nothing of it is left outside. */
export function isInsideCoveredAreas(b: Bounds, covered: MultiPolygon): boolean {
  // Areas are only ever added through `addCoveredArea`, so some areas means the library is there.
  if (covered.length === 0 || polygonClipping === null) return false;
  return polygonClipping.difference(boundsToPolygon(b), covered).length === 0;
}

export type SurroundingFetchDecision = 'fetch' | 'zoom-too-low' | 'in-progress' | 'degenerate' | 'covered';

/**
 * Whether a bounds change should fetch the surrounding menu boards: at zoom 9 or more, unless a fetch is
 * already running, the bounds are degenerate (both corners equal) or they lie inside the covered areas.
 */
export function decideSurroundingFetch(input: {
  zoom: number;
  bounds: Bounds | null;
  refreshInProgress: boolean;
  coveredAreas: MultiPolygon;
}): SurroundingFetchDecision {
  if (input.zoom < MIN_DETAIL_ZOOM || input.bounds === null) return 'zoom-too-low';
  if (input.refreshInProgress) return 'in-progress';
  if (isDegenerateBounds(input.bounds)) return 'degenerate';
  if (isInsideCoveredAreas(input.bounds, input.coveredAreas)) return 'covered';
  return 'fetch';
}

/** Detail pages: `/restaurant/{uri}` and `/remplisvert/{uri}`. */
export function isEstablishmentPath(path: string): boolean {
  return /^\/(?:restaurant|remplisvert)\/[^/]/.test(path);
}

/**
 * The map layout's pages read as pages: a place's (and its report form), « Nous contacter », « Données
 * ouvertes ». On a phone the page comes first and a small map after it, started only when asked for; not a
 * sheet over the whole map (MapLibre's 1.1 MB and its worker for a page of text, and offline a map whose
 * worker was never kept). On desktop the map beside them shows neither its legend nor its empty notice.
 */
export function isReadingPagePath(path: string): boolean {
  return isEstablishmentPath(path) || path === '/contact' || path === '/donnees-ouvertes';
}

/**
 * The path "clear the selection" goes back to: the last visited page that is not a detail page, so that
 * going from one establishment to another and then clearing leaves the detail pages altogether. `null`
 * when the visit started on a detail page (clearing then goes to the map's home).
 */
export function nextPreviousPath(previousPath: string | null, visitedPath: string): string | null {
  return isEstablishmentPath(visitedPath) ? previousPath : visitedPath;
}

export function isInsideBounds(b: Bounds, p: LatLng): boolean {
  return (
    p.latitude >= b.southWest.latitude &&
    p.latitude <= b.northEast.latitude &&
    p.longitude >= b.southWest.longitude &&
    p.longitude <= b.northEast.longitude
  );
}

/** A circle of `radiusKm` around `center` as a closed GeoJSON ring of `steps` sides ([lng, lat] pairs). */
export function circleRing(center: LatLng, radiusKm: number, steps = 64): [number, number][] {
  const lat1 = (center.latitude * Math.PI) / 180;
  const lng1 = (center.longitude * Math.PI) / 180;
  const angular = radiusKm / EARTH_RADIUS_KM;
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i += 1) {
    const bearing = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
        Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([(lng2 * 180) / Math.PI, (lat2 * 180) / Math.PI]);
  }
  ring.push(ring[0] as [number, number]);
  return ring;
}
