import type { OpeningHours, VenueType } from '@tables-voisines/contract/schemas/establishment';
import type { MapFeed } from '@tables-voisines/contract/schemas/map';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { mapFeedRoute } from '../../lib/api-routes';
import type { MapEstablishment } from './map-rules';

/**
 * What the map and its list keep of an establishment, read from the compact map feed.
 */
export interface MapPoint extends MapEstablishment {
  venueType: VenueType;
  town: string;
  openingHours: OpeningHours;
  categories: readonly string[];
  /** Name and town normalised for the text search, computed once. */
  searchText: string;
}

/**
 * The compact feed decoded: one tuple per establishment, opening hours and category lists shared through
 * the feed's dictionaries (200,000 establishments hold a few hundred distinct values, kept once in memory).
 */
export function decodeMapFeed(feed: MapFeed): MapPoint[] {
  return feed.establishments.map(
    ([id, kind, name, uri, latitude, longitude, venueType, town, hours, categories]) => ({
      id,
      uri,
      kind,
      name,
      location: { latitude, longitude },
      venueType,
      town,
      openingHours: feed.openingHours[hours] ?? [],
      categories: feed.categorySets[categories] ?? [],
      searchText: normalizeForSearch(`${name} ${town}`),
    }),
  );
}

/**
 * `GET /api/map/feed`: every public establishment with only what the map, its list and its filters use
 * (the whole public list would be 231 MB of JSON at 200,000 establishments).
 */
export async function fetchMapPoints(signal?: AbortSignal): Promise<MapPoint[]> {
  return decodeMapFeed(await apiRequest(mapFeedRoute, { signal }));
}

const FIVE_MINUTES = 5 * 60_000;

export function useMapPoints() {
  return useQuery({
    queryKey: ['map', 'points'],
    queryFn: ({ signal }) => fetchMapPoints(signal),
    staleTime: FIVE_MINUTES,
  });
}
