import type { Bounds, LatLng } from '@tables-voisines/contract/geo';
import { distanceKm } from '@tables-voisines/contract/geo';
import { openingStatus } from '@tables-voisines/contract/opening-hours';
import {
  ALLERGENS,
  allergenFreeLabel,
  DIET_LABELS,
  DIETS,
  HOMEMADE_LABEL,
  type Allergen,
  type Diet,
} from '@tables-voisines/contract/dishes';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import quickselect from 'quickselect';
import { isInsideBounds } from './map-rules';
import type { DishOnlyFilters, MapFilters } from './map-filter-state';
import type { MapPoint } from './map-points';
import { priceFilterLabel } from './price-filter';

export {
  NO_DISH_FILTERS,
  NO_FILTERS,
  sameDishFilters,
  type DishOnlyFilters,
  type MapFilters,
} from './map-filter-state';

/**
 * A dish filter, one check box (a radio button for a price) and one chip: its words and how to add it or
 * take it off. A price is one at a time: « Moins de 15 € » replaces « Moins de 12 € ».
 */
export type DishFilterChoice =
  | { type: 'allergen'; value: Allergen }
  | { type: 'diet'; value: Diet }
  | { type: 'homemade' }
  | { type: 'price'; value: number };

export function dishFilterLabel(choice: DishFilterChoice): string {
  if (choice.type === 'allergen') return allergenFreeLabel(choice.value);
  if (choice.type === 'diet') return DIET_LABELS[choice.value];
  if (choice.type === 'price') return priceFilterLabel(choice.value);
  return HOMEMADE_LABEL;
}

export function isDishFilterOn(filters: DishOnlyFilters, choice: DishFilterChoice): boolean {
  if (choice.type === 'allergen') return filters.excludeAllergens.includes(choice.value);
  if (choice.type === 'diet') return filters.diets.includes(choice.value);
  if (choice.type === 'price') return filters.maxPrice === choice.value;
  return filters.homemade;
}

/** The filters with `choice` on or off; lists kept in the contract's order (the chips' order). */
export function withDishFilter(
  filters: DishOnlyFilters,
  choice: DishFilterChoice,
  on: boolean,
): DishOnlyFilters {
  if (choice.type === 'allergen') {
    const { value } = choice;
    return {
      ...filters,
      excludeAllergens: ALLERGENS.filter((a) => (a === value ? on : filters.excludeAllergens.includes(a))),
    };
  }
  if (choice.type === 'diet') {
    const { value } = choice;
    return { ...filters, diets: DIETS.filter((d) => (d === value ? on : filters.diets.includes(d))) };
  }
  if (choice.type === 'price') {
    // Off only if it is the price given: a chip of an older price never takes off a newer one.
    if (on) return { ...filters, maxPrice: choice.value };
    return filters.maxPrice === choice.value ? withoutPrice(filters) : filters;
  }
  return { ...filters, homemade: on };
}

/** The filters with no price: every price, boards without one included. */
export function withoutPrice(filters: DishOnlyFilters): DishOnlyFilters {
  const { maxPrice: _taken, ...rest } = filters;
  return rest;
}

/** The filters given, in the order of their boxes: the price, « Sans… », diets, fait maison. */
export function activeDishFilters(filters: DishOnlyFilters): DishFilterChoice[] {
  return [
    ...(filters.maxPrice === undefined ? [] : [{ type: 'price', value: filters.maxPrice } as const]),
    ...filters.excludeAllergens.map((value) => ({ type: 'allergen', value }) as const),
    ...filters.diets.map((value) => ({ type: 'diet', value }) as const),
    ...(filters.homemade ? [{ type: 'homemade' } as const] : []),
  ];
}

export function dishFiltersGiven(filters: DishOnlyFilters): boolean {
  return (
    filters.excludeAllergens.length > 0 ||
    filters.diets.length > 0 ||
    filters.homemade ||
    filters.maxPrice !== undefined
  );
}

export interface FilterContext {
  now: Date;
  /** The uris of the places this browser follows: « Mes favoris » keeps them only. */
  followed?: ReadonlySet<string>;
  /** Category ids chosen; an establishment passes with one of them, or with a menu board offering one. */
  categories: readonly string[];
  menuBoards: readonly MenuBoard[];
}

/** Whether the visitor narrowed nothing: every establishment is shown. */
export function nothingFilters(filters: MapFilters, categories: readonly string[]): boolean {
  return (
    filters.kinds.length === 0 &&
    filters.venueTypes.length === 0 &&
    !filters.favorites &&
    categories.length === 0 &&
    normalizeForSearch(filters.query) === '' &&
    !filters.openNow
  );
}

/** The establishments both the map and the list show. */
export function filterPoints(
  points: readonly MapPoint[],
  filters: MapFilters,
  context: FilterContext,
): readonly MapPoint[] {
  const query = normalizeForSearch(filters.query);
  const kinds = new Set(filters.kinds);
  const venueTypes = new Set(filters.venueTypes);
  const categories = new Set(context.categories);
  const withBoardInCategories = new Set(
    context.menuBoards
      .filter((b) => b.items.some((item) => categories.has(item.category)))
      .map((b) => b.establishment.uri),
  );
  // The same array when nothing filters: the map's source and the list keep what they built from it.
  if (nothingFilters(filters, context.categories)) return points;
  const followed = context.followed ?? new Set<string>();
  return points.filter((p) => {
    if (filters.favorites && !followed.has(p.uri)) return false;
    if (kinds.size > 0 && !kinds.has(p.kind)) return false;
    if (venueTypes.size > 0 && !venueTypes.has(p.venueType)) return false;
    if (
      categories.size > 0 &&
      !withBoardInCategories.has(p.uri) &&
      !p.categories.some((c) => categories.has(c))
    ) {
      return false;
    }
    if (query !== '' && !p.searchText.includes(query)) return false;
    // The page's own rule: weekly hours and closures (a place inside one is never open).
    if (filters.openNow && !openingStatus(p.openingHours, context.now, p.closures).open) return false;
    return true;
  });
}

/**
 * The boards offered as today's lunch: those whose establishment is open on their day (`closedOnDate`
 * false, the API's rule). The map keeps every board answered, so that a board closed since is replaced
 * by its marked copy, and leaves the others out of its panel, its markers and its category filter alike.
 * The same array when none is closed: what was built from it is kept.
 */
export function offeredBoards<Board extends MenuBoard>(boards: readonly Board[]): readonly Board[] {
  return boards.some((b) => b.closedOnDate) ? boards.filter((b) => !b.closedOnDate) : boards;
}

/**
 * The menu boards of the establishments shown, in their order. A set of the boards' establishments (a
 * thousand at most) looked up for each place, not a set of the places: at 200,000 establishments making
 * that held the main thread, in each of the two components that show the boards, at every change of the
 * data (decision 0034, "no index of every place").
 */
export function boardsOfShown<Board extends MenuBoard>(
  boards: readonly Board[],
  points: readonly MapPoint[],
): readonly Board[] {
  if (boards.length === 0) return boards;
  const wanted = new Set(boards.map((b) => b.establishment.uri));
  const shown = new Set<string>();
  for (const p of points) if (wanted.has(p.uri)) shown.add(p.uri);
  return boards.filter((b) => shown.has(b.establishment.uri));
}

/**
 * What the list shows: the filtered establishments inside the map's box, the nearest to its centre first.
 * Ranked lazily: the list draws a page of them, and at the scale of France a zoomed-out box holds all
 * 200,000 (sorting them all was too slow for every move: decision 0034, "Measurements"). `slice(0, n)`
 * selects the `n` nearest (quickselect, then a sort of those `n` only); the order is the one a stable sort
 * by distance gives.
 */
export interface PointsInView {
  readonly length: number;
  slice(start?: number, end?: number): MapPoint[];
}

export function pointsInView(
  points: readonly MapPoint[],
  bounds: Bounds | null,
  center: LatLng,
): PointsInView {
  const inside = bounds === null ? points : points.filter((p) => isInsideBounds(bounds, p.location));
  let distances: Float64Array | null = null;
  let ranked: MapPoint[] = [];
  const rank = (wanted: number) => {
    if (distances === null) {
      distances = new Float64Array(inside.length);
      for (let i = 0; i < inside.length; i += 1) distances[i] = distanceKm(center, inside[i]!.location);
    }
    const d = distances;
    // Ties keep the order of the feed: the index breaks them, as a stable sort would.
    const closer = (a: number, b: number) => d[a]! - d[b]! || a - b;
    const order = Array.from({ length: inside.length }, (_, i) => i);
    const count = Math.min(wanted, inside.length);
    if (count < inside.length) quickselect(order, count - 1, 0, order.length - 1, closer);
    ranked = order
      .slice(0, count)
      .sort(closer)
      .map((i) => inside[i]!);
  };
  return {
    length: inside.length,
    slice(start = 0, end = inside.length) {
      const wanted = Math.min(end, inside.length);
      // Ask for more than needed when the list grows, so "Afficher plus" rarely ranks again.
      if (wanted > ranked.length) rank(Math.max(wanted, ranked.length * 2));
      return ranked.slice(start, wanted);
    },
  };
}

/** One collator for every comparison: `localeCompare` with a locale builds one per call. */
const byFrenchName = new Intl.Collator('fr');

/** Today's menu boards inside the box, in the order of their establishments' names. */
export function menuBoardsInView<Board extends MenuBoard>(
  boards: readonly Board[],
  bounds: Bounds | null,
): Board[] {
  return boards
    .filter((b) => bounds === null || isInsideBounds(bounds, b.establishment.location))
    .sort((a, b) => byFrenchName.compare(a.establishment.name, b.establishment.name));
}

/**
 * The menu boards drawn on the map: inside the box, the nearest to its centre first, at most `limit`. A
 * zoom-9 box over Paris holds a thousand boards at the scale of France; as many HTML markers made every
 * pan take seconds a frame, and the list beside the map shows them all anyway.
 */
export function menuBoardsOnMap(
  boards: readonly MenuBoard[],
  bounds: Bounds | null,
  center: LatLng,
  limit: number,
): MenuBoard[] {
  const inside =
    bounds === null ? [...boards] : boards.filter((b) => isInsideBounds(bounds, b.establishment.location));
  if (inside.length <= limit) return inside;
  const distance = new Map(inside.map((b) => [b.id, distanceKm(center, b.establishment.location)]));
  return inside.sort((a, b) => (distance.get(a.id) ?? 0) - (distance.get(b.id) ?? 0)).slice(0, limit);
}
