import * as maplibregl from 'maplibre-gl';
import { Protocol } from 'pmtiles';
import type { GeoJSONSource, LngLatBounds, Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { FeatureCollection, Point, Polygon } from 'geojson';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Bounds } from '@tables-voisines/contract/geo';
import type { Group } from '@tables-voisines/contract/schemas/group';
import { DEFAULT_MAP_SERVER_CLUSTERS_FROM } from '@tables-voisines/contract/map-settings';
import {
  MAP_CLUSTER_MAX_ZOOM,
  MAP_CLUSTER_RADIUS,
  type MapPointsAnswer,
} from '@tables-voisines/contract/schemas/map';
import { watchBaseMap } from './base-map-watch';
import { createOfflineStyle, providerAttribution, TOWN_LAYERS } from './base-style';
import { KIND_LABELS } from '@tables-voisines/contract/labels';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { createHighlightMarker, createSelectedMarker } from './marker-elements';
import {
  BOARD_IMAGE,
  CLUSTER_IMAGE_EXPRESSION,
  clusterImageName,
  installMarkerImages,
  REMPLISVERT_IMAGE,
  RESTAURANT_IMAGE,
} from './marker-images';
import { menuBoardsOnMap, nothingFilters } from './map-filters';
import { drawsServerClusters, previewToGeoJson, useMapPreview } from './map-preview';
import { circleRing, MIN_DETAIL_ZOOM, type MapEstablishment } from './map-rules';
import { useMapStore, useMapState, useSelectEstablishment } from './map-store';
import type { MapPoint } from './map-points';
import { useVisibleMapData } from './use-visible-map-data';
import './map-view.css';

maplibregl.setWorkerUrl(workerUrl);
// A self-hosted base map (`MAP_TILES_FILE`) is one PMTiles archive read by ranges: `pmtiles://` sources.
maplibregl.addProtocol('pmtiles', new Protocol().tile);

const FRENCH_UI: Record<string, string> = {
  'AttributionControl.ToggleAttribution': 'Afficher ou masquer les crédits',
  'AttributionControl.MapFeedback': 'Signaler une erreur de carte',
  'FullscreenControl.Enter': 'Plein écran',
  'FullscreenControl.Exit': 'Quitter le plein écran',
  'GeolocateControl.FindMyLocation': 'Autour de moi',
  'GeolocateControl.LocationNotAvailable': 'Position indisponible',
  'LogoControl.Title': 'Logo MapLibre',
  'Map.Title': 'Carte des restaurateurs',
  'Marker.Title': 'Repère',
  'NavigationControl.ResetBearing': 'Remettre le nord en haut',
  'NavigationControl.ZoomIn': 'Zoomer',
  'NavigationControl.ZoomOut': 'Dézoomer',
  'Popup.Close': 'Fermer',
  'ScaleControl.Feet': 'ft',
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'ScaleControl.Miles': 'mi',
  'ScaleControl.NauticalMiles': 'nmi',
  'CooperativeGesturesHandler.WindowsHelpText': 'Utilisez Ctrl + molette pour zoomer',
  'CooperativeGesturesHandler.MacHelpText': 'Utilisez ⌘ + molette pour zoomer',
  'CooperativeGesturesHandler.MobileHelpText': 'Utilisez deux doigts pour déplacer la carte',
};

/** Menu-board markers drawn at most; the list beside the map shows every board in view. */
const MAX_MENU_BOARD_MARKERS = 100;

const ESTABLISHMENTS = 'establishments';
const GROUPS = 'groups';
const BOARDS = 'menu-boards';
const POINTS_LAYER = 'establishments-points';
const CLUSTERS_LAYER = 'establishments-clusters';
const BOARDS_LAYER = 'menu-boards';
/**
 * The server's clusters of the view, drawn until the feed has come, and instead of it at the scale of France
 * while nothing is filtered (see map-preview.ts).
 */
const PREVIEW = 'establishments-preview';
const PREVIEW_POINTS_LAYER = 'establishments-preview-points';
const PREVIEW_CLUSTERS_LAYER = 'establishments-preview-clusters';
/** Topmost first: what a click or a hover finds. */
const MARKER_LAYERS = [
  BOARDS_LAYER,
  CLUSTERS_LAYER,
  POINTS_LAYER,
  PREVIEW_CLUSTERS_LAYER,
  PREVIEW_POINTS_LAYER,
];
const CLUSTER_LAYERS = new Set([CLUSTERS_LAYER, PREVIEW_CLUSTERS_LAYER]);
/** The project's own sources: what is not among them is the base map's. */
const OWN_SOURCES: ReadonlySet<string> = new Set([ESTABLISHMENTS, GROUPS, BOARDS, PREVIEW]);

/** A box as MapLibre takes it: [[west, south], [east, north]]. */
function toLngLatBox(b: Bounds): [[number, number], [number, number]] {
  return [
    [b.southWest.longitude, b.southWest.latitude],
    [b.northEast.longitude, b.northEast.latitude],
  ];
}
/** A box fitted into the map: a margin around it, and a single place shown with its streets around. */
const FIT_BOX = { padding: 40, maxZoom: 14 } as const;

function toBounds(b: LngLatBounds): Bounds {
  return {
    northEast: { latitude: b.getNorth(), longitude: b.getEast() },
    southWest: { latitude: b.getSouth(), longitude: b.getWest() },
  };
}

/** Each place with its index in `points` (`i`), which a click or a hover reads it back by. */
function pointsToGeoJson(points: readonly MapPoint[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points.map((p, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.location.longitude, p.location.latitude] },
      properties: { uri: p.uri, kind: p.kind, i },
    })),
  };
}

function boardsToGeoJson(boards: readonly MenuBoard[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: boards.map((b) => ({
      type: 'Feature',
      geometry: {
        type: 'Point',
        coordinates: [b.establishment.location.longitude, b.establishment.location.latitude],
      },
      properties: {
        id: b.id,
        uri: b.establishment.uri,
        kind: b.establishment.kind,
        name: b.establishment.name,
      },
    })),
  };
}

function groupsToGeoJson(groups: readonly Group[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: groups.map((g) => ({
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [circleRing({ latitude: g.latitude, longitude: g.longitude }, g.radius)],
      },
      properties: { id: g.id, name: g.name },
    })),
  };
}

/** The current group's circle, drawn stronger than the others. */
const currentGroupFilter = (group: Group | null): maplibregl.FilterSpecification => [
  '==',
  ['get', 'id'],
  group?.id ?? '',
];

const NO_BOARDS: readonly MenuBoard[] = [];
const NO_POINTS: readonly MapPoint[] = [];

/**
 * Markers drawn wherever they fall, over one another (clusters keep them apart), and over the base map's
 * labels without pushing them out: with a marker near every town, names kept clear of markers were mostly
 * dropped (Paris, Lyon and Bordeaux at zoom 6).
 */
const OVERLAP = { 'icon-allow-overlap': true, 'icon-ignore-placement': true } as const;

/** A source's places (one image per kind) and clusters (named by count and green share), as symbol layers. */
function addPlaceLayers(map: MapLibreMap, source: string, pointsLayer: string, clustersLayer: string) {
  map.addLayer({
    id: pointsLayer,
    type: 'symbol',
    source,
    filter: ['!', ['has', 'point_count']],
    layout: {
      ...OVERLAP,
      'icon-image': ['match', ['get', 'kind'], 'remplisvert', REMPLISVERT_IMAGE, RESTAURANT_IMAGE],
    },
  });
  map.addLayer({
    id: clustersLayer,
    type: 'symbol',
    source,
    filter: ['has', 'point_count'],
    layout: {
      ...OVERLAP,
      'icon-image': CLUSTER_IMAGE_EXPRESSION as unknown as maplibregl.ExpressionSpecification,
    },
  });
}

/** A place of the preview as the map's selection takes it (`lng`, `lat`: where it is drawn). */
function previewPlace(props: Record<string, unknown>, lng: number, lat: number): MapEstablishment {
  return {
    uri: String(props.uri),
    kind: props.kind === 'remplisvert' ? 'remplisvert' : 'restaurant',
    name: String(props.name),
    location: { latitude: lat, longitude: lng },
  };
}

/** Whether the map already draws these boards (each move from zoom 9 computes them again). */
function sameBoards(drawn: readonly MenuBoard[] | undefined, boards: readonly MenuBoard[]): boolean {
  return (
    drawn !== undefined &&
    drawn.length === boards.length &&
    drawn.every((b, i) => b.id === boards[i]!.id && b.establishment.name === boards[i]!.establishment.name)
  );
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface MapViewProps {
  mapStyleUrl: string | null;
  /** `MAP_SERVER_CLUSTERS_FROM` (see `drawsServerClusters`). */
  serverClustersFrom?: number | undefined;
}

/**
 * The MapLibre map: base map, group circles, clustered establishments, menu boards, the selection. Loaded
 * in the browser only, after hydration (see ClientMap).
 */
export default function MapView({
  mapStyleUrl,
  serverClustersFrom = DEFAULT_MAP_SERVER_CLUSTERS_FROM,
}: MapViewProps) {
  const store = useMapStore();
  const select = useSelectEstablishment();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const { points, groups, menuBoards, feedThere } = useVisibleMapData();
  // No index of the places by uri: at 200,000 establishments making one took 40-80 ms at every change of
  // the data. A place drawn is found by its index in the points the map was given (`pointsToGeoJson`), a
  // board's establishment and the list's highlighted card by what they carry.
  const pointsRef = useRef(points);
  pointsRef.current = points;
  const selectRef = useRef(select);
  selectRef.current = select;
  const mapInitialized = useMapState((s) => s.mapInitialized);
  const currentGroup = useMapState((s) => s.currentGroup);
  const current = useMapState((s) => s.currentEstablishment);
  const highlighted = useMapState((s) => s.highlighted);
  const zoom = useMapState((s) => s.zoom);
  const center = useMapState((s) => s.center);
  const bounds = useMapState((s) => s.bounds);

  // The server's clusters of the view or the feed's places (see `drawsServerClusters`). Once the server's
  // clusters have failed beside the feed, the feed's places for the rest of the visit.
  const filters = useMapState((s) => s.filters);
  const categories = useMapState((s) => s.categories);
  const [serverFailed, setServerFailed] = useState(false);
  const previewWanted = drawsServerClusters({
    nothingFiltered: nothingFilters(filters, categories),
    // Nothing filtered, the points are the feed's every establishment.
    feedCount: feedThere ? points.length : null,
    serverClustersFrom,
    serverFailed,
  });
  const previewQuery = useMapPreview(previewWanted && mapInitialized, bounds, zoom);
  const preview = previewQuery.data;
  // For the current view, not the last one's kept while it comes.
  const previewCurrent = preview !== undefined && !previewQuery.isPlaceholderData;
  useEffect(() => {
    // Without the server's clusters, the feed's places: the feed is wanted if it was not yet.
    if (previewQuery.isError) store.dispatch({ type: 'feedWanted' });
    if (previewQuery.isError && feedThere) setServerFailed(true);
  }, [store, previewQuery.isError, feedThere]);
  // Each answer counts every establishment: what decides whether the feed is wanted (`wantsFeed`).
  const total = previewQuery.data?.total;
  useEffect(() => {
    if (total !== undefined) store.dispatch({ type: 'totalKnown', total });
  }, [store, total]);
  // What the map's own clustered source is given: nothing while it draws the server's clusters.
  const feedPoints = previewWanted ? NO_POINTS : points;

  // Today's menu boards at zoom 9 or more, beside their establishment's marker: those in view, the nearest
  // to the centre first, a hundred at most.
  const detailed = zoom >= MIN_DETAIL_ZOOM;
  const boardsOnMap = useMemo(
    () => (detailed ? menuBoardsOnMap(menuBoards, bounds, center, MAX_MENU_BOARD_MARKERS) : NO_BOARDS),
    [detailed, menuBoards, bounds, center],
  );

  // The data each source was last given. The sources are created with the data at hand once the style has
  // loaded, then given data again only when it changes: creating them empty and filling them at once made
  // the map's worker cut every source into tiles twice, and drew one more frame, while the map started.
  const latest = useRef({ points: feedPoints, groups, boards: boardsOnMap });
  latest.current = { points: feedPoints, groups, boards: boardsOnMap };
  const sent = useRef<{
    points?: readonly MapPoint[];
    groups?: readonly Group[];
    boards?: readonly MenuBoard[];
    preview?: MapPointsAnswer;
  }>({});

  // Create the map once; it lives as long as the layout (home and detail pages).
  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return;
    const state = store.getState();
    const start = state.viewRequest ?? { id: 0, center: state.center, zoom: state.zoom };
    let handledRequest = start.id;
    const map = new maplibregl.Map({
      container,
      style: mapStyleUrl ?? createOfflineStyle(window.location.origin),
      center: [start.center.longitude, start.center.latitude],
      zoom: start.zoom,
      ...(start.bounds === undefined ? {} : { bounds: toLngLatBox(start.bounds), fitBoundsOptions: FIT_BOX }),
      minZoom: 3,
      maxZoom: 18,
      attributionControl: false,
      locale: FRENCH_UI,
      dragRotate: false,
      pitchWithRotate: false,
      // Markers shown at once, not faded in over 300 ms: the fade draws frame after frame after every move
      // and every new tile, which a phone pays for while the visitor pans (decision 0034, fifth addendum).
      fadeDuration: 0,
    });
    mapRef.current = map;
    // A third party's base map that cannot be loaded (offline, blocked network, the provider down) gives
    // way to the bundled offline style by itself: no blank map, no message (decision 0047).
    container.dataset.baseMap = mapStyleUrl === null ? 'offline' : 'public';
    let attribution = new maplibregl.AttributionControl({
      compact: true,
      customAttribution: providerAttribution(mapStyleUrl),
    });
    map.addControl(attribution);
    const stopWatching =
      mapStyleUrl === null
        ? () => {}
        : watchBaseMap(map, OWN_SOURCES, (reason) => {
            console.warn(`Fond de carte indisponible (${reason}) : fond hors ligne affiché.`);
            container.dataset.baseMap = 'offline';
            map.removeControl(attribution);
            attribution = new maplibregl.AttributionControl({ compact: true });
            map.addControl(attribution);
            map.setStyle(createOfflineStyle(window.location.origin), { diff: false });
          });
    map.touchZoomRotate.disableRotation();
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(
      new maplibregl.GeolocateControl({
        positionOptions: { enableHighAccuracy: true, timeout: 10_000 },
        fitBoundsOptions: { maxZoom: 13 },
        trackUserLocation: false,
      }),
      'top-right',
    );
    map.addControl(new maplibregl.FullscreenControl(), 'top-right');
    // A tile or style that cannot be loaded is not a page failure: say it once in the console.
    map.on('error', (event) => console.warn('Map error:', event.error?.message ?? event));

    // Where an instant move (going back) is taking the map: a flight it interrupts may still report its
    // last view, which would be taken for a move of the visitor's (a new list) before the jump's own.
    let jumpTarget: { lng: number; lat: number; zoom: number } | null = null;
    const reportView = () => {
      const center = map.getCenter();
      if (jumpTarget !== null) {
        const reached =
          Math.abs(map.getZoom() - jumpTarget.zoom) < 0.01 &&
          Math.abs(center.lng - jumpTarget.lng) < 1e-6 &&
          Math.abs(center.lat - jumpTarget.lat) < 1e-6;
        if (!reached) return;
        jumpTarget = null;
      }
      store.dispatch({
        type: 'viewChanged',
        bounds: toBounds(map.getBounds()),
        zoom: map.getZoom(),
        center: { latitude: center.lat, longitude: center.lng },
      });
    };
    map.on('moveend', reportView);
    // Whether the map is still (set again once it is idle): journey tests wait for it before reading what
    // is drawn or clicking a place where it is drawn.
    map.on('movestart', () => {
      container.dataset.still = 'false';
    });

    // The project's sources, layers and images, over whichever base map is drawn, with the data at hand.
    let images: ReturnType<typeof installMarkerImages> | null = null;
    const installOverlay = () => {
      const initial = latest.current;
      const preview = sent.current.preview;
      sent.current = { ...initial, preview };
      map.addSource(GROUPS, { type: 'geojson', data: groupsToGeoJson(initial.groups) });
      map.addLayer({
        id: 'groups-fill',
        type: 'fill',
        source: GROUPS,
        paint: { 'fill-color': '#f06023', 'fill-opacity': 0.07 },
      });
      map.addLayer({
        id: 'groups-line',
        type: 'line',
        source: GROUPS,
        paint: { 'line-color': '#c2410c', 'line-width': 1.5, 'line-dasharray': [2, 2] },
      });
      map.addLayer({
        id: 'group-current-fill',
        type: 'fill',
        source: GROUPS,
        filter: currentGroupFilter(store.getState().currentGroup),
        paint: { 'fill-color': '#f06023', 'fill-opacity': 0.12 },
      });
      map.addLayer({
        id: 'group-current-line',
        type: 'line',
        source: GROUPS,
        filter: currentGroupFilter(store.getState().currentGroup),
        paint: { 'line-color': '#f06023', 'line-width': 3 },
      });
      map.addSource(ESTABLISHMENTS, {
        type: 'geojson',
        data: pointsToGeoJson(initial.points),
        cluster: true,
        // As the server's index clusters them (see map-preview.ts).
        clusterRadius: MAP_CLUSTER_RADIUS,
        clusterMaxZoom: MAP_CLUSTER_MAX_ZOOM,
        clusterProperties: {
          restaurants: ['+', ['case', ['==', ['get', 'kind'], 'restaurant'], 1, 0]],
        },
      });
      images = installMarkerImages(map);
      addPlaceLayers(map, ESTABLISHMENTS, POINTS_LAYER, CLUSTERS_LAYER);
      // The preview's clusters and places, drawn as the clustered source draws its own (same images).
      map.addSource(PREVIEW, { type: 'geojson', data: previewToGeoJson(preview) });
      addPlaceLayers(map, PREVIEW, PREVIEW_POINTS_LAYER, PREVIEW_CLUSTERS_LAYER);
      map.addSource(BOARDS, { type: 'geojson', data: boardsToGeoJson(initial.boards) });
      map.addLayer({
        id: BOARDS_LAYER,
        type: 'symbol',
        source: BOARDS,
        // No padding around the badge where the mouse finds it: the 2 px of MapLibre's default reach the
        // centre of its place, which the mouse over the place must name.
        layout: { ...OVERLAP, 'icon-image': BOARD_IMAGE, 'icon-offset': [16, -16], 'icon-padding': 0 },
      });
    };

    // Our sources and layers as soon as the style is read ('style.load'), not once the base map's own
    // sources have loaded ('load'): the map's worker then cuts them into tiles beside the base map's, and
    // the places show with the base map instead of after it. Again for the offline style if it takes over.
    map.on('style.load', installOverlay);
    map.once('style.load', () => {
      reportView();
      store.dispatch({ type: 'mapInitialized' });
    });

    // What is drawn, in the map element's data attributes once the map is still: journey tests and the
    // frame benchmark read them (the drawing itself is pixels). Clusters and places whoever made them, the
    // map or the server; `drawnServer`: how many of them are the server's.
    map.on('idle', () => {
      if (map.getLayer(BOARDS_LAYER) === undefined) return;
      const drawn = map.queryRenderedFeatures({ layers: MARKER_LAYERS });
      const count = (layers: readonly string[], kind?: string) =>
        drawn.filter((f) => layers.includes(f.layer.id) && (kind === undefined || f.properties.kind === kind))
          .length;
      const places = [POINTS_LAYER, PREVIEW_POINTS_LAYER];
      container.dataset.drawnClusters = String(count([...CLUSTER_LAYERS]));
      container.dataset.drawnRestaurants = String(count(places, 'restaurant'));
      container.dataset.drawnRemplisvert = String(count(places, 'remplisvert'));
      container.dataset.drawnBoards = String(count([BOARDS_LAYER]));
      container.dataset.drawnServer = String(count([PREVIEW_CLUSTERS_LAYER, PREVIEW_POINTS_LAYER]));
      // The offline style's town names drawn (none from a third party's style).
      container.dataset.drawnTowns = String(
        map.getLayer(TOWN_LAYERS[0]!) === undefined
          ? 0
          : map.queryRenderedFeatures({ layers: TOWN_LAYERS }).length,
      );
      container.dataset.still = 'true';
      images?.prune(
        new Set(
          drawn
            .filter((f) => CLUSTER_LAYERS.has(f.layer.id))
            .map((f) => clusterImageName(Number(f.properties.point_count), Number(f.properties.restaurants))),
        ),
      );
    });
    const markerAt = (point: maplibregl.PointLike) =>
      map.getLayer(BOARDS_LAYER) === undefined
        ? undefined
        : map.queryRenderedFeatures(point, { layers: MARKER_LAYERS })[0];
    // The map may still draw the data it was given before the last (its worker cuts the new into tiles
    // meanwhile): the index is trusted only if the place there has the feature's uri.
    const pointOf = (props: Record<string, unknown>) => {
      const uri = String(props.uri);
      const byIndex = sent.current.points?.[Number(props.i)];
      return byIndex?.uri === uri ? byIndex : pointsRef.current.find((p) => p.uri === uri);
    };
    map.on('click', (event) => {
      const feature = markerAt(event.point);
      if (feature === undefined) return;
      const props = feature.properties as Record<string, unknown>;
      const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
      const zoomTo = (expansionZoom: number) =>
        map.easeTo({ center: [lng, lat], zoom: Math.min(expansionZoom, 18) });
      if (feature.layer.id === CLUSTERS_LAYER) {
        const source = map.getSource(ESTABLISHMENTS) as GeoJSONSource;
        void source.getClusterExpansionZoom(Number(props.cluster_id)).then(zoomTo);
        return;
      }
      if (feature.layer.id === PREVIEW_CLUSTERS_LAYER) {
        zoomTo(Number(props.expansionZoom));
        return;
      }
      // A board and a place of the server's carry what opening the page needs; a place of the feed is found.
      const point =
        feature.layer.id === BOARDS_LAYER || feature.layer.id === PREVIEW_POINTS_LAYER
          ? previewPlace(props, lng, lat)
          : pointOf(props);
      if (point !== undefined) selectRef.current(point);
    });
    // Hovering a place: a pointer, its name as a tooltip, and its card highlighted in the list.
    const canvas = map.getCanvas();
    let hovered: string | null = null;
    const hover = (place: MapEstablishment | null, title: string) => {
      canvas.style.cursor = title === '' ? '' : 'pointer';
      canvas.title = title;
      const uri = place?.uri ?? null;
      if (uri !== hovered) {
        hovered = uri;
        store.dispatch({ type: 'highlighted', establishment: place });
      }
    };
    map.on('mousemove', (event) => {
      if (map.isMoving()) return;
      const feature = markerAt(event.point);
      const props = (feature?.properties ?? {}) as Record<string, unknown>;
      if (feature === undefined) hover(null, '');
      else if (CLUSTER_LAYERS.has(feature.layer.id)) {
        const count = Number(props.point_count).toLocaleString('fr-FR');
        hover(null, `${count} établissements ici : zoomer pour les voir`);
      } else if (feature.layer.id === BOARDS_LAYER) hover(null, `Ardoise du jour : ${String(props.name)}`);
      else if (feature.layer.id === PREVIEW_POINTS_LAYER) {
        const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
        const place = previewPlace(props, lng, lat);
        hover(place, `${KIND_LABELS[place.kind]} : ${place.name}`);
      } else {
        const point = pointOf(props);
        hover(point ?? null, point === undefined ? '' : `${KIND_LABELS[point.kind]} : ${point.name}`);
      }
    });
    map.on('mouseout', () => hover(null, ''));

    // Moves asked by the app: a detail page (zoom 16 on the place), a click in the list, a box to fit (all
    // of France, a search's results).
    const unsubscribe = store.subscribe(() => {
      const request = store.getState().viewRequest;
      if (request === null || request.id === handledRequest) return;
      handledRequest = request.id;
      if (request.bounds !== undefined) {
        map.fitBounds(toLngLatBox(request.bounds), {
          ...FIT_BOX,
          animate: !reducedMotion(),
          essential: true,
        });
        return;
      }
      const target = {
        center: [request.center.longitude, request.center.latitude] as [number, number],
        zoom: request.zoom,
      };
      // Going back (Back, ×) puts the map back at once, as a page going back does.
      if (request.instant === true) {
        jumpTarget = { lng: target.center[0], lat: target.center[1], zoom: target.zoom };
        // Never kept longer than the jump: a view the map cannot take exactly must not silence it.
        window.setTimeout(() => (jumpTarget = null), 1000);
        map.jumpTo(target);
      } else if (reducedMotion()) map.jumpTo(target);
      else map.flyTo({ ...target, speed: 2, essential: true });
    });

    return () => {
      stopWatching();
      unsubscribe();
      map.remove();
      mapRef.current = null;
    };
  }, [store, mapStyleUrl]);

  // The server's clusters while wanted; once the map draws the feed's places instead, cleared when it has
  // drawn them (its worker clusters them meanwhile), or at once if there are none. While the feed's places
  // are still drawn (the visitor has just taken the last filter off), only the current view's clusters
  // replace them, not the last view's kept while they come.
  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized) return;
    const source = map.getSource(PREVIEW) as GeoJSONSource | undefined;
    if (previewWanted) {
      if (preview === undefined || sent.current.preview === preview) return;
      if (!previewCurrent && (sent.current.points?.length ?? 0) > 0) return;
      sent.current.preview = preview;
      source?.setData(previewToGeoJson(preview));
      return;
    }
    if (sent.current.preview === undefined) return;
    sent.current.preview = undefined;
    // Unless they are wanted again meanwhile (a filter on, then off).
    const clear = () => {
      if (sent.current.preview === undefined) source?.setData(previewToGeoJson(undefined));
    };
    if (points.length > 0) map.once('idle', clear);
    else clear();
  }, [mapInitialized, previewWanted, preview, previewCurrent, points]);

  // Establishments: the filtered feed into the clustered source. Emptied once the server's clusters are drawn
  // in its place, when the map has drawn them.
  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || sent.current.points === feedPoints) return;
    const source = map.getSource(ESTABLISHMENTS) as GeoJSONSource | undefined;
    if (feedPoints.length === 0 && (sent.current.points?.length ?? 0) > 0) {
      if (previewWanted && sent.current.preview === undefined) return;
      sent.current.points = feedPoints;
      map.once('idle', () => {
        if (sent.current.points === feedPoints) source?.setData(pointsToGeoJson(feedPoints));
      });
      return;
    }
    sent.current.points = feedPoints;
    source?.setData(pointsToGeoJson(feedPoints));
  }, [mapInitialized, feedPoints, previewWanted, preview]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || sent.current.groups === groups) return;
    sent.current.groups = groups;
    (map.getSource(GROUPS) as GeoJSONSource | undefined)?.setData(groupsToGeoJson(groups));
  }, [mapInitialized, groups]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized) return;
    const filter = currentGroupFilter(currentGroup);
    map.setFilter('group-current-fill', filter);
    map.setFilter('group-current-line', filter);
  }, [mapInitialized, currentGroup]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || sameBoards(sent.current.boards, boardsOnMap)) return;
    sent.current.boards = boardsOnMap;
    (map.getSource(BOARDS) as GeoJSONSource | undefined)?.setData(boardsToGeoJson(boardsOnMap));
  }, [mapInitialized, boardsOnMap]);

  // The list's hovered or focused establishment, wherever it is (alone or inside a cluster).
  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || highlighted === null) return;
    const marker = new maplibregl.Marker({ element: createHighlightMarker() })
      .setLngLat([highlighted.location.longitude, highlighted.location.latitude])
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [mapInitialized, highlighted]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || current === null) return;
    const marker = new maplibregl.Marker({
      element: createSelectedMarker(current.kind, current.name),
      anchor: 'top',
    })
      .setLngLat([current.location.longitude, current.location.latitude])
      .setOffset([0, -24])
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [mapInitialized, current]);

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
