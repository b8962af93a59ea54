import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { siteAddress, useEmbed } from '../embed/embed-context';
import { isEstablishmentPath, type MapEstablishment } from './map-rules';
import { createInitialMapState, mapReducer, type MapAction, type MapViewState } from './map-state';

export type { MapEstablishment } from './map-rules';

/** A tiny external store: the map (outside React's render) and the panel read and change the same state. */
export interface MapStore {
  getState(): MapViewState;
  dispatch(action: MapAction): void;
  subscribe(listener: () => void): () => void;
}

export function createMapStore(initial: MapViewState = createInitialMapState()): MapStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = mapReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const MapStoreContext = createContext<MapStore | null>(null);

/** Provided by the map layout, around the map and every page shown beside it (a test may give the state). */
export function MapStoreProvider({ children, initial }: { children: ReactNode; initial?: MapViewState }) {
  const [store] = useState(() => createMapStore(initial));
  return createElement(MapStoreContext.Provider, { value: store }, children);
}

export function useMapStore(): MapStore {
  const store = useContext(MapStoreContext);
  if (store === null) throw new Error('useMapStore must be used inside <MapStoreProvider>');
  return store;
}

/** A slice of the map state; the selector must return a value kept by the state (no new object). */
export function useMapState<T>(selector: (state: MapViewState) => T): T {
  const store = useMapStore();
  const get = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, get, get);
}

/**
 * For a detail page: makes `establishment` the current one of its kind and centres the map on it at zoom
 * 16. Clearing the selection (`useClearMapSelection`) then goes back to the page visited before the detail
 * pages, which the map layout records. A no-op without an establishment or outside the map layout.
 */
export function useShowEstablishmentOnMap(establishment: MapEstablishment | null | undefined): void {
  const store = useContext(MapStoreContext);
  const uri = establishment?.uri;
  const latitude = establishment?.location.latitude;
  const longitude = establishment?.location.longitude;
  useEffect(() => {
    if (store === null || establishment == null) return;
    store.dispatch({
      type: 'establishmentShown',
      establishment: {
        uri: establishment.uri,
        kind: establishment.kind,
        name: establishment.name,
        location: establishment.location,
      },
    });
    // Only a different establishment or place moves the map again, not a new object for the same one.
  }, [store, uri, latitude, longitude]);
}

/** React Router's index of the current history entry (`history.state.idx`); `undefined` outside a router. */
export function currentHistoryIndex(): number | undefined {
  if (typeof window === 'undefined') return undefined;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/**
 * × on a detail page: ends the selection and goes back to the map page without adding a history entry.
 * When the entry before this one is the map page, it is gone back to (as Back would); otherwise (a page
 * opened directly, or from another detail page) this entry is replaced by the page visited before the
 * detail pages, the map by default. Either way the map shows the view it had (`selectionCleared`).
 */
export function useClearMapSelection(): () => void {
  const store = useContext(MapStoreContext);
  const navigate = useNavigate();
  return useCallback(() => {
    const state = store?.getState();
    const index = currentHistoryIndex();
    const before = index === undefined || index === 0 ? undefined : state?.historyPaths[index - 1];
    store?.dispatch({ type: 'selectionCleared' });
    if (before !== undefined && !isEstablishmentPath(before)) void navigate(-1);
    else void navigate(state?.previousPath ?? '/', { replace: true });
  }, [store, navigate]);
}

/** Chooses an establishment on the map or in the list: it becomes current and the address becomes its page. */
export function useSelectEstablishment(): (establishment: MapEstablishment) => void {
  const store = useMapStore();
  const navigate = useNavigate();
  const embed = useEmbed();
  return useCallback(
    (establishment: MapEstablishment) => {
      const path = establishmentPath(establishment.kind, establishment.uri);
      // Embedded in another site: the place's page opens on the full site, in a new tab (features/embed).
      if (embed !== null) {
        window.open(siteAddress(embed, path), '_blank', 'noopener');
        return;
      }
      store.dispatch({ type: 'establishmentShown', establishment });
      void navigate(path);
    },
    [store, navigate, embed],
  );
}
