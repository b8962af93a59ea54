import type { Bounds } from '@tables-voisines/contract/geo';
import type { DishFilters } from '@tables-voisines/contract/dishes';
import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { publicApiRequest } from '../../lib/public-api';
import { logLoadFailure } from '../../lib/log-load-failure';
import { loadPolygonClipping } from './map-rules';
import type { DishOnlyFilters } from './map-filter-state';
import type { BoardsRequest } from './map-state';
import { useMapState, useMapStore } from './map-store';

/** What narrows the boards asked for: the categories, the dish filters and the price (`maxPrice`). */
export type BoardFilters = DishFilters & Pick<DishOnlyFilters, 'maxPrice'>;

/**
 * The body of `POST /menuboards/surrounding` for a box and the filters that narrow its boards; `maxPrice`
 * only when a price is given (left out, any price: boards without one too).
 */
export function surroundingBodyOf(bounds: Bounds, filters: BoardFilters) {
  return {
    categories: [...filters.categories],
    excludeAllergens: [...filters.excludeAllergens],
    diets: [...filters.diets],
    homemade: filters.homemade,
    ...(filters.maxPrice === undefined ? {} : { maxPrice: filters.maxPrice }),
    northEast: bounds.northEast,
    southWest: bounds.southWest,
  };
}

/**
 * `POST /menuboards/surrounding`: today's menu boards in the box having a dish that passes the filters
 * (categories, an allergen left out, diets, fait maison) and, with a price, whose `fromPrice` is at most it;
 * each dish saying whether it passes the dish filters (`matches`).
 */
export function fetchSurroundingMenuBoards(
  bounds: Bounds,
  filters: BoardFilters,
): Promise<SurroundingMenuBoard[]> {
  return publicApiRequest('surroundingMenuBoards', { body: surroundingBodyOf(bounds, filters) });
}

type FetchBoards = typeof fetchSurroundingMenuBoards;

const filtersOf = (request: BoardsRequest): BoardFilters => ({
  categories: request.categories,
  ...request.dishFilters,
});

/** The query key of a request, as the map's other keys: `['map', 'boards', body]`. */
export function boardsQueryKey(request: BoardsRequest | null) {
  return ['map', 'boards', request === null ? null : surroundingBodyOf(request.bounds, filtersOf(request))];
}

/**
 * One ask: the boards, with the polygon union's library, which the covered areas need (it is loaded with
 * the first ask, not with the page). A failure is logged (a warning when offline).
 */
async function askBoards(request: BoardsRequest, fetchBoards: FetchBoards) {
  try {
    const [menuBoards] = await Promise.all([
      fetchBoards(request.bounds, filtersOf(request)),
      loadPolygonClipping(),
    ]);
    return menuBoards;
  } catch (error) {
    logLoadFailure('Surrounding menu boards could not be loaded', error);
    throw error;
  }
}

/**
 * Today's boards around the map's view, with TanStack Query: the map state says which box and filters to
 * ask for (`boardsRequest`: one at a time, from zoom 9, not inside the areas already covered), this asks,
 * and the answer goes back to the state, which keeps the boards of every area covered. Used by the map and
 * the panel (one query for both); not aborted when the map moves on, not tried again after a failure: the
 * next move asks again.
 */
export function useSurroundingMenuBoards(fetchBoards: FetchBoards = fetchSurroundingMenuBoards): void {
  const store = useMapStore();
  const request = useMapState((s) => s.boardsRequest);
  const answer = useQuery({
    queryKey: boardsQueryKey(request),
    queryFn: () => askBoards(request!, fetchBoards),
    enabled: request !== null,
    retry: false,
    // Each request is asked once; its answer lives on in the map state, not in the cache.
    gcTime: 0,
    refetchOnMount: false,
    retryOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
  const { status, fetchStatus, data } = answer;
  useEffect(() => {
    if (request === null || fetchStatus !== 'idle') return;
    if (status === 'success' && data !== undefined) {
      store.dispatch({ type: 'refreshSucceeded', request, menuBoards: data });
    } else if (status === 'error') {
      store.dispatch({ type: 'refreshFailed', request });
    }
  }, [store, request, status, fetchStatus, data]);
}
