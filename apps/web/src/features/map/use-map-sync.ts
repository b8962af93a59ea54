import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useGroups } from './map-points';
import { useMapStore } from './map-store';
import { watchSurroundingMenuBoards } from './surrounding-menu-boards';

/**
 * Keeps the map state in step with the outside world, for as long as the map layout is shown: the groups
 * list, the visited paths (for "clear the selection"), the surrounding menu boards.
 */
export function useMapSync(): void {
  const store = useMapStore();
  const groups = useGroups();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (groups.data !== undefined) store.dispatch({ type: 'groupsLoaded', groups: groups.data });
  }, [store, groups.data]);

  useEffect(() => {
    store.dispatch({ type: 'pathVisited', path });
  }, [store, path]);

  useEffect(() => watchSurroundingMenuBoards(store), [store]);
}
