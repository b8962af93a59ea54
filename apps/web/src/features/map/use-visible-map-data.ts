import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { useEffect, useMemo, useState } from 'react';
import { boardsOfShown, filterPoints } from './map-filters';
import { useMapPoints, type MapPoint } from './map-points';
import { useMapState } from './map-store';

const NO_POINTS: readonly MapPoint[] = [];
const NO_BOARDS: readonly MenuBoard[] = [];

/** The current time, renewed every minute ("Ouvert maintenant" follows the clock). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** What the map draws and the list mirrors: the filtered establishments, the groups, their menu boards. */
export function useVisibleMapData() {
  const pointsQuery = useMapPoints();
  // Loaded once by the map layout (`useMapSync`) into the map state.
  const groups = useMapState((s) => s.groups);
  const filters = useMapState((s) => s.filters);
  const categories = useMapState((s) => s.categories);
  const boards = useMapState((s) => s.surroundingMenuBoards);
  const now = useNow();
  const openNow = filters.openNow;
  // The clock only matters with "Ouvert maintenant": do not re-filter every minute otherwise.
  const clock = openNow ? now : null;
  // Today's boards change with every move from zoom 9; they only matter to the establishments' filter when
  // categories are chosen. Without this, each move re-filtered 200,000 places and rebuilt the map's source.
  const boardsForFilter = categories.length > 0 ? boards : NO_BOARDS;
  const points = useMemo(
    () =>
      filterPoints(pointsQuery.data ?? NO_POINTS, filters, {
        now: clock ?? new Date(),
        categories,
        menuBoards: boardsForFilter,
      }),
    [pointsQuery.data, filters, clock, categories, boardsForFilter],
  );
  const menuBoards = useMemo(() => boardsOfShown(boards, points), [boards, points]);
  return {
    points,
    groups,
    menuBoards,
    isLoading: pointsQuery.isPending,
    isError: pointsQuery.isError,
    refetch: pointsQuery.refetch,
  };
}
