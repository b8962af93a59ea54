import { distanceKm, type LatLng } from '@tables-voisines/contract/geo';
import type { NearbyEstablishment } from '@tables-voisines/contract/public-data';
import type { MapIndex } from './map-index';

/** How far around a place its neighbours are looked for: a town and its surroundings. */
export const NEARBY_RADIUS_KM = 25;
const KM_PER_DEGREE = 111.32;

/**
 * The public establishments nearest to a place, for the links of its page (« À proximité »): read from the
 * map's index (no query; the index already holds every public establishment, rebuilt after each change),
 * the place itself left out by its uri, nearest first, ties in the feed's order as the map's list has them.
 */
export async function findNearbyEstablishments(
  index: MapIndex,
  place: { uri: string; location: LatLng },
  limit: number,
): Promise<NearbyEstablishment[]> {
  const { latitude, longitude } = place.location;
  const latitudeSpan = NEARBY_RADIUS_KM / KM_PER_DEGREE;
  const longitudeSpan =
    NEARBY_RADIUS_KM / (KM_PER_DEGREE * Math.max(Math.cos((latitude * Math.PI) / 180), 0.01));
  const answer = await index.nearest({
    latitude,
    longitude,
    south: Math.max(latitude - latitudeSpan, -90),
    north: Math.min(latitude + latitudeSpan, 90),
    west: Math.max(longitude - longitudeSpan, -180),
    east: Math.min(longitude + longitudeSpan, 180),
    limit: limit + 1,
  });
  return answer.establishments
    .filter((e) => e.uri !== place.uri)
    .slice(0, limit)
    .map((e) => ({
      kind: e.kind,
      name: e.name,
      uri: e.uri,
      town: e.town,
      distanceMeters: Math.round(1000 * distanceKm(place.location, e)),
    }))
    .filter((e) => e.distanceMeters <= NEARBY_RADIUS_KM * 1000);
}
