/**
 * Plane geometry for the map. Boxes are given by their north-east and south-west corners and are taken not
 * to cross the antimeridian (south-west longitude <= north-east longitude), which holds everywhere in France,
 * overseas departments included; functions that compare boxes answer `false` for one that does.
 */

export type LatLng = { latitude: number; longitude: number };
export type Bounds = { northEast: LatLng; southWest: LatLng };

/** Mean Earth radius (IUGG), in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether `p` lies in the circle of `radiusKm` around `center`, its edge included. */
export function circleContainsPoint(center: LatLng, radiusKm: number, p: LatLng): boolean {
  return distanceKm(center, p) <= radiusKm;
}

/** A box whose two corners are the same point (the map is not laid out yet; docs/api.md, "Menu boards"). */
export function isDegenerateBounds(b: Bounds): boolean {
  return b.northEast.latitude === b.southWest.latitude && b.northEast.longitude === b.southWest.longitude;
}

const isLatitude = (v: number): boolean => Number.isFinite(v) && v >= -90 && v <= 90;
const isLongitude = (v: number): boolean => Number.isFinite(v) && v >= -180 && v <= 180;

/** A point a map can show: two finite numbers, latitude in -90..90 and longitude in -180..180. */
export function isValidPoint(value: unknown): value is LatLng {
  const point = value as Partial<LatLng> | null | undefined;
  return (
    typeof point?.latitude === 'number' &&
    typeof point.longitude === 'number' &&
    isLatitude(point.latitude) &&
    isLongitude(point.longitude)
  );
}

/**
 * A box worth querying: finite coordinates in range, not degenerate, south below north. A south-west
 * longitude greater than the north-east one is accepted: that is a box crossing the antimeridian.
 */
export function isValidBounds(b: Bounds): boolean {
  return (
    isLatitude(b.northEast.latitude) &&
    isLatitude(b.southWest.latitude) &&
    isLongitude(b.northEast.longitude) &&
    isLongitude(b.southWest.longitude) &&
    !isDegenerateBounds(b) &&
    b.southWest.latitude <= b.northEast.latitude
  );
}

/** Whether the box crosses the antimeridian, which the comparisons below do not handle. */
export function crossesAntimeridian(b: Bounds): boolean {
  return b.southWest.longitude > b.northEast.longitude;
}

function isOrderedBox(b: Bounds): boolean {
  return b.southWest.latitude <= b.northEast.latitude && b.southWest.longitude <= b.northEast.longitude;
}

/** Whether `inner` lies entirely in `outer`, edges included. */
export function boundsContains(outer: Bounds, inner: Bounds): boolean {
  if (!isOrderedBox(outer) || !isOrderedBox(inner)) return false;
  return (
    outer.southWest.latitude <= inner.southWest.latitude &&
    outer.southWest.longitude <= inner.southWest.longitude &&
    outer.northEast.latitude >= inner.northEast.latitude &&
    outer.northEast.longitude >= inner.northEast.longitude
  );
}

function containsPoint(b: Bounds, latitude: number, longitude: number): boolean {
  return (
    b.southWest.latitude <= latitude &&
    latitude <= b.northEast.latitude &&
    b.southWest.longitude <= longitude &&
    longitude <= b.northEast.longitude
  );
}

function intersects(a: Bounds, b: Bounds): boolean {
  return (
    a.southWest.latitude <= b.northEast.latitude &&
    b.southWest.latitude <= a.northEast.latitude &&
    a.southWest.longitude <= b.northEast.longitude &&
    b.southWest.longitude <= a.northEast.longitude
  );
}

/**
 * Points to test along one axis of `[low, high]`: the middle of each cell cut by the covered boxes' edges,
 * or the single value when the box has no extent on that axis.
 */
function sampleAxis(low: number, high: number, edges: readonly number[]): number[] {
  if (low === high) return [low];
  const cuts = [...new Set([low, high, ...edges.filter((e) => e > low && e < high)])].sort((x, y) => x - y);
  const samples: number[] = [];
  for (let i = 0; i + 1 < cuts.length; i += 1) {
    samples.push(((cuts[i] as number) + (cuts[i + 1] as number)) / 2);
  }
  return samples;
}

/**
 * Whether `box` is entirely covered by the union of `covered` (the map's "covered areas": no need to fetch
 * again). Exact, by coordinate compression: the covered boxes' edges cut `box` into a grid, and every cell
 * of that grid must lie in one covered box. Testing each cell's centre is enough: a cell lies between two
 * consecutive edges, so it is either wholly inside a covered box or wholly outside it, and the union of
 * closed boxes is closed, so covering the open cells covers the grid lines too. Boxes crossing the
 * antimeridian are never reported as covered.
 */
export function boundsInsideUnion(box: Bounds, covered: readonly Bounds[]): boolean {
  if (!isOrderedBox(box)) return false;
  // Only the boxes touching `box` matter; this keeps the grid small when many areas were covered.
  const usable = covered.filter((c) => isOrderedBox(c) && intersects(c, box));
  if (usable.length === 0) return false;
  if (usable.some((c) => boundsContains(c, box))) return true;

  const latitudes = sampleAxis(
    box.southWest.latitude,
    box.northEast.latitude,
    usable.flatMap((c) => [c.southWest.latitude, c.northEast.latitude]),
  );
  const longitudes = sampleAxis(
    box.southWest.longitude,
    box.northEast.longitude,
    usable.flatMap((c) => [c.southWest.longitude, c.northEast.longitude]),
  );
  return latitudes.every((lat) => longitudes.every((lng) => usable.some((c) => containsPoint(c, lat, lng))));
}

/**
 * Where an establishment may be: boxes around metropolitan France (Corsica included), the overseas
 * departments and regions, the overseas collectivities and New Caledonia, each a little wider than the
 * land so that a coastal address is never refused. A box also holds bits of the neighbours (Geneva,
 * Brussels, Dominica's coast): the rule catches a point left at (0, 0) or typed with latitude and
 * longitude swapped, not a frontier. The French Southern Lands and Clipperton, where no restaurant
 * serves, are left out.
 */
export const FRANCE_BOXES: readonly { name: string; bounds: Bounds }[] = [
  { name: 'France métropolitaine et Corse', bounds: box(41.2, -5.3, 51.2, 9.7) },
  { name: 'Guadeloupe', bounds: box(15.75, -61.9, 16.6, -60.95) },
  { name: 'Martinique', bounds: box(14.35, -61.3, 14.95, -60.75) },
  { name: 'Guyane', bounds: box(2.0, -54.7, 5.9, -51.5) },
  { name: 'La Réunion', bounds: box(-21.45, 55.15, -20.8, 55.9) },
  { name: 'Mayotte', bounds: box(-13.1, 44.95, -12.55, 45.35) },
  { name: 'Saint-Pierre-et-Miquelon', bounds: box(46.7, -56.5, 47.2, -56.05) },
  { name: 'Saint-Martin et Saint-Barthélemy', bounds: box(17.8, -63.2, 18.15, -62.75) },
  { name: 'Wallis-et-Futuna', bounds: box(-14.4, -178.3, -13.1, -176.0) },
  { name: 'Polynésie française', bounds: box(-28.0, -155.0, -7.5, -134.0) },
  { name: 'Nouvelle-Calédonie', bounds: box(-23.0, 163.0, -19.0, 169.0) },
];

function box(south: number, west: number, north: number, east: number): Bounds {
  return { southWest: { latitude: south, longitude: west }, northEast: { latitude: north, longitude: east } };
}

/** Whether a point lies in France, metropolitan or overseas (`FRANCE_BOXES`, edges included). */
export function isInFrance(p: LatLng): boolean {
  return FRANCE_BOXES.some(({ bounds }) => containsPoint(bounds, p.latitude, p.longitude));
}
