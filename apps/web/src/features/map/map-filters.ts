import type { Bounds, LatLng } from '@tables-voisines/contract/geo';
import { distanceKm } from '@tables-voisines/contract/geo';
import { openingStatus } from '@tables-voisines/contract/opening-hours';
import type { Kind, VenueType } from '@tables-voisines/contract/schemas/establishment';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { isInsideBounds } from './map-rules';
import type { MapPoint } from './map-points';

/** What the visitor narrowed the map to; empty lists mean "all". */
export interface MapFilters {
  query: string;
  openNow: boolean;
  kinds: readonly Kind[];
  venueTypes: readonly VenueType[];
}

export const NO_FILTERS: MapFilters = { query: '', openNow: false, kinds: [], venueTypes: [] };

export interface FilterContext {
  now: Date;
  /** Category ids chosen; an establishment passes with one of them, or with a menu board offering one. */
  categories: readonly string[];
  menuBoards: readonly MenuBoard[];
}

/** The establishments both the map and the list show. */
export function filterPoints(
  points: readonly MapPoint[],
  filters: MapFilters,
  context: FilterContext,
): MapPoint[] {
  const query = normalizeForSearch(filters.query);
  const kinds = new Set(filters.kinds);
  const venueTypes = new Set(filters.venueTypes);
  const categories = new Set(context.categories);
  const withBoardInCategories = new Set(
    context.menuBoards
      .filter((b) => b.items.some((item) => categories.has(item.category)))
      .map((b) => b.establishment.id),
  );
  return points.filter((p) => {
    if (kinds.size > 0 && !kinds.has(p.kind)) return false;
    if (venueTypes.size > 0 && !venueTypes.has(p.venueType)) return false;
    if (
      categories.size > 0 &&
      !withBoardInCategories.has(p.id) &&
      !p.categories.some((c) => categories.has(c))
    ) {
      return false;
    }
    if (query !== '' && !p.searchText.includes(query)) return false;
    if (filters.openNow && !openingStatus(p.openingHours, context.now).open) return false;
    return true;
  });
}

/** What the list shows: the filtered establishments inside the map's box, the nearest to its centre first. */
export function pointsInView(points: readonly MapPoint[], bounds: Bounds | null, center: LatLng): MapPoint[] {
  const inside = bounds === null ? [...points] : points.filter((p) => isInsideBounds(bounds, p.location));
  const distance = new Map(inside.map((p) => [p.id, distanceKm(center, p.location)]));
  return inside.sort((a, b) => (distance.get(a.id) ?? 0) - (distance.get(b.id) ?? 0));
}

/** Today's menu boards inside the box, in the order of their establishments' names. */
export function menuBoardsInView(boards: readonly MenuBoard[], bounds: Bounds | null): MenuBoard[] {
  return boards
    .filter((b) => bounds === null || isInsideBounds(bounds, b.establishment.location))
    .sort((a, b) => a.establishment.name.localeCompare(b.establishment.name, 'fr'));
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
