import type { Bounds } from '@tables-voisines/contract/geo';
import type { DishFilters } from '@tables-voisines/contract/dishes';
import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { publicApiRequest } from '../../lib/public-api';
import { logLoadFailure } from '../../lib/log-load-failure';
import { decideSurroundingFetch, loadPolygonClipping, type SurroundingFetchDecision } from './map-rules';
import type { MapStore } from './map-store';

/**
 * `POST /menuboards/surrounding`: today's menu boards in the box having a dish that passes the filters
 * (categories, an allergen left out, diets, fait maison), each dish saying whether it does (`matches`).
 */
export function fetchSurroundingMenuBoards(
  bounds: Bounds,
  filters: DishFilters,
): Promise<SurroundingMenuBoard[]> {
  return publicApiRequest('surroundingMenuBoards', {
    body: {
      categories: [...filters.categories],
      excludeAllergens: [...filters.excludeAllergens],
      diets: [...filters.diets],
      homemade: filters.homemade,
      northEast: bounds.northEast,
      southWest: bounds.southWest,
    },
  });
}

type FetchBoards = typeof fetchSurroundingMenuBoards;

/**
 * One refresh of the surrounding menu boards: fetches when the rules say so, records the covered area on
 * success, logs a failure (a warning when offline) and clears the in-progress flag.
 */
export async function refreshSurroundingMenuBoards(
  store: MapStore,
  fetchBoards: FetchBoards = fetchSurroundingMenuBoards,
): Promise<SurroundingFetchDecision | 'failed'> {
  const state = store.getState();
  const decision = decideSurroundingFetch(state);
  if (decision !== 'fetch' || state.bounds === null) return decision;
  const { bounds, categories, dishFilters } = state;
  store.dispatch({ type: 'refreshStarted' });
  try {
    // The covered area is a polygon union: its library is loaded with the first fetch, not with the page.
    const [menuBoards] = await Promise.all([
      fetchBoards(bounds, { categories, ...dishFilters }),
      loadPolygonClipping(),
    ]);
    store.dispatch({ type: 'refreshSucceeded', bounds, categories, dishFilters, menuBoards });
    return 'fetch';
  } catch (error) {
    logLoadFailure('Surrounding menu boards could not be loaded', error);
    store.dispatch({ type: 'refreshFailed' });
    return 'failed';
  }
}

/**
 * Runs a refresh on each bounds change (and category or dish filter change). After a successful fetch it looks again, since
 * the map may have moved while the answer was on its way; after a failure it waits for the next move, so a
 * server that is down is not hammered.
 */
export function watchSurroundingMenuBoards(
  store: MapStore,
  fetchBoards: FetchBoards = fetchSurroundingMenuBoards,
): () => void {
  let last = store.getState();
  const run = async () => {
    for (;;) {
      const outcome = await refreshSurroundingMenuBoards(store, fetchBoards);
      if (outcome !== 'fetch') return;
    }
  };
  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    const changed =
      state.bounds !== last.bounds ||
      state.categories !== last.categories ||
      state.dishFilters !== last.dishFilters;
    last = state;
    if (changed) void run();
  });
  void run();
  return unsubscribe;
}
