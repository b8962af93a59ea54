import type {
  OpeningHours,
  PublicEstablishment,
  VenueType,
} from '@tables-voisines/contract/schemas/establishment';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { listEstablishmentsRoute } from '../../lib/api-routes';
import type { MapEstablishment } from './map-rules';

/**
 * What the map and its list keep of an establishment. The public list is the source today; a compact feed
 * (issue 8) only has to produce the same shape in `fetchMapPoints`.
 */
export interface MapPoint extends MapEstablishment {
  venueType: VenueType;
  town: string;
  openingHours: OpeningHours;
  categories: readonly string[];
  /** Name and town normalised for the text search, computed once. */
  searchText: string;
}

export function toMapPoint(e: PublicEstablishment): MapPoint {
  return {
    id: e.id,
    uri: e.uri,
    kind: e.kind,
    name: e.name,
    location: e.location,
    venueType: e.venueType,
    town: e.address.town,
    openingHours: e.openingHours,
    categories: e.categories,
    searchText: normalizeForSearch(`${e.name} ${e.address.town}`),
  };
}

/** `GET /api/establishments/`: every public establishment, kept as map points. */
export async function fetchMapPoints(signal?: AbortSignal): Promise<MapPoint[]> {
  const list = await apiRequest(listEstablishmentsRoute, { signal });
  return list.map(toMapPoint);
}

const FIVE_MINUTES = 5 * 60_000;

export function useMapPoints() {
  return useQuery({
    queryKey: ['map', 'points'],
    queryFn: ({ signal }) => fetchMapPoints(signal),
    staleTime: FIVE_MINUTES,
  });
}
