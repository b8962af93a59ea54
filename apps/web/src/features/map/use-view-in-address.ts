import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { addressHash, parseAddressHash, type AddressView } from './map-address';
import { METROPOLITAN_FRANCE } from './map-rules';
import type { ChosenTown, MapViewState } from './map-state';
import { useMapStore, type MapStore } from './map-store';

/** How long the address waits for the map to stop before saying its view (a drag reports many). */
const WRITE_DELAY_MS = 300;

const HOME = '/';

function viewOf(state: MapViewState): Omit<AddressView, 'town'> {
  return { center: state.center, zoom: state.zoom, filters: state.filters };
}

const sameView = (a: { center: MapViewState['center']; zoom: number }, b: typeof a) =>
  Math.abs(a.zoom - b.zoom) < 0.01 &&
  Math.abs(a.center.latitude - b.center.latitude) < 1e-5 &&
  Math.abs(a.center.longitude - b.center.longitude) < 1e-5;

/** Puts the map where the address says, or France and no chip when it says nothing. */
function applyView(store: MapStore, view: AddressView | null): void {
  if (view === null) {
    store.dispatch({ type: 'boundsRequested', bounds: METROPOLITAN_FRANCE });
    store.dispatch({ type: 'townRestored', town: null });
    store.dispatch({
      type: 'filtersChanged',
      filters: { openNow: false, kinds: [], venueTypes: [], favorites: false },
    });
    return;
  }
  store.dispatch({ type: 'viewRequested', center: view.center, zoom: view.zoom });
  store.dispatch({ type: 'townRestored', town: view.town });
  store.dispatch({ type: 'filtersChanged', filters: view.filters });
}

/**
 * The map page's view in its address (issue 49, point 4), for as long as the map layout is shown:
 * - loaded with `#carte=…` (a reload, a shared link), the map starts there, with its town and chips;
 * - on the map page, the address follows the view (`replaceState`, once the map has stopped), from the
 *   visitor's first move or chip on: the untouched first view of France keeps the plain address;
 * - a town chosen is a new history entry, so that Back goes back to the view before it, with its town.
 * Back from a detail page is left to its own rule (the map page's view kept in the state, `returnView`).
 */
export function useViewInAddress(): void {
  const store = useMapStore();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const location = useLocation();
  const lastPath = useRef<string | null>(null);
  /** While the address's view is being applied: its town is not a new choice. */
  const applying = useRef(false);
  /**
   * The town of this entry: the last chosen or given by the address. Typing over it in the search field
   * takes its mark away but not its place in the address, so that Back comes back to it by its name.
   */
  const entryTown = useRef<ChosenTown | null>(null);
  const latestNavigate = useRef(navigate);
  latestNavigate.current = navigate;

  useLayoutEffect(() => {
    const previous = lastPath.current;
    lastPath.current = location.pathname;
    if (location.pathname !== HOME) return;
    // Loaded here; or Back and Forward between two entries of the map page (a town chosen).
    const between = previous === HOME && navigationType === 'POP';
    if (previous !== null && !between) return;
    const view = parseAddressHash(location.hash);
    // Another fragment (the skip link's « #contenu »): not a view.
    if (view === null && (previous === null || location.hash !== '')) return;
    applying.current = true;
    entryTown.current = view?.town ?? null;
    try {
      applyView(store, view);
    } finally {
      applying.current = false;
    }
  }, [store, location.key, location.pathname, location.hash, navigationType]);

  useEffect(() => {
    let timer: number | undefined;
    let firstView: { center: MapViewState['center']; zoom: number } | null = null;
    let following = parseAddressHash(window.location.hash) !== null;
    let town = store.getState().chosenTown;

    const write = () => {
      timer = undefined;
      const state = store.getState();
      if (window.location.pathname !== HOME || !state.mapInitialized || state.bounds === null) return;
      const chips =
        state.filters.openNow ||
        state.filters.favorites ||
        state.filters.kinds.length > 0 ||
        state.filters.venueTypes.length > 0;
      following ||=
        chips || entryTown.current !== null || (firstView !== null && !sameView(firstView, state));
      if (!following) return;
      const hash = addressHash({ ...viewOf(state), town: entryTown.current });
      if (hash === window.location.hash) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
    };

    const unsubscribe = store.subscribe(() => {
      const state = store.getState();
      if (firstView === null && state.mapInitialized && state.bounds !== null) firstView = state;
      // A town chosen on the map page: a new entry, at the town, before the map flies there.
      if (state.chosenTown !== town) {
        town = state.chosenTown;
        if (town !== null) entryTown.current = town;
        if (town !== null && !applying.current && window.location.pathname === HOME) {
          following = true;
          const hash = addressHash({
            ...viewOf(state),
            town,
            center: town.location,
            zoom: state.viewRequest?.zoom ?? state.zoom,
          });
          // The address as it is now: `?q=` read and taken out by the page, which React Router did not see.
          void latestNavigate.current(
            { pathname: HOME, search: window.location.search, hash },
            { preventScrollReset: true },
          );
        }
      }
      if (timer === undefined) timer = window.setTimeout(write, WRITE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [store]);
}
