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
import type { MapEstablishment } from './map-rules';
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

/** Provided by the map layout, around the map and every page shown beside it. */
export function MapStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createMapStore);
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

/** Ends the selection and goes back to the page visited before the detail pages (the map by default). */
export function useClearMapSelection(): () => void {
  const store = useContext(MapStoreContext);
  const navigate = useNavigate();
  return useCallback(() => {
    const previousPath = store?.getState().previousPath ?? null;
    store?.dispatch({ type: 'selectionCleared' });
    void navigate(previousPath ?? '/');
  }, [store, navigate]);
}

/** Chooses an establishment on the map or in the list: it becomes current and the address becomes its page. */
export function useSelectEstablishment(): (establishment: MapEstablishment) => void {
  const store = useMapStore();
  const navigate = useNavigate();
  return useCallback(
    (establishment: MapEstablishment) => {
      store.dispatch({ type: 'establishmentShown', establishment });
      void navigate(establishmentPath(establishment.kind, establishment.uri));
    },
    [store, navigate],
  );
}
