import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Place } from '@tables-voisines/contract/schemas/place';
import { publicApiRequest } from '../../lib/public-api';

/** Towns shown among the search field's suggestions. */
export const PLACE_SUGGESTIONS = 5;
/** The zoom a town chosen in the search field is shown at: the town and its neighbourhoods. */
export const PLACE_ZOOM = 12;

/** The term sent to the server: trimmed and at most the 100 characters the route takes. */
export function placeTerm(value: string): string {
  return value.trim().slice(0, 100);
}

/** `GET /api/places/search`: towns whose name or postcode starts with the term, the best first. */
export async function searchPlaces(term: string, signal?: AbortSignal): Promise<Place[]> {
  return publicApiRequest('searchPlaces', { query: { q: term, limit: PLACE_SUGGESTIONS }, signal });
}

const placeQuery = (term: string) => ({
  queryKey: ['places', term] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => searchPlaces(term, signal),
  // The places change only with a new release.
  staleTime: Infinity,
});

/**
 * The towns for what is typed (none for an empty field), the previous ones kept while the next answer
 * comes; `resolve` gives those of a term at once, asking the server if they are not there yet (Enter pressed
 * before the suggestions came).
 */
export function usePlaceSearch(term: string) {
  const queryClient = useQueryClient();
  const search = useQuery({
    ...placeQuery(term),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
  const resolve = useCallback(
    (wanted: string): Promise<Place[]> =>
      wanted === '' ? Promise.resolve([]) : queryClient.fetchQuery(placeQuery(wanted)),
    [queryClient],
  );
  return { places: term === '' ? [] : (search.data ?? []), resolve };
}
