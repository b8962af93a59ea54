import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMemo, useRef } from 'react';
import { DEFAULT_MAP_SERVER_CLUSTERS_FROM } from '@tables-voisines/contract/map-settings';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { followView } from './map-camera';
import { reportDrawn } from './map-drawn';
import { menuBoardsOnMap } from './map-filters';
import { installOverlay, type OverlayData } from './map-overlay';
import { followPointer } from './map-pointer';
import { MIN_DETAIL_ZOOM } from './map-rules';
import { useMapStore, useMapState, useSelectEstablishment } from './map-store';
import type { installMarkerImages } from './marker-images';
import { useMapLibre } from './use-maplibre';
import { useMapMarkers } from './use-map-markers';
import { useOverlaySources } from './use-overlay-sources';
import { useServerClusters } from './use-server-clusters';
import { useVisibleMapData } from './use-visible-map-data';
import './map-canvas.css';

/** Menu-board markers drawn at most; the list beside the map shows every board in view. */
const MAX_MENU_BOARD_MARKERS = 100;

const NO_BOARDS: readonly MenuBoard[] = [];

export interface MapCanvasProps {
  mapStyleUrl: string | null;
  /** `MAP_SERVER_CLUSTERS_FROM` (see `drawsServerClusters`). */
  serverClustersFrom?: number | undefined;
}

/**
 * The MapLibre map: base map, group circles, clustered establishments, menu boards, the selection; the
 * view kept in step with the map state both ways. Loaded in the browser only, after hydration (MapArea).
 * Its parts: the map and its controls (use-maplibre), the overlay's sources and layers (map-overlay,
 * use-overlay-sources, use-server-clusters), the view (map-camera), clicks and hovers (map-pointer), the
 * HTML markers (use-map-markers), what is drawn for tests (map-drawn).
 */
export default function MapCanvas({
  mapStyleUrl,
  serverClustersFrom = DEFAULT_MAP_SERVER_CLUSTERS_FROM,
}: MapCanvasProps) {
  const store = useMapStore();
  const select = useSelectEstablishment();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const { points, groups, menuBoards, feedThere, isLoading: feedLoading } = useVisibleMapData();
  // No index of the places by uri: at 200,000 establishments making one held the main thread at every change
  // of the data (decision 0034, "no index of every place"). A place drawn is found by its index in the
  // points the map was given (`pointsToGeoJson`), a board's establishment and the list's highlighted card by
  // what they carry.
  const pointsRef = useRef(points);
  pointsRef.current = points;
  const selectRef = useRef(select);
  selectRef.current = select;
  const mapInitialized = useMapState((s) => s.mapInitialized);
  const currentGroup = useMapState((s) => s.currentGroup);
  const current = useMapState((s) => s.currentEstablishment);
  const highlighted = useMapState((s) => s.highlighted);
  const chosenTown = useMapState((s) => s.chosenTown);
  const zoom = useMapState((s) => s.zoom);
  const center = useMapState((s) => s.center);
  const bounds = useMapState((s) => s.bounds);

  const clusters = useServerClusters(serverClustersFrom, points, feedThere, bounds, zoom);

  // Today's menu boards at zoom 9 or more, beside their establishment's marker: those in view, the nearest
  // to the centre first, a hundred at most.
  const detailed = zoom >= MIN_DETAIL_ZOOM;
  const boardsOnMap = useMemo(
    () => (detailed ? menuBoardsOnMap(menuBoards, bounds, center, MAX_MENU_BOARD_MARKERS) : NO_BOARDS),
    [detailed, menuBoards, bounds, center],
  );

  // The data each source was last given (`sent`) and the data at hand (`latest`): the sources are created
  // with the data at hand once the style has loaded, then given data again only when it changes.
  const latest = useRef({ points: clusters.feedPoints, groups, boards: boardsOnMap });
  latest.current = { points: clusters.feedPoints, groups, boards: boardsOnMap };
  const sent = useRef<OverlayData>({});

  useMapLibre(containerRef, mapRef, store, mapStyleUrl, (map, container, firstRequest) => {
    // Our sources and layers as soon as the style is read ('style.load'), not once the base map's own
    // sources have loaded ('load'): the map's worker then cuts them into tiles beside the base map's, and
    // the places show with the base map instead of after it. Again for the offline style if it takes over.
    // Attached before the view is followed: the map is said initialized once they are there.
    let images: ReturnType<typeof installMarkerImages> | null = null;
    map.on('style.load', () => {
      sent.current = { ...latest.current, preview: sent.current.preview };
      images = installOverlay(
        map,
        { ...latest.current, preview: sent.current.preview },
        store.getState().currentGroup,
      );
    });
    const stopFollowing = followView(map, store, container, firstRequest);
    reportDrawn(map, container, () => images);
    // The map may still draw the data it was given before the last (its worker cuts the new into tiles
    // meanwhile): the index is trusted only if the place there has the feature's uri.
    followPointer(map, {
      store,
      select: (place) => selectRef.current(place),
      pointOf: (props) => {
        const uri = String(props.uri);
        const byIndex = sent.current.points?.[Number(props.i)];
        return byIndex?.uri === uri ? byIndex : pointsRef.current.find((p) => p.uri === uri);
      },
    });
    return stopFollowing;
  });

  useOverlaySources(mapRef, mapInitialized, sent, {
    points,
    feedLoading,
    clusters,
    groups,
    currentGroup,
    boards: boardsOnMap,
  });
  useMapMarkers(mapRef, mapInitialized, highlighted, current, chosenTown);

  // The view in data attributes: what a journey test (or a support agent) reads without a map API.
  return (
    <div
      ref={containerRef}
      style={{ position: 'absolute', inset: 0 }}
      data-testid="map"
      data-ready={mapInitialized ? 'true' : 'false'}
      data-zoom={zoom.toFixed(2)}
      data-center={`${center.latitude.toFixed(5)},${center.longitude.toFixed(5)}`}
      data-current-group={currentGroup?.id ?? ''}
    />
  );
}
