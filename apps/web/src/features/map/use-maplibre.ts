import * as maplibregl from 'maplibre-gl';
import { Protocol } from 'pmtiles';
import type { Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, type RefObject } from 'react';
import { watchBaseMap } from './base-map-watch';
import { createOfflineStyle, placeNamesAside, providerAttribution } from './base-style';
import { FIT_BOX, toLngLatBox } from './map-camera';
import { OWN_SOURCES } from './map-overlay';
import type { MapStore } from './map-store';
import { MAPLIBRE_FRENCH } from './map-locale';

maplibregl.setWorkerUrl(workerUrl);
// The worker (its script, then its start) asked as this chunk runs, not when the first map is made
// (docs/decisions/0064).
maplibregl.prewarm();
// A self-hosted base map (`MAP_TILES_FILE`) is one PMTiles archive read by ranges: `pmtiles://` sources.
maplibregl.addProtocol('pmtiles', new Protocol().tile);

/**
 * What is attached to the map as soon as it is made, before its style is read (so that no event of the
 * start is missed): `firstRequest` is the id of the view request it was made with. Returns its cleanup.
 */
export type MapAttachment = (map: MapLibreMap, container: HTMLDivElement, firstRequest: number) => () => void;

function addControls(map: MapLibreMap, store: MapStore) {
  map.touchZoomRotate.disableRotation();
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
  const geolocate = new maplibregl.GeolocateControl({
    positionOptions: { enableHighAccuracy: true, timeout: 10_000 },
    fitBoundsOptions: { maxZoom: 13 },
    trackUserLocation: false,
  });
  // MapLibre only greys its button when the location is refused: the map says it (`LocationProblem`).
  geolocate.on('error', (event) =>
    store.dispatch({
      type: 'locationFailed',
      // The Geolocation API's PERMISSION_DENIED.
      problem: event.code === 1 ? 'refused' : 'unavailable',
    }),
  );
  geolocate.on('geolocate', () => store.dispatch({ type: 'locationFailed', problem: null }));
  map.addControl(geolocate, 'top-right');
  // MapLibre names its button only once the browser has said whether it can locate (a promise that may take
  // seconds on a busy phone): until then a screen reader met a button with no name (axe `button-name`).
  const button = map.getContainer().querySelector('button.maplibregl-ctrl-geolocate');
  if (button !== null && !button.hasAttribute('aria-label')) {
    const label = MAPLIBRE_FRENCH['GeolocateControl.FindMyLocation']!;
    button.setAttribute('aria-label', label);
    button.setAttribute('title', label);
  }
  map.addControl(new maplibregl.FullscreenControl(), 'top-right');
}

/** The renderers of browsers that draw WebGL without a GPU: Chromium's SwiftShader, Mesa's, Windows'. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * Whether the browser draws the map's WebGL in software (no GPU, or one it does not use). There every frame
 * costs the CPU its pixels, drawn and copied back to compose the page: the map then draws one pixel per CSS
 * pixel instead of the screen's 2 or 3, a little less sharp, its start on a slowed phone lighter on the main
 * thread (docs/decisions/0064, "Measured"). Firefox and Safari name the renderer in `RENDERER`; Chromium
 * says « WebKit WebGL » there and names it in the debug extension.
 */
export function drawsInSoftware(canvas: HTMLCanvasElement): boolean {
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (gl === null) return false;
  let renderer: unknown = gl.getParameter(gl.RENDERER);
  if (renderer === 'WebKit WebGL') {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    if (info !== null) renderer = gl.getParameter(info.UNMASKED_RENDERER_WEBGL);
  }
  return typeof renderer === 'string' && SOFTWARE_RENDERER.test(renderer);
}

/**
 * A third party's base map that cannot be loaded (offline, blocked network, the provider down) gives way to
 * the bundled offline style by itself: no blank map, no message (decision 0047). Returns what stops watching.
 */
function fallBackToOfflineStyle(map: MapLibreMap, container: HTMLElement, mapStyleUrl: string | null) {
  container.dataset.baseMap = mapStyleUrl === null ? 'offline' : 'public';
  let attribution = new maplibregl.AttributionControl({
    compact: true,
    customAttribution: providerAttribution(mapStyleUrl),
  });
  map.addControl(attribution);
  if (mapStyleUrl === null) return () => {};
  return watchBaseMap(map, OWN_SOURCES, (reason) => {
    console.warn(`Fond de carte indisponible (${reason}) : fond hors ligne affiché.`);
    container.dataset.baseMap = 'offline';
    map.removeControl(attribution);
    attribution = new maplibregl.AttributionControl({ compact: true });
    map.addControl(attribution);
    // Without the third party's `transformStyle`: MapLibre would wait for the failed style to load first.
    map.setStyle(createOfflineStyle(window.location.origin), { diff: false, transformStyle: undefined });
  });
}

/**
 * The MapLibre map in `containerRef`, made once at the store's view (or its pending view request) and kept
 * in `mapRef` as long as the layout lives (home and detail pages), in French, with its controls. `attach`
 * is read when the map is made.
 */
export function useMapLibre(
  containerRef: RefObject<HTMLDivElement | null>,
  mapRef: RefObject<MapLibreMap | null>,
  store: MapStore,
  mapStyleUrl: string | null,
  attach: MapAttachment,
): void {
  const attachRef = useRef(attach);
  attachRef.current = attach;
  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return;
    const state = store.getState();
    const start = state.viewRequest ?? { id: 0, center: state.center, zoom: state.zoom };
    const map = new maplibregl.Map({
      container,
      style: mapStyleUrl ?? createOfflineStyle(window.location.origin),
      // A third party's names of places moved aside from the markers rather than dropped (issue 49).
      transformStyle: (_previous, next) => placeNamesAside(next),
      center: [start.center.longitude, start.center.latitude],
      zoom: start.zoom,
      ...(start.bounds === undefined ? {} : { bounds: toLngLatBox(start.bounds), fitBoundsOptions: FIT_BOX }),
      minZoom: 3,
      maxZoom: 18,
      attributionControl: false,
      locale: MAPLIBRE_FRENCH,
      dragRotate: false,
      pitchWithRotate: false,
      // Markers shown at once, not faded in over 300 ms: the fade draws frame after frame after every move
      // and every new tile, which a phone pays for while the visitor pans (decision 0034, fifth addendum).
      fadeDuration: 0,
    });
    if (drawsInSoftware(map.getCanvas())) map.setPixelRatio(1);
    mapRef.current = map;
    const stopWatching = fallBackToOfflineStyle(map, container, mapStyleUrl);
    addControls(map, store);
    // A tile or style that cannot be loaded is not a page failure: say it once in the console.
    map.on('error', (event) => console.warn('Map error:', event.error?.message ?? event));
    const detach = attachRef.current(map, container, start.id);
    return () => {
      stopWatching();
      detach();
      map.remove();
      mapRef.current = null;
    };
  }, [containerRef, mapRef, store, mapStyleUrl]);
}
