import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useLoadGroups } from './list-groups';
import { currentHistoryIndex, useMapStore } from './map-store';

/**
 * Keeps the map state in step with the outside world, for as long as the map layout is shown: the groups
 * list, the visited paths and history entries (for Back and ×). The surrounding menu boards are asked by
 * the map and the panel (`useSurroundingMenuBoards`), with TanStack Query, which this layout does without.
 */
export function useMapSync(): void {
  const store = useMapStore();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  useLoadGroups(store);

  // Before the page is painted: leaving a detail page puts the map page's view back in the state before
  // its list is first drawn (nor asked for) with the detail page's view.
  useLayoutEffect(() => {
    store.dispatch({ type: 'pathVisited', path, historyIndex: currentHistoryIndex() });
  }, [store, path, location.key]);
}
