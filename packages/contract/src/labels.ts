/**
 * The establishment vocabulary and its French labels, without zod: the public pages import these and must
 * not pull the schemas into the browser's bundle.
 */

export const KINDS = ['restaurant', 'remplisvert'] as const;
export type Kind = (typeof KINDS)[number];
export const KIND_LABELS: Readonly<Record<Kind, string>> = {
  restaurant: 'Restaurant',
  remplisvert: 'Remplis vert',
};

export const VENUE_TYPES = [
  'restaurant',
  'brasserie',
  'creperie',
  'food-truck',
  'traiteur',
  'hotel-restaurant',
  'bar',
] as const;
export type VenueType = (typeof VENUE_TYPES)[number];
export const VENUE_TYPE_LABELS: Readonly<Record<VenueType, string>> = {
  restaurant: 'Restaurant',
  brasserie: 'Brasserie',
  creperie: 'Crêperie',
  'food-truck': 'Food truck',
  traiteur: 'Traiteur',
  'hotel-restaurant': 'Hôtel-restaurant',
  bar: 'Bar',
};

export const PRICE_RANGES = ['€', '€€', '€€€', '€€€€'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
