import type { LngLatBounds, Map as MapLibreMap } from 'maplibre-gl';
import type { Bounds } from '@tables-voisines/contract/geo';
import type { MapStore } from './map-store';

/*
 * The map's view and the app's map state, both ways: the view the visitor moves to is reported to the
 * store (a new list, new boards), and the moves the app asks for (a detail page, a click in the list, a box
 * to fit, going back) are made on the map.
 */

/** A box as MapLibre takes it: [[west, south], [east, north]]. */
export function toLngLatBox(b: Bounds): [[number, number], [number, number]] {
  return [
    [b.southWest.longitude, b.southWest.latitude],
    [b.northEast.longitude, b.northEast.latitude],
  ];
}

/** A box fitted into the map: a margin around it, and a single place shown with its streets around. */
export const FIT_BOX = { padding: 40, maxZoom: 14 } as const;

function toBounds(b: LngLatBounds): Bounds {
  return {
    northEast: { latitude: b.getNorth(), longitude: b.getEast() },
    southWest: { latitude: b.getSouth(), longitude: b.getWest() },
  };
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Follows the view both ways from now on; `firstRequest`: the id of the view request the map was created
 * with (already made). Once the style is read, the first view is reported and the map said initialized.
 * Returns what stops following.
 */
export function followView(
  map: MapLibreMap,
  store: MapStore,
  container: HTMLElement,
  firstRequest: number,
): () => void {
  let handledRequest = firstRequest;
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
  // Whether the map is still (set again once it is idle, see map-drawn.ts): journey tests wait for it
  // before reading what is drawn or clicking a place where it is drawn.
  map.on('movestart', () => {
    container.dataset.still = 'false';
  });
  map.once('style.load', () => {
    reportView();
    store.dispatch({ type: 'mapInitialized' });
  });

  return store.subscribe(() => {
    const request = store.getState().viewRequest;
    if (request === null || request.id === handledRequest) return;
    handledRequest = request.id;
    if (request.bounds !== undefined) {
      map.fitBounds(toLngLatBox(request.bounds), { ...FIT_BOX, animate: !reducedMotion(), essential: true });
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
}
