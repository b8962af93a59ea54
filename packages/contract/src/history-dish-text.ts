/**
 * A menu board's dishes in the change history, in French: what was added, removed or changed in each dish
 * (history-text.ts tells the rest of an entry). Pure functions, no zod, no DOM.
 */
import {
  ALLERGENS,
  DIETS,
  DIET_LABELS,
  HOMEMADE_LABEL,
  allergensSentence,
  type Allergen,
  type Diet,
} from './dishes';
import { isEmpty, isRecord, valueText } from './history-values';
import { COURSE_NAMES, isCourse } from './courses';

/** A price in euros as a French menu writes it: « 9,90 € », « 12 € ». */
function euros(value: number): string {
  return `${Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',')}\u00a0€`;
}

/**
 * A dish as a menu board's history keeps it (the board's answer at the time). Entries written before dishes
 * said what is in them have only `name`, `price` and `category`: a field absent is not compared.
 */
interface HistoryDish {
  name: string;
  price?: unknown;
  category?: unknown;
  description?: unknown;
  allergens?: unknown;
  diets?: unknown;
  homemade?: unknown;
  meatOrigin?: unknown;
  course?: unknown;
}

const isDish = (value: unknown): value is HistoryDish => isRecord(value) && typeof value.name === 'string';

/** The dishes of a value, `[]` for none; `null` when it is not a list of dishes. */
function dishesOf(value: unknown): HistoryDish[] | null {
  if (isEmpty(value)) return [];
  return Array.isArray(value) && value.every(isDish) ? value : null;
}

const isCodeList = <T extends string>(value: unknown, codes: readonly T[]): value is T[] =>
  Array.isArray(value) && value.every((v) => (codes as readonly unknown[]).includes(v));

function allergensText(value: unknown): string | null {
  if (value === null) return 'non renseignés';
  if (!isCodeList<Allergen>(value, ALLERGENS)) return null;
  // « Allergènes : lait, œufs » without its first word, which the line already says.
  return value.length === 0 ? 'aucun des 14' : allergensSentence(value).replace(/^[^:]*: /u, '');
}

function dietsText(value: unknown): string | null {
  if (!isCodeList<Diet>(value, DIETS)) return null;
  if (value.length === 0) return 'aucun';
  return DIETS.filter((d) => value.includes(d))
    .map((d) => DIET_LABELS[d].toLocaleLowerCase('fr'))
    .join(', ');
}

/** A dish field's value in words; `null` when it cannot be told. */
function dishFieldText(field: keyof HistoryDish, value: unknown): string | null {
  switch (field) {
    case 'price':
      return typeof value === 'number' ? euros(value) : null;
    case 'allergens':
      return allergensText(value);
    case 'diets':
      return dietsText(value);
    case 'homemade':
      return typeof value === 'boolean' ? (value ? 'oui' : 'non') : null;
    case 'course':
      return value === null ? 'aucune' : isCourse(value) ? COURSE_NAMES[value] : null;
    case 'description':
    case 'meatOrigin': {
      const text = valueText(value);
      return text === null || text === 'vide' ? text : `« ${text} »`;
    }
    default:
      return null;
  }
}

const DISH_FIELDS: readonly [keyof HistoryDish, string][] = [
  ['price', 'prix'],
  ['description', 'description'],
  ['allergens', 'allergènes'],
  ['diets', 'régimes'],
  ['homemade', HOMEMADE_LABEL.toLocaleLowerCase('fr')],
  ['meatOrigin', 'origine de la viande'],
  ['course', 'rubrique'],
];

/** What a new dish says of itself: « dessert ; 9,90 € ; allergènes : gluten, lait ; végétarien ; fait maison ». */
function addedDishText(dish: HistoryDish): string {
  const parts: string[] = [];
  if (isCourse(dish.course)) parts.push(COURSE_NAMES[dish.course]);
  if (typeof dish.price === 'number') parts.push(euros(dish.price));
  if (typeof dish.description === 'string' && dish.description !== '') {
    parts.push(`« ${valueText(dish.description)} »`);
  }
  if (dish.allergens !== undefined) {
    const allergens = allergensText(dish.allergens);
    if (allergens !== null) parts.push(`allergènes : ${allergens}`);
  }
  const diets = dietsText(dish.diets);
  if (diets !== null && diets !== 'aucun') parts.push(diets);
  if (dish.homemade === true) parts.push(HOMEMADE_LABEL.toLocaleLowerCase('fr'));
  if (typeof dish.meatOrigin === 'string' && dish.meatOrigin !== '') {
    parts.push(`viande : ${valueText(dish.meatOrigin)}`);
  }
  return parts.length === 0 ? '' : ` (${parts.join(' ; ')})`;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What changed in one dish kept from before: « prix : 9,90 € → 10,50 € ; allergènes : non renseignés → lait ». */
function changedDishText(before: HistoryDish, after: HistoryDish): string[] {
  const parts: string[] = [];
  for (const [field, label] of DISH_FIELDS) {
    // An entry from before this field existed does not say it: not a change.
    if (!(field in before) || !(field in after) || sameJson(before[field], after[field])) continue;
    const from = dishFieldText(field, before[field]);
    const to = dishFieldText(field, after[field]);
    parts.push(from === null || to === null ? `${label} modifié` : `${label} : ${from} → ${to}`);
  }
  if ('category' in before && 'category' in after && before.category !== after.category) {
    parts.push('catégorie modifiée');
  }
  return parts;
}

/**
 * A board's dishes, before and after, in words, dishes matched by name: « « Far breton » ajouté (4,50 € ;
 * allergènes : gluten, œufs, lait ; végétarien) ; « Crêpe » retiré ; « Galette » modifié (allergènes : non
 * renseignés → œufs, lait) ». `null` when a value is not a list of dishes.
 */
export function itemsText(from: unknown, to: unknown): string | null {
  const parts = itemsParts(from, to);
  return parts === null ? null : parts.join(' ; ');
}

/** `itemsText` as its parts, one per dish added, removed or changed (or « ordre modifié »); `null` as it. */
export function itemsParts(from: unknown, to: unknown): string[] | null {
  const before = dishesOf(from);
  const after = dishesOf(to);
  if (before === null || after === null) return null;
  // The first dish of each name is the one compared (a board seldom has two of the same name).
  const first = (dishes: HistoryDish[]) => {
    const found = new Map<string, HistoryDish>();
    for (const dish of dishes) if (!found.has(dish.name)) found.set(dish.name, dish);
    return found;
  };
  const beforeByName = first(before);
  const afterByName = first(after);
  const parts: string[] = [];
  for (const [name, dish] of afterByName) {
    const was = beforeByName.get(name);
    if (was === undefined) {
      parts.push(`« ${name} » ajouté${addedDishText(dish)}`);
    } else {
      const changed = changedDishText(was, dish);
      if (changed.length > 0) parts.push(`« ${name} » modifié (${changed.join(' ; ')})`);
    }
  }
  for (const name of beforeByName.keys()) {
    if (!afterByName.has(name)) parts.push(`« ${name} » retiré`);
  }
  if (parts.length === 0) {
    const names = (dishes: HistoryDish[]) => dishes.map((d) => d.name).join('\n');
    return names(before) !== names(after) ? ['ordre modifié'] : null;
  }
  return parts;
}

/** A dish as a list names it: « « Bœuf bourguignon » (14,50 €) ». */
export function dishNameText(dish: unknown): string | null {
  if (!isDish(dish)) return null;
  return typeof dish.price === 'number' ? `« ${dish.name} » (${euros(dish.price)})` : `« ${dish.name} »`;
}
