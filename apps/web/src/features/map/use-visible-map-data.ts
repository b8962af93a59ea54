import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { DEFAULT_MAP_SERVER_CLUSTERS_FROM } from '@tables-voisines/contract/map-settings';
import { useEffect, useMemo, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { firstOpeningOf } from './empty-result';
import { boardsOfShown, filterPoints, nothingFilters, offeredBoards } from './map-filters';
import { useMapPoints, type MapPoint } from './map-points';
import { wantsFeed } from './map-preview';
import { useMapState, useMapStore } from './map-store';
import { useSurroundingMenuBoards } from './surrounding-menu-boards';

const NO_POINTS: readonly MapPoint[] = [];
const NO_BOARDS: readonly SurroundingMenuBoard[] = [];
const NO_URIS: ReadonlySet<string> = new Set();

/** The current time, renewed every minute ("Ouvert maintenant" follows the clock). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** `MAP_SERVER_CLUSTERS_FROM`, as the server hands it to every page. */
export function useServerClustersFrom(): number {
  const settings = useRouteLoaderData('root') as PublicSettings | undefined;
  return settings?.mapServerClustersFrom ?? DEFAULT_MAP_SERVER_CLUSTERS_FROM;
}

/** Whether the whole feed is wanted (`wantsFeed`), kept in the map state once it is. */
export function useFeedWanted(): boolean {
  const store = useMapStore();
  const serverClustersFrom = useServerClustersFrom();
  const wanted = useMapState((s) => wantsFeed(s, serverClustersFrom));
  useEffect(() => {
    if (wanted) store.dispatch({ type: 'feedWanted' });
  }, [store, wanted]);
  return wanted;
}

/**
 * What the map draws and the list mirrors: the filtered establishments of the feed (none while it is not
 * there: `feedThere`), the groups, the menu boards of the places shown.
 */
export function useVisibleMapData() {
  const feedWanted = useFeedWanted();
  const pointsQuery = useMapPoints(feedWanted);
  // Loaded once by the map layout (`useMapSync`) into the map state.
  const groups = useMapState((s) => s.groups);
  const filters = useMapState((s) => s.filters);
  const categories = useMapState((s) => s.categories);
  // Asked for here (the map and the panel share the query), kept in the map state for every area covered.
  useSurroundingMenuBoards();
  const answered = useMapState((s) => s.surroundingMenuBoards);
  // A board of a place closed that day is not today's lunch: left out of everything the map shows.
  const boards = useMemo(() => offeredBoards(answered), [answered]);
  const now = useNow();
  const openNow = filters.openNow;
  // The clock only matters with "Ouvert maintenant": do not re-filter every minute otherwise.
  const clock = openNow ? now : null;
  // Today's boards change with every move from zoom 9; they only matter to the establishments' filter when
  // categories are chosen. Without this, each move re-filtered 200,000 places and rebuilt the map's source.
  const boardsForFilter = categories.length > 0 ? boards : NO_BOARDS;
  // « Mes favoris »: the places this browser follows (its own list, which that chip's section reads).
  const favorites = filters.favorites;
  const followedUris = useMapState((s) => s.followedUris);
  const followed = useMemo(() => (favorites ? new Set(followedUris) : NO_URIS), [favorites, followedUris]);
  const feedThere = pointsQuery.data !== undefined;
  const points = useMemo(
    () =>
      filterPoints(pointsQuery.data ?? NO_POINTS, filters, {
        now: clock ?? new Date(),
        categories,
        menuBoards: boardsForFilter,
        followed,
      }),
    [pointsQuery.data, filters, clock, categories, boardsForFilter, followed],
  );
  // « Ouvert maintenant » finding nothing in France: when the places otherwise found open first.
  const firstOpening = useMemo(
    () =>
      openNow && clock !== null && pointsQuery.data !== undefined && points.length === 0
        ? firstOpeningOf(
            filterPoints(
              pointsQuery.data,
              { ...filters, openNow: false },
              { now: clock, categories, menuBoards: boardsForFilter, followed },
            ),
            clock,
          )
        : null,
    [openNow, clock, pointsQuery.data, points, filters, categories, boardsForFilter, followed],
  );
  // Without the feed nothing is filtered (a filter wants it): every board's establishment is shown.
  const nothingFiltered = nothingFilters(filters, categories);
  const menuBoards = useMemo(
    () => (feedThere ? boardsOfShown(boards, points) : nothingFiltered ? boards : NO_BOARDS),
    [feedThere, nothingFiltered, boards, points],
  );
  return {
    points,
    groups,
    menuBoards,
    /** The feed has come: `points` are its establishments, filtered. */
    feedThere,
    firstOpening,
    now: clock ?? now,
    /** Every establishment of the feed, unfiltered (a group's size is its size). */
    allPoints: pointsQuery.data ?? NO_POINTS,
    isLoading: feedWanted && pointsQuery.isPending && !pointsQuery.isError,
    isError: pointsQuery.isError,
    refetch: pointsQuery.refetch,
  };
}
