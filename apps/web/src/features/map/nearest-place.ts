import { distanceKm, type Bounds, type LatLng } from '@tables-voisines/contract/geo';
import { useNearestList, type ListedEstablishment } from './map-list';

/*
 * The view shows no place: which is the nearest, and how far (issue 49, point 5: « Aucun établissement ici ;
 * le plus proche : Le Vésuve à Cavaillon, 15 km »). From the feed when it is there (the places the filters
 * keep), otherwise from the server's list ranked from the map's centre over the whole world.
 */

export interface NearestPlace {
  place: Pick<ListedEstablishment, 'uri' | 'kind' | 'name' | 'town' | 'location'>;
  km: number;
}

/** The place of `places` nearest to `center`, `null` when there is none. */
export function nearestOf(
  places: readonly Pick<ListedEstablishment, 'uri' | 'kind' | 'name' | 'town' | 'location'>[],
  center: LatLng,
): NearestPlace | null {
  let best: NearestPlace | null = null;
  for (const place of places) {
    const km = distanceKm(center, place.location);
    if (best === null || km < best.km) best = { place, km };
  }
  return best;
}

/** « 15 km », « 2,4 km », « 800 m »: as precise as a visitor reads it. */
export function distanceText(km: number): string {
  if (km < 1) return `${Math.max(100, Math.round(km * 10) * 100).toLocaleString('fr-FR')} m`;
  if (km < 10) return `${(Math.round(km * 10) / 10).toLocaleString('fr-FR')} km`;
  return `${Math.round(km).toLocaleString('fr-FR')} km`;
}

/**
 * Without the feed and nothing filtered: the server's one nearest place to `center`, while `wanted` (the
 * list is empty). The centre is rounded to about 100 m, so that a map nudged in an empty area asks again
 * only once it has really moved.
 */
export function useServerNearest(wanted: boolean, zoom: number, center: LatLng): NearestPlace | null {
  const rounded = {
    latitude: Math.round(center.latitude * 1000) / 1000,
    longitude: Math.round(center.longitude * 1000) / 1000,
  };
  // No box: the server ranks every place from the centre.
  const { list } = useNearestList(wanted, null, zoom, rounded, 1);
  if (!wanted || list === undefined) return null;
  return nearestOf(list.establishments, center);
}

/**
 * The box that shows where the visitor was and the nearest place, a third of its size around them: the
 * town's name under its mark, the place's pin above its point and the map's legend stay clear of both.
 */
export function boxOfBoth(center: LatLng, place: LatLng): Bounds {
  const south = Math.min(center.latitude, place.latitude);
  const north = Math.max(center.latitude, place.latitude);
  const west = Math.min(center.longitude, place.longitude);
  const east = Math.max(center.longitude, place.longitude);
  const margin = Math.max(north - south, east - west) / 3;
  return {
    southWest: { latitude: south - margin, longitude: west - margin },
    northEast: { latitude: north + margin, longitude: east + margin },
  };
}
