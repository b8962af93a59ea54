import { useEffect, useMemo, useState } from 'react';
import { filterPoints } from './map-filters';
import { useMapPoints } from './map-points';
import { useMapState } from './map-store';

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
  const points = useMemo(
    () =>
      filterPoints(pointsQuery.data ?? [], filters, {
        now: clock ?? new Date(),
        categories,
        menuBoards: boards,
      }),
    [pointsQuery.data, filters, clock, categories, boards],
  );
  const menuBoards = useMemo(() => {
    const ids = new Set(points.map((p) => p.id));
    return boards.filter((b) => ids.has(b.establishment.id));
  }, [points, boards]);
  return {
    points,
    groups,
    menuBoards,
    isLoading: pointsQuery.isPending,
    isError: pointsQuery.isError,
    refetch: pointsQuery.refetch,
  };
}
