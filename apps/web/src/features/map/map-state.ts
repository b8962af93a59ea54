import type { Bounds, LatLng } from '@tables-voisines/contract/geo';
import type { Group } from '@tables-voisines/contract/schemas/group';
import type { Kind } from '@tables-voisines/contract/schemas/establishment';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import type { MultiPolygon } from 'polygon-clipping';
import { NO_FILTERS, type MapFilters } from './map-filters';
import {
  DEFAULT_POSITION,
  DEFAULT_ZOOM,
  ESTABLISHMENT_ZOOM,
  addCoveredArea,
  findCurrentGroup,
  isEstablishmentPath,
  nextPreviousPath,
  type MapEstablishment,
} from './map-rules';

/** The map view state of the specification (§3), plus what the page needs to keep the list and the map in step. */
export interface MapViewState {
  mapInitialized: boolean;
  groups: readonly Group[];
  currentGroup: Group | null;
  bounds: Bounds | null;
  zoom: number;
  /** The map's centre as last reported by the map. */
  center: LatLng;
  defaultPosition: LatLng;
  refreshInProgress: boolean;
  currentEstablishment: MapEstablishment | null;
  /** The current establishment of each kind (restaurant, remplis vert). */
  currentEstablishmentByKind: Readonly<Record<Kind, MapEstablishment | null>>;
  previousPath: string | null;
  surroundingMenuBoards: readonly MenuBoard[];
  coveredAreas: MultiPolygon;
  /** Category ids restricting the surrounding menu boards; empty: every category. */
  categories: readonly string[];
  /**
   * A move the map must make (detail page, list click); `id` grows so the same target can be asked twice.
   * With `bounds`, the map fits that box (closer than ESTABLISHMENT_ZOOM at most) instead of `zoom`.
   */
  viewRequest: { id: number; center: LatLng; zoom: number; bounds?: Bounds } | null;
  /** The establishment hovered or focused in the list (or on the map), highlighted on the map. */
  highlighted: MapEstablishment | null;
  /** Every public establishment, as the server last counted them (its lists and clusters); `null` before. */
  mapTotal: number | null;
  /**
   * The whole map feed has been wanted once (`wantsFeed`): a filter, a search, a small map or the server's
   * answers failing. It is then kept for the visit.
   */
  feedWanted: boolean;
  /** Text search, opening, kind and venue type filters, applied to the map and the list alike. */
  filters: MapFilters;
}

export function createInitialMapState(): MapViewState {
  return {
    mapInitialized: false,
    groups: [],
    currentGroup: null,
    bounds: null,
    zoom: DEFAULT_ZOOM,
    center: DEFAULT_POSITION,
    defaultPosition: DEFAULT_POSITION,
    refreshInProgress: false,
    currentEstablishment: null,
    currentEstablishmentByKind: { restaurant: null, remplisvert: null },
    previousPath: null,
    surroundingMenuBoards: [],
    coveredAreas: [],
    categories: [],
    viewRequest: null,
    highlighted: null,
    mapTotal: null,
    feedWanted: false,
    filters: NO_FILTERS,
  };
}

export type MapAction =
  | { type: 'mapInitialized' }
  | { type: 'groupsLoaded'; groups: readonly Group[] }
  | { type: 'viewChanged'; bounds: Bounds; zoom: number; center: LatLng }
  | { type: 'viewRequested'; center: LatLng; zoom: number }
  | { type: 'boundsRequested'; bounds: Bounds }
  | { type: 'establishmentShown'; establishment: MapEstablishment }
  | { type: 'selectionCleared' }
  | { type: 'pathVisited'; path: string }
  | { type: 'refreshStarted' }
  | {
      type: 'refreshSucceeded';
      bounds: Bounds;
      categories: readonly string[];
      menuBoards: readonly MenuBoard[];
    }
  | { type: 'refreshFailed' }
  | { type: 'categoriesChanged'; categories: readonly string[] }
  | { type: 'highlighted'; establishment: MapEstablishment | null }
  | { type: 'totalKnown'; total: number }
  | { type: 'feedWanted' }
  | { type: 'filtersChanged'; filters: Partial<MapFilters> };

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i]);

function mergeBoards(known: readonly MenuBoard[], fetched: readonly MenuBoard[]): readonly MenuBoard[] {
  if (fetched.length === 0) return known;
  const byId = new Map(known.map((b) => [b.id, b]));
  for (const b of fetched) byId.set(b.id, b);
  return [...byId.values()];
}

export function mapReducer(state: MapViewState, action: MapAction): MapViewState {
  switch (action.type) {
    case 'mapInitialized':
      return state.mapInitialized ? state : { ...state, mapInitialized: true };
    case 'groupsLoaded':
      return {
        ...state,
        groups: action.groups,
        currentGroup: findCurrentGroup(action.groups, state.center, state.zoom),
      };
    case 'viewChanged': {
      const currentGroup = findCurrentGroup(state.groups, action.center, action.zoom);
      return {
        ...state,
        bounds: action.bounds,
        zoom: action.zoom,
        center: action.center,
        // Keep the same object when the group did not change, so its subscribers do not re-render.
        currentGroup: currentGroup?.id === state.currentGroup?.id ? state.currentGroup : currentGroup,
      };
    }
    case 'viewRequested':
      return {
        ...state,
        viewRequest: { id: (state.viewRequest?.id ?? 0) + 1, center: action.center, zoom: action.zoom },
      };
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
      return {
        ...state,
        currentEstablishment: null,
        currentEstablishmentByKind: { ...state.currentEstablishmentByKind, [current.kind]: null },
      };
    }
    case 'pathVisited': {
      const previousPath = nextPreviousPath(state.previousPath, action.path);
      // Leaving the detail pages (back button, a link) ends the selection like clearing it does.
      const leftDetail = !isEstablishmentPath(action.path) && state.currentEstablishment !== null;
      if (previousPath === state.previousPath && !leftDetail) return state;
      return leftDetail
        ? { ...mapReducer(state, { type: 'selectionCleared' }), previousPath }
        : { ...state, previousPath };
    }
    case 'refreshStarted':
      return { ...state, refreshInProgress: true };
    case 'refreshSucceeded':
      // An answer for categories that are no longer chosen would fill the covered areas wrongly: drop it.
      if (!sameIds(action.categories, state.categories)) return { ...state, refreshInProgress: false };
      return {
        ...state,
        refreshInProgress: false,
        coveredAreas: addCoveredArea(state.coveredAreas, action.bounds),
        surroundingMenuBoards: mergeBoards(state.surroundingMenuBoards, action.menuBoards),
      };
    case 'refreshFailed':
      return { ...state, refreshInProgress: false };
    case 'categoriesChanged':
      if (sameIds(action.categories, state.categories)) return state;
      // Other categories: what was covered no longer is.
      return { ...state, categories: action.categories, coveredAreas: [], surroundingMenuBoards: [] };
    case 'filtersChanged':
      return { ...state, filters: { ...state.filters, ...action.filters } };
    case 'highlighted':
      return state.highlighted?.uri === action.establishment?.uri
        ? state
        : { ...state, highlighted: action.establishment };
    case 'totalKnown':
      return state.mapTotal === action.total ? state : { ...state, mapTotal: action.total };
    case 'feedWanted':
      return state.feedWanted ? state : { ...state, feedWanted: true };
  }
}
