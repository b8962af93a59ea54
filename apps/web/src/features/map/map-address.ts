import { KINDS, VENUE_TYPES } from '@tables-voisines/contract/schemas/establishment';
import type { LatLng } from '@tables-voisines/contract/geo';
import { ALLERGENS, DIETS } from '@tables-voisines/contract/dishes';
import type { DishOnlyFilters, MapFilters } from './map-filter-state';
import type { ChosenTown } from './map-state';
import { priceForAddress, priceFromAddress } from './price-filter';

/*
 * The map page's view in its address (issue 49, point 4): `/#carte=12/45.76400/4.83570&ville=Lyon&ouvert=1`.
 * In the fragment, not the query: the server never sees it, so the home page stays one page for the cache
 * and the offline copy. What a chip shows is there too (« Ouvert maintenant », kinds, venue types, « Mes
 * favoris », the dish categories by id, the dish filters by key and the price in euros, `&prix=13.5`), and
 * the town chosen in the search field, so that a shared link shows what its sender saw.
 */

export interface AddressView {
  center: LatLng;
  zoom: number;
  town: ChosenTown | null;
  filters: Pick<MapFilters, 'openNow' | 'kinds' | 'venueTypes' | 'favorites'>;
  /**
   * The dish categories by id: their names are the server's (`useCategoryNames` asks for them, and drops
   * an id it does not know).
   */
  categories: readonly string[];
  /** « Sans… » an allergen, diets, fait maison, by their contract's keys; the price (« Moins de 15 € »). */
  dishFilters: DishOnlyFilters;
}

const ZOOM_RANGE = [0, 22] as const;

/** A category's id as the server gives it (a UUID, lower case); anything else in the address is dropped. */
const CATEGORY_ID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/u;
/** As many categories as `POST /menuboards/surrounding` takes (`MAX_SURROUNDING_CATEGORIES`). */
const MAX_CATEGORIES = 100;

/** The fragment for a view: zoom to 2 decimals, coordinates to 5 (about a metre). */
export function addressHash(view: AddressView): string {
  const params = new URLSearchParams();
  params.set(
    'carte',
    `${round(view.zoom, 2)}/${round(view.center.latitude, 5)}/${round(view.center.longitude, 5)}`,
  );
  if (view.town !== null) {
    params.set(
      'ville',
      `${view.town.name}@${round(view.town.location.latitude, 5)},${round(view.town.location.longitude, 5)}`,
    );
  }
  if (view.filters.openNow) params.set('ouvert', '1');
  if (view.filters.kinds.length > 0) params.set('genres', view.filters.kinds.join(','));
  if (view.filters.venueTypes.length > 0) params.set('types', view.filters.venueTypes.join(','));
  // The visitor's own list: a link shared with it shows the receiver's own favourites.
  if (view.filters.favorites) params.set('favoris', '1');
  if (view.categories.length > 0) params.set('plats', view.categories.join(','));
  if (view.dishFilters.excludeAllergens.length > 0) {
    params.set('sans', view.dishFilters.excludeAllergens.join(','));
  }
  if (view.dishFilters.diets.length > 0) params.set('regimes', view.dishFilters.diets.join(','));
  if (view.dishFilters.homemade) params.set('maison', '1');
  if (view.dishFilters.maxPrice !== undefined) params.set('prix', priceForAddress(view.dishFilters.maxPrice));
  // `/` and `,` kept as they are: the address reads as it is written.
  return `#${params.toString().replace(/%2F/g, '/').replace(/%2C/g, ',').replace(/%40/g, '@')}`;
}

/**
 * The view a fragment gives, `null` when it gives none (no `carte`, or a value out of range: a link cut or
 * typed by hand is ignored as a whole, the map then shows France). Unknown kinds, types, allergens and
 * diets are left out, and a price `maxPrice` would refuse, and what cannot be a category's id; an id that looks like one but that the server
 * does not know is left out later, once asked (`useCategoryNames`).
 */
export function parseAddressHash(hash: string): AddressView | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const view = params.get('carte')?.split('/').map(Number);
  if (view?.length !== 3 || view.some((n) => !Number.isFinite(n))) return null;
  const [zoom, latitude, longitude] = view as [number, number, number];
  if (zoom < ZOOM_RANGE[0] || zoom > ZOOM_RANGE[1]) return null;
  if (Math.abs(latitude) > 85 || Math.abs(longitude) > 180) return null;
  return {
    center: { latitude, longitude },
    zoom,
    town: parseTown(params.get('ville')),
    filters: {
      openNow: params.get('ouvert') === '1',
      kinds: listOf(params.get('genres'), KINDS),
      venueTypes: listOf(params.get('types'), VENUE_TYPES),
      favorites: params.get('favoris') === '1',
    },
    categories: categoryIds(params.get('plats')),
    dishFilters: dishFiltersOf(params),
  };
}

function dishFiltersOf(params: URLSearchParams): DishOnlyFilters {
  const filters: DishOnlyFilters = {
    excludeAllergens: listOf(params.get('sans'), ALLERGENS),
    diets: listOf(params.get('regimes'), DIETS),
    homemade: params.get('maison') === '1',
  };
  const maxPrice = priceFromAddress(params.get('prix'));
  return maxPrice === undefined ? filters : { ...filters, maxPrice };
}

function categoryIds(value: string | null): string[] {
  if (value === null) return [];
  const ids = value.split(',').map((id) => id.toLowerCase());
  return [...new Set(ids.filter((id) => CATEGORY_ID.test(id)))].slice(0, MAX_CATEGORIES);
}

function parseTown(value: string | null): ChosenTown | null {
  const match = value === null ? null : /^(.{1,100})@(-?[\d.]+),(-?[\d.]+)$/u.exec(value);
  if (match === null) return null;
  const latitude = Number(match[2]);
  const longitude = Number(match[3]);
  if (!(Math.abs(latitude) <= 85 && Math.abs(longitude) <= 180)) return null;
  return { name: match[1]!, location: { latitude, longitude } };
}

/** The known values asked, in the contract's order (the chips', and the map state's). */
function listOf<T extends string>(value: string | null, known: readonly T[]): T[] {
  if (value === null) return [];
  const asked = new Set(value.split(','));
  return known.filter((item) => asked.has(item));
}

function round(value: number, digits: number): string {
  // `toFixed` then a number again: no trailing zeros (« 12 », « 45.764 »), no « -0 ».
  const n = Number(value.toFixed(digits));
  return String(n === 0 ? 0 : n);
}
