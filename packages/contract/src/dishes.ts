/**
 * What a dish says it contains, and its French words, without zod: the public pages, the map and the owner's
 * form import these and must not pull the schemas into the browser's bundle.
 */

/**
 * The 14 allergens of regulation (EU) 1169/2011, annex II, in the annex's order (the order every French menu
 * and the owner's check boxes follow).
 */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** Their usual French names, as a check box or a list says them (« Allergènes : lait, œufs » lower-cases them). */
export const ALLERGEN_LABELS: Readonly<Record<Allergen, string>> = {
  gluten: 'Gluten',
  crustaceans: 'Crustacés',
  eggs: 'Œufs',
  fish: 'Poisson',
  peanuts: 'Arachides',
  soybeans: 'Soja',
  milk: 'Lait',
  nuts: 'Fruits à coque',
  celery: 'Céleri',
  mustard: 'Moutarde',
  sesame: 'Sésame',
  sulphites: 'Sulfites',
  lupin: 'Lupin',
  molluscs: 'Mollusques',
};

/** The map's filter leaving an allergen out: « Sans gluten », « Sans lait ». */
export function allergenFreeLabel(allergen: Allergen): string {
  return `Sans ${ALLERGEN_LABELS[allergen].toLocaleLowerCase('fr')}`;
}

/**
 * A dish's allergens in words: « Allergènes : lait, œufs », « Sans allergène majeur » when it has none of the
 * 14, and the invitation to ask when the owner did not say.
 */
export function allergensSentence(allergens: readonly Allergen[] | null): string {
  if (allergens === null) return 'Allergènes non renseignés, demandez au restaurant';
  if (allergens.length === 0) return 'Aucun des 14 allergènes majeurs';
  const words = ALLERGENS.filter((a) => allergens.includes(a)).map((a) =>
    ALLERGEN_LABELS[a].toLocaleLowerCase('fr'),
  );
  return `${words.length === 1 ? 'Allergène' : 'Allergènes'} : ${words.join(', ')}`;
}

/** Diets a dish suits. Gluten and milk are said by `allergens`. */
export const DIETS = ['vegetarian', 'vegan', 'halal', 'kosher'] as const;
export type Diet = (typeof DIETS)[number];

export const DIET_LABELS: Readonly<Record<Diet, string>> = {
  vegetarian: 'Végétarien',
  vegan: 'Végan',
  halal: 'Halal',
  kosher: 'Casher',
};

/** schema.org's `RestrictedDiet` members, for a `MenuItem`'s `suitableForDiet`. */
export const DIET_SCHEMA_ORG: Readonly<Record<Diet, string>> = {
  vegetarian: 'https://schema.org/VegetarianDiet',
  vegan: 'https://schema.org/VeganDiet',
  halal: 'https://schema.org/HalalDiet',
  kosher: 'https://schema.org/KosherDiet',
};

/**
 * The diets as stored: each once, in `DIETS` order, and a vegan dish is vegetarian too (so that the
 * « Végétarien » filter finds it and its page says both).
 */
export function normalizeDiets(diets: readonly Diet[]): Diet[] {
  return DIETS.filter((d) => diets.includes(d) || (d === 'vegetarian' && diets.includes('vegan')));
}

/** The allergens as stored: each once, in the annex's order. */
export function normalizeAllergens(allergens: readonly Allergen[]): Allergen[] {
  return ALLERGENS.filter((a) => allergens.includes(a));
}

export const HOMEMADE_LABEL = 'Fait maison';

export const MAX_DISH_DESCRIPTION_LENGTH = 300;
export const MAX_MEAT_ORIGIN_LENGTH = 160;

/** The filters of `POST /menuboards/surrounding` that look inside a dish. */
export interface DishFilters {
  categories: readonly string[];
  excludeAllergens: readonly Allergen[];
  diets: readonly Diet[];
  homemade: boolean;
}

/** The dish fields the filters read. */
export interface FilterableDish {
  category: string;
  allergens: readonly Allergen[] | null;
  diets: readonly Diet[];
  homemade: boolean;
}

/**
 * Whether a dish passes every filter given (docs/api.md, "Dishes"): its category among `categories` (any when
 * empty), its allergens stated and none of `excludeAllergens`, every diet of `diets`, fait maison when asked.
 * Allergens not stated never pass an allergen filter. The server's query says the same in SQL; this is its
 * reference, and what the web uses to say why a board shows.
 */
export function dishMatches(dish: FilterableDish, filters: DishFilters): boolean {
  if (filters.categories.length > 0 && !filters.categories.includes(dish.category)) return false;
  if (filters.excludeAllergens.length > 0) {
    if (dish.allergens === null) return false;
    if (filters.excludeAllergens.some((a) => dish.allergens?.includes(a) === true)) return false;
  }
  if (filters.diets.some((d) => !dish.diets.includes(d))) return false;
  return !filters.homemade || dish.homemade;
}
