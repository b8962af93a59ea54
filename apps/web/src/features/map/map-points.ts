import type {
  OpeningHours,
  PublicEstablishment,
  VenueType,
} from '@tables-voisines/contract/schemas/establishment';
import type { Group } from '@tables-voisines/contract/schemas/group';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from './fetch-json';
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

export async function fetchMapPoints(): Promise<MapPoint[]> {
  const list = await fetchJson<PublicEstablishment[]>('/api/establishments/');
  return list.map(toMapPoint);
}

const FIVE_MINUTES = 5 * 60_000;

export function useMapPoints() {
  return useQuery({ queryKey: ['map', 'points'], queryFn: fetchMapPoints, staleTime: FIVE_MINUTES });
}

export function fetchGroups(): Promise<Group[]> {
  return fetchJson<Group[]>('/api/groups/');
}

export function useGroups() {
  return useQuery({ queryKey: ['map', 'groups'], queryFn: fetchGroups, staleTime: FIVE_MINUTES });
}
