import { useEffect, useState } from 'react';
import type { Bounds } from '@tables-voisines/contract/geo';
import type { MapPointsAnswer } from '@tables-voisines/contract/schemas/map';
import { nothingFilters } from './map-filters';
import type { MapPoint } from './map-points';
import { drawsServerClusters, useMapPreview } from './map-preview';
import { useMapState, useMapStore } from './map-store';

const NO_POINTS: readonly MapPoint[] = [];

export interface ServerClusters {
  /** Whether the map draws the server's clusters of the view rather than the feed's places. */
  wanted: boolean;
  /** The server's last answer (the last view's while the current one comes). */
  preview: MapPointsAnswer | undefined;
  /** Whether `preview` is the current view's. */
  current: boolean;
  /** What the map's own clustered source is given: nothing while it draws the server's clusters. */
  feedPoints: readonly MapPoint[];
}

/**
 * The server's clusters of the view or the feed's places (see `drawsServerClusters`). Once the server's
 * clusters have failed beside the feed, the feed's places for the rest of the visit.
 */
export function useServerClusters(
  serverClustersFrom: number,
  points: readonly MapPoint[],
  feedThere: boolean,
  bounds: Bounds | null,
  zoom: number,
): ServerClusters {
  const store = useMapStore();
  const mapInitialized = useMapState((s) => s.mapInitialized);
  const filters = useMapState((s) => s.filters);
  const categories = useMapState((s) => s.categories);
  const [serverFailed, setServerFailed] = useState(false);
  const wanted = drawsServerClusters({
    nothingFiltered: nothingFilters(filters, categories),
    // Nothing filtered, the points are the feed's every establishment.
    feedCount: feedThere ? points.length : null,
    serverClustersFrom,
    serverFailed,
  });
  const query = useMapPreview(wanted && mapInitialized, bounds, zoom);
  useEffect(() => {
    // Without the server's clusters, the feed's places: the feed is wanted if it was not yet.
    if (query.isError) store.dispatch({ type: 'feedWanted' });
    if (query.isError && feedThere) setServerFailed(true);
  }, [store, query.isError, feedThere]);
  // Each answer counts every establishment: what decides whether the feed is wanted (`wantsFeed`).
  const total = query.data?.total;
  useEffect(() => {
    if (total !== undefined) store.dispatch({ type: 'totalKnown', total });
  }, [store, total]);
  return {
    wanted,
    preview: query.data,
    // For the current view, not the last one's kept while it comes.
    current: query.data !== undefined && !query.isPlaceholderData,
    feedPoints: wanted ? NO_POINTS : points,
  };
}
