import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { ApiError } from '../../lib/api-core';
import { logLoadFailure } from '../../lib/log-load-failure';
import { publicApiRequest } from '../../lib/public-api';
import { addressHash, parseAddressHash, type AddressView } from './map-address';
import { NO_DISH_FILTERS } from './map-filter-state';
import { METROPOLITAN_FRANCE } from './map-rules';
import type { ChosenTown, MapViewState } from './map-state';
import { useMapStore, type MapStore } from './map-store';

/** How long the address waits for the map to stop before saying its view (a drag reports many). */
const WRITE_DELAY_MS = 300;

const HOME = '/';

function viewOf(state: MapViewState): Omit<AddressView, 'town'> {
  return {
    center: state.center,
    zoom: state.zoom,
    filters: state.filters,
    categories: state.categories,
    dishFilters: state.dishFilters,
  };
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
    store.dispatch({ type: 'categoriesChanged', categories: [] });
    store.dispatch({ type: 'dishFiltersChanged', dishFilters: NO_DISH_FILTERS });
    return;
  }
  store.dispatch({ type: 'viewRequested', center: view.center, zoom: view.zoom });
  store.dispatch({ type: 'townRestored', town: view.town });
  store.dispatch({ type: 'filtersChanged', filters: view.filters });
  // By id: the names the chips say come from the server (`useCategoryNames`), or are known already.
  store.dispatch({ type: 'categoriesChanged', categories: view.categories });
  store.dispatch({ type: 'dishFiltersChanged', dishFilters: view.dishFilters });
}

const CATEGORY_RETRY_DELAY_MS = 5000;

/**
 * The names of the categories chosen that the map does not know yet (given by id in the address), asked of
 * the server for their chips (`GET /api/categories/category/:id`). An id it does not know (a category since
 * removed, a link typed by hand) is taken out of the filters. Without an answer (offline), asked once more
 * a little later, then logged: the chip says « Catégorie… » meanwhile, and the category still filters.
 */
function useCategoryNames(store: MapStore): void {
  useEffect(() => {
    const controller = new AbortController();
    const asked = new Set<string>();
    const timers = new Set<number>();
    const ask = (id: string, attempt: number) => {
      asked.add(id);
      publicApiRequest('getCategory', {
        params: { id },
        query: { locale: 'fr' },
        signal: controller.signal,
      }).then(
        (category) => {
          const { categories } = store.getState();
          store.dispatch({ type: 'categoriesChanged', categories, names: { [id]: category.name } });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
            const { categories } = store.getState();
            store.dispatch({ type: 'categoriesChanged', categories: categories.filter((c) => c !== id) });
          } else if (attempt === 0) {
            const timer = window.setTimeout(() => {
              timers.delete(timer);
              ask(id, 1);
            }, CATEGORY_RETRY_DELAY_MS);
            timers.add(timer);
          } else logLoadFailure('A category’s name could not be loaded', error);
        },
      );
    };
    const askUnnamed = () => {
      const { categories, categoryNames } = store.getState();
      for (const id of categories) if (categoryNames[id] === undefined && !asked.has(id)) ask(id, 0);
    };
    askUnnamed();
    const unsubscribe = store.subscribe(askUnnamed);
    return () => {
      unsubscribe();
      controller.abort();
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [store]);
}

/**
 * The map page's view in its address (issue 49, point 4), for as long as the map layout is shown:
 * - loaded with `#carte=…` (a reload, a shared link), the map starts there, with its town and chips (the
 *   dish categories' names asked of the server, `useCategoryNames`);
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
  /**
   * Back (or Forward) to the plain `/` entry: France again, untouched, so its address stays plain until the
   * visitor moves (the writer stops following, and takes the view the map reaches after its jump as the
   * first view).
   */
  const backToPlain = useRef(false);
  useCategoryNames(store);

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
    backToPlain.current = view === null;
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
        state.filters.venueTypes.length > 0 ||
        state.categories.length > 0 ||
        state.dishFilters.excludeAllergens.length > 0 ||
        state.dishFilters.diets.length > 0 ||
        state.dishFilters.homemade ||
        state.dishFilters.maxPrice !== undefined;
      following ||=
        chips || entryTown.current !== null || (firstView !== null && !sameView(firstView, state));
      if (!following) return;
      const hash = addressHash({ ...viewOf(state), town: entryTown.current });
      if (hash === window.location.hash) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
    };

    /** Back on the plain entry: the map's view before its jump to France, until the map reports another. */
    let beforeJump: MapViewState['center'] | null = null;

    const unsubscribe = store.subscribe(() => {
      const state = store.getState();
      if (backToPlain.current) {
        backToPlain.current = false;
        following = false;
        firstView = null;
        beforeJump = state.center;
      }
      if (beforeJump !== null) {
        if (state.center !== beforeJump) {
          beforeJump = null;
          firstView = state;
        }
      } else if (firstView === null && state.mapInitialized && state.bounds !== null) firstView = state;
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
