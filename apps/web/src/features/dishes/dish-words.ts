import { formatEuros } from '../../lib/format';
import {
  ALLERGENS,
  DIETS,
  DIET_LABELS,
  HOMEMADE_LABEL,
  allergensSentence,
  normalizeDiets,
  type Allergen,
  type Diet,
} from '@tables-voisines/contract/dishes';

/*
 * What the owner's and the admin's board forms say about a dish's details (allergens, diets, fait maison,
 * origin of the meat), with the contract's zod-free vocabulary.
 */

/**
 * The three answers about allergens: not stated (`null`, a new dish's), none of the 14 (`[]`), or the ones
 * ticked. Kept apart from the list, so that « it contains… » with nothing ticked yet is not taken for « none ».
 */
export type AllergenMode = 'unstated' | 'none' | 'listed';

export const ALLERGEN_MODE_LABELS: Readonly<Record<AllergenMode, string>> = {
  unstated: 'Allergènes non renseignés',
  none: 'Aucun des 14 allergènes',
  listed: 'Contient :',
};

export const NO_ALLERGEN_TICKED_MESSAGE =
  'Cochez les allergènes du plat, ou choisissez «\u00a0Aucun des 14 allergènes\u00a0».';

/** The answer of a dish as stored: `null` → not stated, `[]` → none, otherwise the list. */
export function allergenModeOf(allergens: readonly Allergen[] | null): AllergenMode {
  if (allergens === null) return 'unstated';
  return allergens.length === 0 ? 'none' : 'listed';
}

/** What is sent; `undefined` when « Contient » has nothing ticked (the form says what to do). */
export function allergensToSend(
  mode: AllergenMode,
  allergens: readonly Allergen[],
): Allergen[] | null | undefined {
  if (mode === 'unstated') return null;
  if (mode === 'none') return [];
  return allergens.length === 0 ? undefined : ALLERGENS.filter((a) => allergens.includes(a));
}

/** A box ticked or unticked: ticking one answers « Contient » (whatever was chosen before). */
export function tickAllergen(
  state: { mode: AllergenMode; allergens: readonly Allergen[] },
  allergen: Allergen,
  checked: boolean,
): { mode: AllergenMode; allergens: Allergen[] } {
  const current = state.mode === 'listed' ? state.allergens : [];
  const next = checked ? [...current, allergen] : current.filter((a) => a !== allergen);
  return { mode: 'listed', allergens: ALLERGENS.filter((a) => next.includes(a)) };
}

/**
 * A diet ticked or unticked. A vegan dish is vegetarian too (the contract stores it so): ticking « Végan »
 * ticks « Végétarien », unticking « Végétarien » unticks « Végan ».
 */
export function tickDiet(diets: readonly Diet[], diet: Diet, checked: boolean): Diet[] {
  if (checked) return normalizeDiets([...diets, diet]);
  return normalizeDiets(diets.filter((d) => d !== diet && !(diet === 'vegetarian' && d === 'vegan')));
}

export interface DishDetails {
  allergens: readonly Allergen[] | null;
  diets: readonly Diet[];
  homemade: boolean;
  meatOrigin: string | null;
}

/**
 * A dish's details in one line, for its closed disclosure and for a suggestion: « Allergènes : gluten, lait ·
 * Végétarien · Fait maison · Viande : France ».
 */
export function dishDetailsSummary(dish: DishDetails): string {
  const parts = [dish.allergens === null ? ALLERGEN_MODE_LABELS.unstated : allergensSentence(dish.allergens)];
  for (const diet of DIETS) if (dish.diets.includes(diet)) parts.push(DIET_LABELS[diet]);
  if (dish.homemade) parts.push(HOMEMADE_LABEL);
  const origin = dish.meatOrigin?.trim() ?? '';
  if (origin !== '') parts.push(`Viande : ${origin}`);
  return parts.join(' · ');
}

/**
 * Categories of meat dishes, by slug: choosing one pre-fills the dish's origin of meat with the last one the
 * establishment wrote (French law asks the origin of beef, and menus say it for every meat).
 */
const MEAT_CATEGORY_SLUGS: ReadonlySet<string> = new Set(['viande', 'grillades', 'burger', 'kebab']);

export function isMeatCategory(category: { slug: string } | null): boolean {
  return category !== null && MEAT_CATEGORY_SLUGS.has(category.slug);
}

/** The origins to offer, the last used first, each once (ignoring case and spaces around). */
export function mergeOrigins(...lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const origin of lists.flat()) {
    const text = origin.trim();
    const key = text.toLocaleLowerCase('fr');
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    merged.push(text);
  }
  return merged;
}

/**
 * A dish's allergens as sent, from a form that keeps the answer apart from the boxes (`mode`, as the owner's
 * board does): `undefined` when « Contient » has nothing ticked (`NO_ALLERGEN_TICKED_MESSAGE`). Without a
 * mode (a dish as loaded, nothing chosen yet) the stored value is kept as it is.
 */
export function dishAllergens(
  mode: AllergenMode | undefined,
  allergens: readonly Allergen[] | null,
): Allergen[] | null | undefined {
  if (mode === undefined) return allergens === null ? null : [...allergens];
  return allergensToSend(mode, allergens ?? []);
}

/** Above this price a dish is asked about before its board is published: « 1 300,00 € » is a slip. */
export const PRICE_TO_CONFIRM_EUROS = 100;

/** The dishes whose price is worth a second look, in their board's order. */
export function dishesToConfirm<D extends { name: string; price: number }>(dishes: readonly D[]): D[] {
  return dishes.filter((d) => Number.isFinite(d.price) && d.price > PRICE_TO_CONFIRM_EUROS);
}

/** « « Bœuf bourguignon » à 1 300,00 € »: the dish and the price asked about. */
export function dishPriceText(dish: { name: string; price: number }): string {
  return `«\u00a0${dish.name.trim()}\u00a0» à ${formatEuros(dish.price)}`;
}

/** The question asked before a board with such prices is published (owner's and admin's forms). */
export function pricesQuestion(dishes: readonly { name: string; price: number }[]): string {
  const listed = dishes.map(dishPriceText).join(', ');
  const limit = `${PRICE_TO_CONFIRM_EUROS}\u00a0€`;
  return dishes.length === 1
    ? `${listed}\u00a0: ce prix dépasse ${limit}. Est-ce bien le bon prix\u00a0?`
    : `Ces prix dépassent ${limit}\u00a0: ${listed}. Sont-ce bien les bons prix\u00a0?`;
}
