import type { Bounds, LatLng } from '@tables-voisines/contract/geo';
import type { Group } from '@tables-voisines/contract/schemas/group';
import type { Kind } from '@tables-voisines/contract/schemas/establishment';
import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import type { MultiPolygon } from 'polygon-clipping';
import {
  NO_DISH_FILTERS,
  NO_FILTERS,
  sameDishFilters,
  type DishOnlyFilters,
  type MapFilters,
} from './map-filter-state';
import {
  DEFAULT_POSITION,
  DEFAULT_ZOOM,
  ESTABLISHMENT_ZOOM,
  METROPOLITAN_FRANCE,
  RETURN_ZOOM,
  addCoveredArea,
  decideSurroundingFetch,
  findCurrentGroup,
  isEstablishmentPath,
  nextPreviousPath,
  type MapEstablishment,
} from './map-rules';

/** The map's view (bounds, zoom, groups, boards, covered areas) and what keeps its list and the map in step. */
/** What the list says of a search or filters that leave nothing in view (`emptyResult`). */
export interface EmptyNotice {
  text: string;
  detail: string | null;
}

export interface MapViewState {
  mapInitialized: boolean;
  groups: readonly Group[];
  currentGroup: Group | null;
  /**
   * The group an embedded map shows (`/integrer/carte?groupe=`): always the current group, whatever the
   * zoom and centre; `null` on the site, where the current group is the one under the map's centre.
   */
  fixedGroup: Group | null;
  bounds: Bounds | null;
  zoom: number;
  /** The map's centre as last reported by the map. */
  center: LatLng;
  /**
   * The town last chosen in the search field: the field keeps its name and the map marks where it is, until
   * the field says something else (issue 49, point 5).
   */
  chosenTown: ChosenTown | null;
  defaultPosition: LatLng;
  /**
   * The box and filters whose boards are being asked for (`useSurroundingMenuBoards` asks with TanStack
   * Query), one at a time; `null` when none is. Set here whenever the view or the filters change, or an
   * answer came, and the rules say to fetch (`decideSurroundingFetch`).
   */
  boardsRequest: BoardsRequest | null;
  currentEstablishment: MapEstablishment | null;
  /** The current establishment of each kind (restaurant, remplis vert). */
  currentEstablishmentByKind: Readonly<Record<Kind, MapEstablishment | null>>;
  previousPath: string | null;
  /** Today's boards around, as the server answered them for `categories` and `dishFilters` (each dish `matches`). */
  surroundingMenuBoards: readonly SurroundingMenuBoard[];
  coveredAreas: MultiPolygon;
  /** Category ids restricting the surrounding menu boards; empty: every category. */
  categories: readonly string[];
  /** « Sans… » an allergen, diets, fait maison: they restrict the surrounding menu boards as categories do. */
  dishFilters: DishOnlyFilters;
  /**
   * A move the map must make (detail page, list click); `id` grows so the same target can be asked twice.
   * With `bounds`, the map fits that box (closer than ESTABLISHMENT_ZOOM at most) instead of `zoom`.
   */
  viewRequest: { id: number; center: LatLng; zoom: number; bounds?: Bounds; instant?: boolean } | null;
  /** The establishment hovered or focused in the list (or on the map), highlighted on the map. */
  highlighted: MapEstablishment | null;
  /** Every public establishment, as the server last counted them (its lists and clusters); `null` before. */
  mapTotal: number | null;
  /**
   * The whole map feed has been wanted once (`wantsFeed`): a filter, a search, a small map or the server's
   * answers failing. It is then kept for the visit.
   */
  feedWanted: boolean;
  /**
   * « Autour de moi » failed: the browser refused the location (`refused`) or could not find it
   * (`unavailable`); the map says so and offers the town search. `null` once closed or after a success.
   */
  locationProblem: 'refused' | 'unavailable' | null;
  /**
   * A search or filters that leave nothing in view: what the list says (its status line and the line
   * after), also said over the map on a phone, where the list's sheet hides it (issue 49). `null` otherwise.
   */
  emptyNotice: EmptyNotice | null;
  /** Text search, opening, kind and venue type filters, applied to the map and the list alike. */
  filters: MapFilters;
  /**
   * The uris of the places this browser follows, as « Mes favoris » last read them from the browser's list
   * (features/follow): what that chip keeps on the map and in the list.
   */
  followedUris: readonly string[];
  /** The names of the categories chosen (`categories`), for their chips: shown whenever they filter. */
  categoryNames: Readonly<Record<string, string>>;
  /**
   * The map page's view when a detail page was opened from it: leaving the detail pages (Back, ×) puts the
   * map back there. `null` when the visit started on a detail page.
   */
  returnView: SavedView | null;
  /** The view was just put back: the map's report of the same view keeps the list as it was. */
  restoring: boolean;
  /** How many places the list shows ("Afficher 30 de plus"), kept across the detail pages. */
  listLimit: number;
  /** How far the list was scrolled, put back when the map page comes back. */
  listScrollTop: number;
  /** The establishment whose page was left last: the list gives the focus back to its card. */
  lastClosed: string | null;
  /** The path of each history entry seen in this visit, by React Router's index: what × goes back to. */
  historyPaths: Readonly<Record<number, string>>;
}

/** One ask for today's boards around: the box, and the categories and dish filters that narrow them. */
export interface BoardsRequest {
  bounds: Bounds;
  categories: readonly string[];
  dishFilters: DishOnlyFilters;
}

export interface ChosenTown {
  name: string;
  location: LatLng;
}

export interface SavedView {
  center: LatLng;
  zoom: number;
  bounds: Bounds | null;
}

/** Places the list shows at first, and more each time it is asked. */
export const LIST_PAGE_SIZE = 30;

export function createInitialMapState(): MapViewState {
  return {
    mapInitialized: false,
    groups: [],
    currentGroup: null,
    fixedGroup: null,
    bounds: null,
    zoom: DEFAULT_ZOOM,
    center: DEFAULT_POSITION,
    chosenTown: null,
    defaultPosition: DEFAULT_POSITION,
    boardsRequest: null,
    currentEstablishment: null,
    currentEstablishmentByKind: { restaurant: null, remplisvert: null },
    previousPath: null,
    surroundingMenuBoards: [],
    coveredAreas: [],
    categories: [],
    dishFilters: NO_DISH_FILTERS,
    // The first view: all of metropolitan France, whatever the screen (a fixed zoom left Brittany or
    // Corsica out on a phone).
    viewRequest: { id: 1, center: DEFAULT_POSITION, zoom: DEFAULT_ZOOM, bounds: METROPOLITAN_FRANCE },
    highlighted: null,
    mapTotal: null,
    feedWanted: false,
    locationProblem: null,
    emptyNotice: null,
    filters: NO_FILTERS,
    followedUris: [],
    categoryNames: {},
    returnView: null,
    restoring: false,
    listLimit: LIST_PAGE_SIZE,
    listScrollTop: 0,
    lastClosed: null,
    historyPaths: {},
  };
}

export type MapAction =
  | { type: 'mapInitialized' }
  | { type: 'groupsLoaded'; groups: readonly Group[] }
  | { type: 'viewChanged'; bounds: Bounds; zoom: number; center: LatLng }
  | { type: 'viewRequested'; center: LatLng; zoom: number }
  /** A town chosen in the search field: the map flies there at `zoom` and marks it. */
  | { type: 'townChosen'; town: ChosenTown; zoom: number }
  /** The search field no longer shows the town's name: its mark goes. */
  | { type: 'townLeft' }
  /** The town an address gives (a shared link, Back): marked, without a move of its own. */
  | { type: 'townRestored'; town: ChosenTown | null }
  | { type: 'boundsRequested'; bounds: Bounds }
  | { type: 'establishmentShown'; establishment: MapEstablishment }
  | { type: 'selectionCleared' }
  | { type: 'pathVisited'; path: string; historyIndex?: number }
  /** The boards of `request` came (any other answer is not the one awaited, and changes nothing). */
  | { type: 'refreshSucceeded'; request: BoardsRequest; menuBoards: readonly SurroundingMenuBoard[] }
  /** Asking for the boards of `request` failed: the next move or filter asks again. */
  | { type: 'refreshFailed'; request: BoardsRequest }
  | { type: 'categoriesChanged'; categories: readonly string[]; names?: Readonly<Record<string, string>> }
  | { type: 'dishFiltersChanged'; dishFilters: DishOnlyFilters }
  | { type: 'highlighted'; establishment: MapEstablishment | null }
  | { type: 'totalKnown'; total: number }
  | { type: 'feedWanted' }
  | { type: 'locationFailed'; problem: 'refused' | 'unavailable' | null }
  | { type: 'emptyNoticeChanged'; notice: EmptyNotice | null }
  | { type: 'filtersChanged'; filters: Partial<MapFilters> }
  | { type: 'filtersCleared' }
  /** The browser's list of followed places, read by « Mes favoris ». */
  | { type: 'followedKnown'; uris: readonly string[] }
  | { type: 'listLimitRaised' }
  | { type: 'listScrolled'; top: number };

/** The same view, as the map reports it again after being put there (its float digits aside). */
function sameView(a: { center: LatLng; zoom: number }, b: { center: LatLng; zoom: number }): boolean {
  return (
    Math.abs(a.zoom - b.zoom) < 0.01 &&
    Math.abs(a.center.latitude - b.center.latitude) < 1e-5 &&
    Math.abs(a.center.longitude - b.center.longitude) < 1e-5
  );
}

const sameTown = (a: ChosenTown | null, b: ChosenTown | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.name === b.name &&
    Math.abs(a.location.latitude - b.location.latitude) < 1e-5 &&
    Math.abs(a.location.longitude - b.location.longitude) < 1e-5);

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i]);

const sameFilters = (a: MapFilters, b: MapFilters): boolean =>
  a.query === b.query &&
  a.openNow === b.openNow &&
  a.favorites === b.favorites &&
  sameIds(a.kinds, b.kinds) &&
  sameIds(a.venueTypes, b.venueTypes);

function mergeBoards(
  known: readonly SurroundingMenuBoard[],
  fetched: readonly SurroundingMenuBoard[],
): readonly SurroundingMenuBoard[] {
  if (fetched.length === 0) return known;
  const byId = new Map(known.map((b) => [b.id, b]));
  for (const b of fetched) byId.set(b.id, b);
  return [...byId.values()];
}

/**
 * The next ask for today's boards around, once the view, the categories or the dish filters changed, or an
 * answer came (the map may have moved while it was on its way): when the rules say to fetch. After a
 * failure nothing is asked until the next change, so a server that is down is not hammered.
 */
function withBoardsRequest(before: MapViewState, after: MapViewState, answered: boolean): MapViewState {
  const changed =
    after.bounds !== before.bounds ||
    after.categories !== before.categories ||
    after.dishFilters !== before.dishFilters;
  if (!changed && !answered) return after;
  const { bounds, zoom, coveredAreas, categories, dishFilters } = after;
  const refreshInProgress = after.boardsRequest !== null;
  const decision = decideSurroundingFetch({ zoom, bounds, coveredAreas, refreshInProgress });
  if (decision !== 'fetch' || bounds === null) return after;
  return { ...after, boardsRequest: { bounds, categories, dishFilters } };
}

export function mapReducer(state: MapViewState, action: MapAction): MapViewState {
  const next = reduceMap(state, action);
  return next === state ? state : withBoardsRequest(state, next, action.type === 'refreshSucceeded');
}

function reduceMap(state: MapViewState, action: MapAction): MapViewState {
  switch (action.type) {
    case 'mapInitialized':
      return state.mapInitialized ? state : { ...state, mapInitialized: true };
    case 'groupsLoaded':
      return {
        ...state,
        groups: action.groups,
        currentGroup: state.fixedGroup ?? findCurrentGroup(action.groups, state.center, state.zoom),
      };
    case 'viewChanged': {
      // The map's report of the view just put back (Back, ×): the list stays as it was, scroll and all.
      // The state's box is kept, not the map's own of the same view: its last digits differ, which would
      // ask the server for the list again.
      if (state.restoring && sameView(state, action)) return { ...state, restoring: false };
      const currentGroup = state.fixedGroup ?? findCurrentGroup(state.groups, action.center, action.zoom);
      // A new view of the map page starts the list again at its first page; a detail page's moves leave
      // the map page's list alone.
      const listLimit =
        state.currentEstablishment === null && !sameView(state, action) ? LIST_PAGE_SIZE : state.listLimit;
      return {
        ...state,
        bounds: action.bounds,
        zoom: action.zoom,
        center: action.center,
        // Keep the same object when the group did not change, so its subscribers do not re-render.
        currentGroup: currentGroup?.id === state.currentGroup?.id ? state.currentGroup : currentGroup,
        restoring: false,
        listLimit,
      };
    }
    case 'viewRequested':
      return {
        ...state,
        viewRequest: { id: (state.viewRequest?.id ?? 0) + 1, center: action.center, zoom: action.zoom },
      };
    case 'townChosen':
      return {
        ...reduceMap(state, { type: 'viewRequested', center: action.town.location, zoom: action.zoom }),
        chosenTown: action.town,
      };
    case 'townLeft':
      return state.chosenTown === null ? state : { ...state, chosenTown: null };
    case 'townRestored':
      return sameTown(state.chosenTown, action.town) ? state : { ...state, chosenTown: action.town };
    case 'boundsRequested': {
      const { northEast, southWest } = action.bounds;
      return {
        ...state,
        viewRequest: {
          id: (state.viewRequest?.id ?? 0) + 1,
          center: {
            latitude: (northEast.latitude + southWest.latitude) / 2,
            longitude: (northEast.longitude + southWest.longitude) / 2,
          },
          zoom: state.zoom,
          bounds: action.bounds,
        },
      };
    }
    case 'establishmentShown': {
      const e = action.establishment;
      // The same establishment shown again (the map click, then its page mounting) must not move the map
      // a second time once the visitor has started panning around it.
      if (state.currentEstablishment?.uri === e.uri) return state;
      return {
        ...state,
        currentEstablishment: e,
        currentEstablishmentByKind: { ...state.currentEstablishmentByKind, [e.kind]: e },
        // From the map page (not from another detail page): the view to come back to. Before the map has
        // ever reported its view (a detail page opened directly) there is none.
        returnView:
          state.currentEstablishment !== null || state.returnView !== null
            ? state.returnView
            : state.bounds === null
              ? null
              : { center: state.center, zoom: state.zoom, bounds: state.bounds },
        highlighted: null,
        viewRequest: {
          id: (state.viewRequest?.id ?? 0) + 1,
          center: e.location,
          zoom: ESTABLISHMENT_ZOOM,
        },
      };
    }
    case 'selectionCleared': {
      const current = state.currentEstablishment;
      if (current === null) return state;
      // Back where the visitor was on the map page, at once (no flight over the country), or around the
      // place when the visit started on its page.
      const back: SavedView = state.returnView ?? {
        center: current.location,
        zoom: RETURN_ZOOM,
        bounds: null,
      };
      return {
        ...state,
        currentEstablishment: null,
        currentEstablishmentByKind: { ...state.currentEstablishmentByKind, [current.kind]: null },
        returnView: null,
        lastClosed: current.uri,
        highlighted: null,
        viewRequest: {
          id: (state.viewRequest?.id ?? 0) + 1,
          center: back.center,
          zoom: back.zoom,
          instant: true,
        },
        ...(back.bounds === null
          ? { restoring: false, listLimit: LIST_PAGE_SIZE, listScrollTop: 0 }
          : { center: back.center, zoom: back.zoom, bounds: back.bounds, restoring: true }),
      };
    }
    case 'pathVisited': {
      const previousPath = nextPreviousPath(state.previousPath, action.path);
      const historyPaths =
        action.historyIndex === undefined || state.historyPaths[action.historyIndex] === action.path
          ? state.historyPaths
          : { ...state.historyPaths, [action.historyIndex]: action.path };
      // Leaving the detail pages (back button, a link) ends the selection like clearing it does.
      const leftDetail = !isEstablishmentPath(action.path) && state.currentEstablishment !== null;
      if (previousPath === state.previousPath && !leftDetail && historyPaths === state.historyPaths) {
        return state;
      }
      const next = leftDetail ? reduceMap(state, { type: 'selectionCleared' }) : state;
      return { ...next, previousPath, historyPaths };
    }
    case 'refreshSucceeded': {
      const { request } = action;
      if (request !== state.boardsRequest) return state;
      // An answer for categories or dish filters no longer chosen would fill the covered areas wrongly: drop it.
      if (
        !sameIds(request.categories, state.categories) ||
        !sameDishFilters(request.dishFilters, state.dishFilters)
      ) {
        return { ...state, boardsRequest: null };
      }
      return {
        ...state,
        boardsRequest: null,
        coveredAreas: addCoveredArea(state.coveredAreas, request.bounds),
        surroundingMenuBoards: mergeBoards(state.surroundingMenuBoards, action.menuBoards),
      };
    }
    case 'refreshFailed':
      return action.request === state.boardsRequest ? { ...state, boardsRequest: null } : state;
    case 'categoriesChanged': {
      const categoryNames = { ...state.categoryNames, ...action.names };
      if (sameIds(action.categories, state.categories)) return { ...state, categoryNames };
      // Other categories: what was covered no longer is.
      return {
        ...state,
        categories: action.categories,
        categoryNames,
        coveredAreas: [],
        surroundingMenuBoards: [],
        listLimit: LIST_PAGE_SIZE,
      };
    }
    case 'dishFiltersChanged':
      if (sameDishFilters(action.dishFilters, state.dishFilters)) return state;
      // Other dish filters: what was covered no longer is. The list of establishments stays as it is.
      return { ...state, dishFilters: action.dishFilters, coveredAreas: [], surroundingMenuBoards: [] };
    case 'filtersChanged': {
      const filters = { ...state.filters, ...action.filters };
      // The same filters given again (the search field does when the map page comes back) keep the list.
      if (sameFilters(filters, state.filters)) return state;
      return { ...state, filters, listLimit: LIST_PAGE_SIZE };
    }
    case 'filtersCleared': {
      // Everything the panel narrows the map with: the chips, the dish categories and filters, the search.
      const cleared = reduceMap(reduceMap(state, { type: 'categoriesChanged', categories: [] }), {
        type: 'dishFiltersChanged',
        dishFilters: NO_DISH_FILTERS,
      });
      return { ...cleared, filters: NO_FILTERS, listLimit: LIST_PAGE_SIZE };
    }
    case 'followedKnown':
      return sameIds(state.followedUris, action.uris) ? state : { ...state, followedUris: action.uris };
    case 'listLimitRaised':
      return { ...state, listLimit: state.listLimit + LIST_PAGE_SIZE };
    case 'listScrolled':
      return state.listScrollTop === action.top ? state : { ...state, listScrollTop: action.top };
    case 'highlighted':
      return state.highlighted?.uri === action.establishment?.uri
        ? state
        : { ...state, highlighted: action.establishment };
    case 'totalKnown':
      return state.mapTotal === action.total ? state : { ...state, mapTotal: action.total };
    case 'feedWanted':
      return state.feedWanted ? state : { ...state, feedWanted: true };
    case 'locationFailed':
      return state.locationProblem === action.problem ? state : { ...state, locationProblem: action.problem };
    case 'emptyNoticeChanged':
      return state.emptyNotice?.text === action.notice?.text &&
        state.emptyNotice?.detail === action.notice?.detail
        ? state
        : { ...state, emptyNotice: action.notice };
  }
}
