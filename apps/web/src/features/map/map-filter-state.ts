import type { Kind, VenueType } from '@tables-voisines/contract/schemas/establishment';
import type { DishFilters } from '@tables-voisines/contract/dishes';

/*
 * The filters' values the map state keeps, apart from the code that applies them (map-filters.ts): the map
 * state is loaded by every page of the map layout, a detail page included, which filters nothing.
 */

/** What the visitor narrowed the map to; empty lists mean "all". */
export interface MapFilters {
  query: string;
  openNow: boolean;
  kinds: readonly Kind[];
  venueTypes: readonly VenueType[];
  /** « Mes favoris »: only the places this browser follows (features/follow). */
  favorites: boolean;
}

export const NO_FILTERS: MapFilters = {
  query: '',
  openNow: false,
  kinds: [],
  venueTypes: [],
  favorites: false,
};

/**
 * What the visitor asks of a dish beside its category (`POST /menuboards/surrounding`): an allergen left
 * out (« Sans gluten »), diets, fait maison, and the most a board's cheapest way to eat there may cost
 * (« Moins de 15 € », `maxPrice`, issue 54). They narrow today's boards, not the establishments (decision
 * 0050): a place says nothing of its dishes but its board of the day.
 */
export type DishOnlyFilters = Omit<DishFilters, 'categories'> & {
  /** In euros, at most two decimals: only the boards whose `fromPrice` is at most it; absent, any price. */
  maxPrice?: number | undefined;
};

export const NO_DISH_FILTERS: DishOnlyFilters = { excludeAllergens: [], diets: [], homemade: false };

export function sameDishFilters(a: DishOnlyFilters, b: DishOnlyFilters): boolean {
  return (
    a.homemade === b.homemade &&
    a.maxPrice === b.maxPrice &&
    a.excludeAllergens.length === b.excludeAllergens.length &&
    a.excludeAllergens.every((x, i) => x === b.excludeAllergens[i]) &&
    a.diets.length === b.diets.length &&
    a.diets.every((x, i) => x === b.diets[i])
  );
}
