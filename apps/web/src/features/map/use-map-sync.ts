import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLoadGroups } from './list-groups';
import { useMapStore } from './map-store';
import { watchSurroundingMenuBoards } from './surrounding-menu-boards';

/**
 * Keeps the map state in step with the outside world, for as long as the map layout is shown: the groups
 * list, the visited paths (for "clear the selection"), the surrounding menu boards.
 */
export function useMapSync(): void {
  const store = useMapStore();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  useLoadGroups(store);

  useEffect(() => {
    store.dispatch({ type: 'pathVisited', path });
  }, [store, path]);

  useEffect(() => watchSurroundingMenuBoards(store), [store]);
}
