/*
 * The map's view state (the reducer and its store), and when it asks for the surrounding menu boards. Its
 * size (over 400 lines) is 31 distinct transitions of the map and its list, each run from a state of its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bounds } from '@tables-voisines/contract/geo';
import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { plainDish } from '@tables-voisines/contract/test-support/dishes';
import {
  DEFAULT_ZOOM,
  ESTABLISHMENT_ZOOM,
  METROPOLITAN_FRANCE,
  RETURN_ZOOM,
  loadPolygonClipping,
  type MapEstablishment,
} from './map-rules';
import {
  LIST_PAGE_SIZE,
  createInitialMapState,
  mapReducer,
  type MapAction,
  type MapViewState,
} from './map-state';
import { NO_DISH_FILTERS } from './map-filters';

// The union library is loaded lazily in the browser (with the first menu-board fetch).
beforeAll(() => loadPolygonClipping());

function createEstablishment(overrides: Partial<MapEstablishment> = {}): MapEstablishment {
  return {
    uri: 'la-marmite-a-lyon',
    kind: 'restaurant',
    name: 'La Marmite',
    location: { latitude: 45.76, longitude: 4.83 },
    ...overrides,
  };
}

function createMenuBoard(id: string, categories: string[] = []): SurroundingMenuBoard {
  return {
    id,
    establishment: { id: '10000000-0000-4000-8000-000000000001', ...createEstablishment() },
    title: 'Menu du jour',
    date: '2025-11-21',
    closedOnDate: false,
    items: categories.map((category) => ({ ...plainDish('Plat', 12.5, category), matches: true })),
    formulas: [],
    fromPrice: null,
    createdAt: '2025-11-21T08:00:00.000Z',
  };
}

function run(...actions: MapAction[]): MapViewState {
  return actions.reduce(mapReducer, createInitialMapState());
}

const lyonBox: Bounds = {
  southWest: { latitude: 45.7, longitude: 4.8 },
  northEast: { latitude: 45.8, longitude: 4.9 },
};
const lyonGroup = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Collectif des restaurateurs de Lyon',
  latitude: 45.76,
  longitude: 4.84,
  radius: 10,
};
/** The map looking at the Lyon box from zoom 10, where today's boards are asked for. */
const lyonView: MapAction = {
  type: 'viewChanged',
  bounds: lyonBox,
  zoom: 10,
  center: { latitude: 45.75, longitude: 4.85 },
};

/** The boards asked for in `state` answered (`b1`). */
function answered(state: MapViewState): MapViewState {
  return mapReducer(state, {
    type: 'refreshSucceeded',
    request: state.boardsRequest!,
    menuBoards: [createMenuBoard('b1')],
  });
}

describe('map view state', () => {
  it('starts by fitting all of metropolitan France and Corsica, whatever the screen', () => {
    expect(createInitialMapState().viewRequest).toMatchObject({ id: 1, bounds: METROPOLITAN_FRANCE });
  });

  it('starts on France at zoom 6 with nothing selected', () => {
    const state = createInitialMapState();
    expect(state.zoom).toBe(DEFAULT_ZOOM);
    expect(state.center).toEqual({ latitude: 46.6, longitude: 2.4 });
    expect(state.currentGroup).toBeNull();
    expect(state.currentEstablishmentByKind).toEqual({ restaurant: null, remplisvert: null });
  });

  it('asks the map to fit a box, centred on it, as a new request each time', () => {
    const first = run({ type: 'boundsRequested', bounds: lyonBox });
    expect(first.viewRequest).toEqual({
      id: 2,
      center: { latitude: 45.75, longitude: 4.85 },
      zoom: DEFAULT_ZOOM,
      bounds: lyonBox,
    });
    const again = mapReducer(first, { type: 'boundsRequested', bounds: lyonBox });
    expect(again.viewRequest?.id).toBe(3);
    // A later move to a place fits no box.
    const shown = mapReducer(again, { type: 'establishmentShown', establishment: createEstablishment() });
    expect(shown.viewRequest?.bounds).toBeUndefined();
    expect(shown.viewRequest?.zoom).toBe(ESTABLISHMENT_ZOOM);
  });

  it('flies to a town chosen and marks it until the search field says something else', () => {
    const cavaillon = { name: 'Cavaillon', location: { latitude: 43.8375, longitude: 5.0381 } };
    const chosen = run({ type: 'townChosen', town: cavaillon, zoom: 12 });
    expect(chosen.chosenTown).toEqual(cavaillon);
    expect(chosen.viewRequest).toEqual({ id: 2, center: cavaillon.location, zoom: 12 });
    // The map's moves and the filters leave the mark where it is.
    const moved = mapReducer(
      mapReducer(chosen, { type: 'viewChanged', bounds: lyonBox, zoom: 10, center: cavaillon.location }),
      { type: 'filtersCleared' },
    );
    expect(moved.chosenTown).toEqual(cavaillon);
    // The same town given again by the address keeps the state; another, or none, replaces it, with no move.
    const same = { name: 'Cavaillon', location: { ...cavaillon.location } };
    expect(mapReducer(moved, { type: 'townRestored', town: same })).toBe(moved);
    const restored = mapReducer(moved, { type: 'townRestored', town: null });
    expect(restored.chosenTown).toBeNull();
    expect(restored.viewRequest).toBe(moved.viewRequest);
    const left = mapReducer(moved, { type: 'townLeft' });
    expect(left.chosenTown).toBeNull();
    expect(mapReducer(left, { type: 'townLeft' })).toBe(left);
  });

  it('makes the group under the centre current at zoom 9 and drops it below', () => {
    const center = { latitude: 45.76, longitude: 4.84 };
    const zoomedIn = run(
      { type: 'groupsLoaded', groups: [lyonGroup] },
      { type: 'viewChanged', bounds: lyonBox, zoom: 9, center },
    );
    expect(zoomedIn.currentGroup?.name).toBe('Collectif des restaurateurs de Lyon');
    const zoomedOut = mapReducer(zoomedIn, { type: 'viewChanged', bounds: lyonBox, zoom: 8.5, center });
    expect(zoomedOut.currentGroup).toBeNull();
  });

  it('finds the current group when the groups arrive after the map moved', () => {
    const state = run(
      { type: 'viewChanged', bounds: lyonBox, zoom: 11, center: { latitude: 45.76, longitude: 4.84 } },
      { type: 'groupsLoaded', groups: [lyonGroup] },
    );
    expect(state.currentGroup?.id).toBe(lyonGroup.id);
  });

  it('centres on a shown establishment at zoom 16 and keeps it as the current one of its kind', () => {
    const place = createEstablishment({ kind: 'remplisvert' });
    const state = run({ type: 'establishmentShown', establishment: place });
    expect(state.viewRequest).toMatchObject({ center: place.location, zoom: ESTABLISHMENT_ZOOM });
    expect(state.currentEstablishment).toBe(place);
    expect(state.currentEstablishmentByKind).toEqual({ restaurant: null, remplisvert: place });
  });

  it('keeps the current establishment of each kind apart', () => {
    const restaurant = createEstablishment();
    const green = createEstablishment({ uri: 'le-zinc-a-nantes', kind: 'remplisvert' });
    const state = run(
      { type: 'establishmentShown', establishment: restaurant },
      { type: 'establishmentShown', establishment: green },
    );
    expect(state.currentEstablishmentByKind).toEqual({ restaurant, remplisvert: green });
    expect(state.currentEstablishment).toBe(green);
  });

  it('moves the map once when the same establishment is shown twice (map click, then its page)', () => {
    const place = createEstablishment();
    const once = run({ type: 'establishmentShown', establishment: place });
    expect(mapReducer(once, { type: 'establishmentShown', establishment: { ...place } })).toBe(once);
  });

  it('asks for zoom 16 again when a page is opened after the selection was cleared', () => {
    const place = createEstablishment();
    const state = run(
      { type: 'establishmentShown', establishment: place },
      { type: 'selectionCleared' },
      { type: 'establishmentShown', establishment: place },
    );
    expect(state.viewRequest).toMatchObject({ id: 4, zoom: ESTABLISHMENT_ZOOM });
  });

  it('remembers the page visited before the detail pages, for clearing the selection', () => {
    const state = run(
      { type: 'pathVisited', path: '/?q=lyon' },
      { type: 'establishmentShown', establishment: createEstablishment() },
      { type: 'pathVisited', path: '/restaurant/la-marmite-a-lyon' },
      { type: 'pathVisited', path: '/restaurant/autre-a-lyon' },
    );
    expect(state.previousPath).toBe('/?q=lyon');
  });

  it('has no previous path when the visit started on a detail page', () => {
    const state = run({ type: 'pathVisited', path: '/restaurant/la-marmite-a-lyon' });
    expect(state.previousPath).toBeNull();
  });

  it('clears the selection of its kind only', () => {
    const restaurant = createEstablishment();
    const green = createEstablishment({ uri: 'le-zinc-a-nantes', kind: 'remplisvert' });
    const state = run(
      { type: 'establishmentShown', establishment: restaurant },
      { type: 'establishmentShown', establishment: green },
      { type: 'selectionCleared' },
    );
    expect(state.currentEstablishment).toBeNull();
    expect(state.currentEstablishmentByKind).toEqual({ restaurant, remplisvert: null });
  });

  it('ends the selection when the visitor leaves the detail pages another way', () => {
    const state = run(
      { type: 'establishmentShown', establishment: createEstablishment() },
      { type: 'pathVisited', path: '/restaurant/la-marmite-a-lyon' },
      { type: 'pathVisited', path: '/' },
    );
    expect(state.currentEstablishment).toBeNull();
  });

  it('puts the map page back as it was when the visitor goes back from a detail page', () => {
    const lyon = { latitude: 45.75, longitude: 4.85 };
    const place = createEstablishment();
    const onDetail = run(
      { type: 'pathVisited', path: '/', historyIndex: 0 },
      { type: 'viewChanged', bounds: lyonBox, zoom: 12.5, center: lyon },
      { type: 'listLimitRaised' },
      { type: 'listScrolled', top: 840 },
      { type: 'highlighted', establishment: place },
      { type: 'establishmentShown', establishment: place },
      { type: 'pathVisited', path: '/restaurant/la-marmite-a-lyon', historyIndex: 1 },
      // The map flies to the place: the detail page's own view.
      { type: 'viewChanged', bounds: lyonBox, zoom: 16, center: place.location },
    );
    expect(onDetail.highlighted).toBeNull();
    expect(onDetail.historyPaths).toEqual({ 0: '/', 1: '/restaurant/la-marmite-a-lyon' });
    const back = mapReducer(onDetail, { type: 'pathVisited', path: '/', historyIndex: 0 });
    expect(back.currentEstablishment).toBeNull();
    expect(back).toMatchObject({ zoom: 12.5, center: lyon, bounds: lyonBox, listScrollTop: 840 });
    expect(back.listLimit).toBe(2 * LIST_PAGE_SIZE);
    // At once, not flown to.
    expect(back.viewRequest).toMatchObject({ center: lyon, zoom: 12.5, instant: true });
    expect(back.lastClosed).toBe(place.uri);
    // The map's report of that view keeps the list and its box.
    const reported = mapReducer(back, {
      type: 'viewChanged',
      bounds: { ...lyonBox },
      zoom: 12.500001,
      center: { latitude: 45.7500001, longitude: 4.8500001 },
    });
    expect(reported.bounds).toBe(lyonBox);
    expect(reported.listLimit).toBe(2 * LIST_PAGE_SIZE);
    // A move of the visitor's afterwards starts the list again.
    const moved = mapReducer(reported, { type: 'viewChanged', bounds: lyonBox, zoom: 13, center: lyon });
    expect(moved.listLimit).toBe(LIST_PAGE_SIZE);
  });

  it('keeps the list’s length when the same filters are given again, and starts it again on new ones', () => {
    const longer = run(
      { type: 'filtersChanged', filters: { query: 'lyon' } },
      { type: 'listLimitRaised' },
      // The search field gives its text again when the map page comes back.
      { type: 'filtersChanged', filters: { query: 'lyon' } },
    );
    expect(longer.listLimit).toBe(2 * LIST_PAGE_SIZE);
    expect(mapReducer(longer, { type: 'filtersChanged', filters: { openNow: true } }).listLimit).toBe(
      LIST_PAGE_SIZE,
    );
  });

  it('keeps the view to go back to while the visitor goes from one place to another', () => {
    const lyon = { latitude: 45.75, longitude: 4.85 };
    const state = run(
      { type: 'viewChanged', bounds: lyonBox, zoom: 12, center: lyon },
      { type: 'establishmentShown', establishment: createEstablishment() },
      { type: 'viewChanged', bounds: lyonBox, zoom: 16, center: createEstablishment().location },
      { type: 'establishmentShown', establishment: createEstablishment({ uri: 'autre' }) },
      { type: 'selectionCleared' },
    );
    expect(state).toMatchObject({ zoom: 12, center: lyon, returnView: null });
  });

  it('shows the streets around a place opened directly when its page is closed', () => {
    const place = createEstablishment();
    const state = run(
      { type: 'establishmentShown', establishment: place },
      { type: 'viewChanged', bounds: lyonBox, zoom: 16, center: place.location },
      { type: 'selectionCleared' },
    );
    expect(state.viewRequest).toMatchObject({ center: place.location, zoom: RETURN_ZOOM, instant: true });
    expect(state.listScrollTop).toBe(0);
  });

  it('takes every filter off with « Retirer les filtres », dish categories, search and « Mes favoris » included', () => {
    const state = run(
      {
        type: 'filtersChanged',
        filters: { query: 'crêpes', openNow: true, kinds: ['restaurant'], favorites: true },
      },
      { type: 'categoriesChanged', categories: ['c1'], names: { c1: 'Crêpes' } },
    );
    expect(state.categoryNames).toEqual({ c1: 'Crêpes' });
    const cleared = mapReducer(state, { type: 'filtersCleared' });
    expect(cleared.categories).toEqual([]);
    expect(cleared.filters).toEqual({
      query: '',
      openNow: false,
      kinds: [],
      venueTypes: [],
      favorites: false,
    });
  });

  it('forgets the covered areas and boards when the categories change', () => {
    const fetched = answered(run(lyonView));
    expect(fetched.surroundingMenuBoards.map((b) => b.id)).toEqual(['b1']);
    const state = mapReducer(fetched, { type: 'categoriesChanged', categories: ['c1'] });
    expect(state.coveredAreas).toEqual([]);
    expect(state.surroundingMenuBoards).toEqual([]);
  });

  it.each<[string, MapAction]>([
    ['categories', { type: 'categoriesChanged', categories: ['c1'] }],
    [
      'dish filters',
      { type: 'dishFiltersChanged', dishFilters: { ...NO_DISH_FILTERS, excludeAllergens: ['gluten'] } },
    ],
  ])('drops an answer for %s no longer chosen, and asks again with them', (_changed, change) => {
    const asking = run(lyonView);
    const request = asking.boardsRequest!;
    // One ask at a time: the change waits for the answer on its way.
    expect(mapReducer(asking, change).boardsRequest).toBe(request);
    const state = answered(mapReducer(asking, change));
    expect(state.surroundingMenuBoards).toEqual([]);
    expect(state.coveredAreas).toEqual([]);
    expect(state.boardsRequest).not.toBe(request);
    expect(state.boardsRequest).toMatchObject({ bounds: lyonBox });
  });

  it('forgets the covered areas and boards when the dish filters change, not the list of places', () => {
    const fetched = answered(run(lyonView, { type: 'listLimitRaised' }));
    const vegan = { ...NO_DISH_FILTERS, diets: ['vegan' as const] };
    const state = mapReducer(fetched, { type: 'dishFiltersChanged', dishFilters: vegan });
    expect(state.dishFilters).toEqual(vegan);
    expect(state.coveredAreas).toEqual([]);
    expect(state.surroundingMenuBoards).toEqual([]);
    expect(state.listLimit).toBe(LIST_PAGE_SIZE * 2);
    // The same filters again (a new object) change nothing.
    expect(mapReducer(state, { type: 'dishFiltersChanged', dishFilters: { ...vegan } })).toBe(state);
  });

  it('takes the dish filters off with « Retirer les filtres »', () => {
    const state = run({
      type: 'dishFiltersChanged',
      dishFilters: { excludeAllergens: ['milk'], diets: ['halal'], homemade: true },
    });
    expect(mapReducer(state, { type: 'filtersCleared' }).dishFilters).toEqual(NO_DISH_FILTERS);
  });

  it('keeps the highlighted establishment with its place, the same state for the same one', () => {
    const marmite = createEstablishment();
    const state = run({ type: 'highlighted', establishment: marmite });
    expect(state.highlighted).toEqual(marmite);
    // Hovered again (a new object for the same place): nothing changes, nothing re-renders.
    expect(mapReducer(state, { type: 'highlighted', establishment: { ...marmite } })).toBe(state);
    expect(mapReducer(state, { type: 'highlighted', establishment: null }).highlighted).toBeNull();
  });

  it('keeps the last count of establishments, and the feed wanted once it is', () => {
    const state = run({ type: 'totalKnown', total: 200_000 });
    expect(state.mapTotal).toBe(200_000);
    expect(mapReducer(state, { type: 'totalKnown', total: 200_000 })).toBe(state);
    const wanted = mapReducer(state, { type: 'feedWanted' });
    expect(wanted.feedWanted).toBe(true);
    expect(mapReducer(wanted, { type: 'feedWanted' })).toBe(wanted);
    expect(createInitialMapState()).toMatchObject({ mapTotal: null, feedWanted: false, highlighted: null });
  });
});

describe('when the surrounding menu boards are asked for', () => {
  const center = { latitude: 45.75, longitude: 4.85 };
  const inside: Bounds = {
    southWest: { latitude: 45.72, longitude: 4.82 },
    northEast: { latitude: 45.78, longitude: 4.88 },
  };
  const east: Bounds = {
    southWest: { latitude: 45.7, longitude: 5.0 },
    northEast: { latitude: 45.8, longitude: 5.1 },
  };

  it('asks for the visible box once, then not again inside it', () => {
    const asking = run(lyonView);
    expect(asking.boardsRequest).toEqual({ bounds: lyonBox, categories: [], dishFilters: NO_DISH_FILTERS });
    const fetched = answered(asking);
    expect(fetched.boardsRequest).toBeNull();
    const state = mapReducer(fetched, { type: 'viewChanged', bounds: inside, zoom: 11, center });
    expect(state.boardsRequest).toBeNull();
    expect(state.surroundingMenuBoards.map((b) => b.id)).toEqual(['b1']);
  });

  it('asks one box at a time, and for the view the map moved to once the answer came', () => {
    const asking = run(lyonView);
    const moved = mapReducer(asking, { type: 'viewChanged', bounds: east, zoom: 10, center });
    expect(moved.boardsRequest).toBe(asking.boardsRequest);
    expect(answered(moved).boardsRequest).toEqual({
      bounds: east,
      categories: [],
      dishFilters: NO_DISH_FILTERS,
    });
  });

  it('waits for the next move after a failure, and takes no answer but the one awaited', () => {
    const asking = run(lyonView);
    const request = asking.boardsRequest!;
    const moved = mapReducer(asking, { type: 'viewChanged', bounds: east, zoom: 10, center });
    const failed = mapReducer(moved, { type: 'refreshFailed', request });
    expect(failed.boardsRequest).toBeNull();
    expect(failed.coveredAreas).toEqual([]);
    // A second report of the same failure, or of an answer no longer awaited, changes nothing.
    expect(mapReducer(failed, { type: 'refreshFailed', request })).toBe(failed);
    expect(mapReducer(failed, { type: 'refreshSucceeded', request, menuBoards: [] })).toBe(failed);
    expect(mapReducer(failed, lyonView).boardsRequest).toEqual(request);
  });

  it('asks with the categories and dish filters, and again when they change', () => {
    const dishFilters = { excludeAllergens: ['gluten' as const], diets: ['vegan' as const], homemade: true };
    const fetched = answered(run({ type: 'categoriesChanged', categories: ['c1'] }, lyonView));
    const state = mapReducer(fetched, { type: 'dishFiltersChanged', dishFilters });
    expect(state.boardsRequest).toEqual({ bounds: lyonBox, categories: ['c1'], dishFilters });
  });

  it('does not ask below zoom 9', () => {
    expect(run({ ...lyonView, zoom: 8 } as MapAction).boardsRequest).toBeNull();
  });
});
