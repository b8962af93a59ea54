import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, LngLatBounds, Map as MapLibreMap, Marker } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { FeatureCollection, Point, Polygon } from 'geojson';
import { useEffect, useMemo, useRef } from 'react';
import type { Bounds } from '@tables-voisines/contract/geo';
import type { Group } from '@tables-voisines/contract/schemas/group';
import { createOfflineStyle } from './base-style';
import {
  createClusterMarker,
  createEstablishmentMarker,
  createHighlightMarker,
  createMenuBoardMarker,
  createSelectedMarker,
} from './marker-elements';
import { menuBoardsOnMap } from './map-filters';
import { circleRing, MIN_DETAIL_ZOOM } from './map-rules';
import { useMapStore, useMapState, useSelectEstablishment } from './map-store';
import type { MapPoint } from './map-points';
import { useVisibleMapData } from './use-visible-map-data';
import './map-view.css';

maplibregl.setWorkerUrl(workerUrl);

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

function toBounds(b: LngLatBounds): Bounds {
  return {
    northEast: { latitude: b.getNorth(), longitude: b.getEast() },
    southWest: { latitude: b.getSouth(), longitude: b.getWest() },
  };
}

function pointsToGeoJson(points: readonly MapPoint[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.location.longitude, p.location.latitude] },
      properties: { id: p.id, kind: p.kind },
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

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface MapViewProps {
  mapStyleUrl: string | null;
}

/**
 * The MapLibre map: base map, group circles, clustered establishments, menu boards, the selection. Loaded
 * in the browser only, after hydration (see ClientMap).
 */
export default function MapView({ mapStyleUrl }: MapViewProps) {
  const store = useMapStore();
  const select = useSelectEstablishment();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const { points, groups, menuBoards } = useVisibleMapData();
  const pointsById = useMemo(() => new Map(points.map((p) => [p.id, p])), [points]);
  const pointsByIdRef = useRef(pointsById);
  pointsByIdRef.current = pointsById;
  const selectRef = useRef(select);
  selectRef.current = select;
  const mapInitialized = useMapState((s) => s.mapInitialized);
  const currentGroup = useMapState((s) => s.currentGroup);
  const current = useMapState((s) => s.currentEstablishment);
  const highlightedId = useMapState((s) => s.highlightedId);
  const zoom = useMapState((s) => s.zoom);
  const center = useMapState((s) => s.center);

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
      minZoom: 3,
      maxZoom: 18,
      attributionControl: { compact: true },
      locale: FRENCH_UI,
      dragRotate: false,
      pitchWithRotate: false,
    });
    mapRef.current = map;
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

    const reportView = () => {
      const center = map.getCenter();
      store.dispatch({
        type: 'viewChanged',
        bounds: toBounds(map.getBounds()),
        zoom: map.getZoom(),
        center: { latitude: center.lat, longitude: center.lng },
      });
    };
    map.on('moveend', reportView);

    map.on('load', () => {
      map.addSource(GROUPS, { type: 'geojson', data: groupsToGeoJson([]) });
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
        filter: ['==', ['get', 'id'], ''],
        paint: { 'fill-color': '#f06023', 'fill-opacity': 0.12 },
      });
      map.addLayer({
        id: 'group-current-line',
        type: 'line',
        source: GROUPS,
        filter: ['==', ['get', 'id'], ''],
        paint: { 'line-color': '#f06023', 'line-width': 3 },
      });
      map.addSource(ESTABLISHMENTS, {
        type: 'geojson',
        data: pointsToGeoJson([]),
        cluster: true,
        clusterRadius: 48,
        clusterMaxZoom: 13,
        clusterProperties: {
          restaurants: ['+', ['case', ['==', ['get', 'kind'], 'restaurant'], 1, 0]],
        },
      });
      // Invisible: it makes MapLibre build the clustered tiles the HTML markers are read from.
      map.addLayer({
        id: 'establishments-data',
        type: 'circle',
        source: ESTABLISHMENTS,
        paint: { 'circle-radius': 0, 'circle-opacity': 0 },
      });
      reportView();
      store.dispatch({ type: 'mapInitialized' });
    });

    // Moves asked by the app: a detail page (zoom 16 on the place), a click in the list.
    const unsubscribe = store.subscribe(() => {
      const request = store.getState().viewRequest;
      if (request === null || request.id === handledRequest) return;
      handledRequest = request.id;
      const target = {
        center: [request.center.longitude, request.center.latitude] as [number, number],
        zoom: request.zoom,
      };
      if (reducedMotion()) map.jumpTo(target);
      else map.flyTo({ ...target, speed: 2, essential: true });
    });

    return () => {
      unsubscribe();
      map.remove();
      mapRef.current = null;
    };
  }, [store, mapStyleUrl]);

  // Establishments: filtered data into the clustered source, then HTML markers for what it shows.
  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized) return;
    (map.getSource(ESTABLISHMENTS) as GeoJSONSource | undefined)?.setData(pointsToGeoJson(points));
  }, [mapInitialized, points]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized) return;
    (map.getSource(GROUPS) as GeoJSONSource | undefined)?.setData(groupsToGeoJson(groups));
  }, [mapInitialized, groups]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized) return;
    const filter: maplibregl.FilterSpecification = ['==', ['get', 'id'], currentGroup?.id ?? ''];
    map.setFilter('group-current-fill', filter);
    map.setFilter('group-current-line', filter);
  }, [mapInitialized, currentGroup]);

  // HTML markers for the clusters and single places the clustered source currently holds.
  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized) return;
    const shown = new Map<string, Marker>();
    const source = map.getSource(ESTABLISHMENTS) as GeoJSONSource;

    const update = () => {
      if (!map.isSourceLoaded(ESTABLISHMENTS)) return;
      const seen = new Set<string>();
      for (const feature of map.querySourceFeatures(ESTABLISHMENTS)) {
        const props = feature.properties as Record<string, unknown>;
        const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
        const isCluster = props.cluster === true;
        const key = isCluster ? `c${String(props.cluster_id)}` : `p${String(props.id)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (shown.has(key)) continue;
        let element: HTMLButtonElement;
        if (isCluster) {
          const clusterId = Number(props.cluster_id);
          element = createClusterMarker(Number(props.point_count), Number(props.restaurants));
          element.addEventListener('click', () => {
            void source.getClusterExpansionZoom(clusterId).then((expansionZoom) => {
              map.easeTo({ center: [lng, lat], zoom: Math.min(expansionZoom, 18) });
            });
          });
        } else {
          const point = pointsByIdRef.current.get(String(props.id));
          if (point === undefined) continue;
          element = createEstablishmentMarker(point.kind, point.name, point.id);
          element.addEventListener('click', () => selectRef.current(point));
          element.addEventListener('mouseenter', () => store.dispatch({ type: 'highlighted', id: point.id }));
          element.addEventListener('mouseleave', () => store.dispatch({ type: 'highlighted', id: null }));
        }
        shown.set(key, new maplibregl.Marker({ element }).setLngLat([lng, lat]).addTo(map));
      }
      for (const [key, marker] of shown) {
        if (!seen.has(key)) {
          marker.remove();
          shown.delete(key);
        }
      }
    };
    const onSourceData = (event: maplibregl.MapSourceDataEvent) => {
      if (event.sourceId === ESTABLISHMENTS && event.isSourceLoaded) update();
    };
    map.on('moveend', update);
    map.on('sourcedata', onSourceData);
    update();
    return () => {
      map.off('moveend', update);
      map.off('sourcedata', onSourceData);
      for (const marker of shown.values()) marker.remove();
    };
  }, [mapInitialized, store, points]);

  // Today's menu boards at zoom 9 or more, beside their establishment's marker: those in view, the nearest
  // to the centre first, a hundred at most.
  const detailed = zoom >= MIN_DETAIL_ZOOM;
  const bounds = useMapState((s) => s.bounds);
  const boardsOnMap = useMemo(
    () => (detailed ? menuBoardsOnMap(menuBoards, bounds, center, MAX_MENU_BOARD_MARKERS) : []),
    [detailed, menuBoards, bounds, center],
  );
  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized) return;
    const markers = boardsOnMap.map((board) => {
      const element = createMenuBoardMarker(board.establishment.name);
      element.dataset.menuBoardId = board.id;
      element.addEventListener('click', () => selectRef.current(board.establishment));
      const { latitude, longitude } = board.establishment.location;
      return new maplibregl.Marker({ element, offset: [16, -16] })
        .setLngLat([longitude, latitude])
        .addTo(map);
    });
    return () => {
      for (const marker of markers) marker.remove();
    };
  }, [mapInitialized, boardsOnMap]);

  // The list's hovered or focused establishment, wherever it is (alone or inside a cluster).
  useEffect(() => {
    const map = mapRef.current;
    const point = highlightedId === null ? undefined : pointsById.get(highlightedId);
    if (map === null || !mapInitialized || point === undefined) return;
    const marker = new maplibregl.Marker({ element: createHighlightMarker() })
      .setLngLat([point.location.longitude, point.location.latitude])
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [mapInitialized, highlightedId, pointsById]);

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
