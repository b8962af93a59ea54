import { COURSES, type Course } from '@tables-voisines/contract/courses';
import type { Allergen, Diet } from '@tables-voisines/contract/dishes';
import type { Category } from '@tables-voisines/contract/schemas/category';
import {
  CreateMenuBoardBodySchema,
  type CreateMenuBoardBody,
  type MenuBoard,
  type MenuBoardFormula,
  type MenuBoardItem,
} from '@tables-voisines/contract/schemas/menu-board';
import { parseDecimal } from '../../lib/decimal';
import type { FieldErrors } from '../../lib/form-errors';
import {
  NO_ALLERGEN_TICKED_MESSAGE,
  allergenModeOf,
  allergensToSend,
  type AllergenMode,
} from '../dishes/dish-words';
import { contractResolver } from './contract-resolver';
import { checkForm } from './form-errors';

/*
 * "Ardoise du jour": dishes as typed on a phone (`12,50`, `12.5`, `12 €`) to the body of `POST /api/menuboard/`,
 * checked by the contract's `CreateMenuBoardBodySchema`.
 */

export interface MenuBoardRow {
  name: string;
  /** As typed, French decimal comma welcome. */
  price: string;
  /** `null` until one is picked. */
  category: Category | null;
  /** A line under the name; empty: none. */
  description: string;
  /** Not stated (a new dish), none of the 14, or the ones ticked in `allergens`. */
  allergenMode: AllergenMode;
  /** Ticked, read only when `allergenMode` is `listed`. */
  allergens: Allergen[];
  /** As stored: a vegan dish is vegetarian too. */
  diets: Diet[];
  homemade: boolean;
  /** Empty: not said. */
  meatOrigin: string;
  /** « Entrée », « Plat », « Dessert », « Autre »; `null`: not said. */
  course: Course | null;
}

/** A formule as typed: its price as text, its combinations as ticked (`[["entree","plat"],["plat","dessert"]]`). */
export interface FormulaRow {
  name: string;
  /** As typed, French decimal comma welcome, as a dish's. */
  price: string;
  courses: Course[][];
  /** Empty: none. */
  description: string;
}

export interface MenuBoardFormValues {
  title: string;
  /** The set menus, first on the board. */
  formulas: FormulaRow[];
  items: MenuBoardRow[];
}

/** A new formule's name, as most boards write it. */
export const DEFAULT_FORMULA_NAME = 'Formule du midi';

/** A new formule of these combinations, its price to type. */
export const newFormula = (courses: readonly (readonly Course[])[]): FormulaRow => ({
  name: DEFAULT_FORMULA_NAME,
  price: '',
  courses: courses.map((combination) => [...combination]),
  description: '',
});

/** A combination's courses in the order a board reads them, each once. */
export function orderedCourses(courses: readonly Course[]): Course[] {
  return COURSES.filter((course) => courses.includes(course));
}

/** A formule as answered (a board's, or one used before) as a form row. */
export function formulaRowOf(formula: MenuBoardFormula): FormulaRow {
  return {
    name: formula.name,
    price: formatPriceInput(formula.price),
    courses: formula.courses.map((combination) => [...combination]),
    description: formula.description ?? '',
  };
}

/**
 * Euros as people type them: `12,50`, `12.5`, `12 €`, `1 250,00` (space or no-break space as thousands
 * separator). A minus sign is read too, so that the schema says a price cannot be negative. `NaN` for
 * anything else, which the schema reports as not a number. The site's one decimal parser
 * (`lib/decimal.ts`), after the euro sign.
 */
export function parseEuros(text: string): number {
  return parseDecimal(text.trim().replace(/\s*€$/, ''));
}

export const MISSING_PRICE_MESSAGE = 'Indiquez le prix.';
export const MISSING_CATEGORY_MESSAGE = 'Choisissez une catégorie.';

/** A row nobody started filling: left out of the board rather than reported. */
function isBlank(row: MenuBoardRow): boolean {
  return row.name.trim() === '' && row.price.trim() === '';
}

/**
 * The body to publish (schema input), and for each sent item the index of its form row, so that a message
 * on `items.1.price` lands on the right row even when a blank row was skipped.
 */
export function toMenuBoardBody(establishment: string, date: string, values: MenuBoardFormValues) {
  const rows = values.items.map((row, index) => ({ ...row, index })).filter((row) => !isBlank(row));
  return {
    body: {
      establishment,
      title: values.title,
      date,
      items: rows.map((row) => ({
        name: row.name,
        price: parseEuros(row.price),
        category: row.category?.id ?? '',
        description: row.description,
        // « Contient » with nothing ticked is said by `checkMenuBoard`; the schema must not take it for « none ».
        allergens: allergensToSend(row.allergenMode, row.allergens) ?? null,
        diets: row.diets,
        homemade: row.homemade,
        meatOrigin: row.meatOrigin,
        // Always sent: a dish without it would lose the course it had on the board published before.
        course: row.course,
      })),
      // Always sent, `[]` included: the formules removed here leave the board.
      formulas: values.formulas.map((formula) => ({
        name: formula.name,
        price: parseEuros(formula.price),
        courses: formula.courses,
        description: formula.description,
      })),
    },
    rowOfItem: rows.map(({ index }) => index),
  };
}

/**
 * A message's path in the body → the field that shows it: `items.{sent index}.field` → `items.{form row}.field`;
 * a course of a formule's combination (`formulas.0.courses.1.0`) → that combination (`formulas.0.courses.1`),
 * whose four courses are one choice; other paths unchanged.
 */
export function toRowPath(path: string, rowOfItem: readonly number[]): string {
  const combination = /^(formulas\.\d+\.courses\.\d+)\..*$/.exec(path);
  if (combination !== null) return combination[1] ?? path;
  const match = /^items\.(\d+)(\..*)?$/.exec(path);
  if (match === null) return path;
  const row = rowOfItem[Number(match[1])];
  return row === undefined ? path : `items.${row}${match[2] ?? ''}`;
}

/** Prices shown back in the form, French style: `12,5` → `12,50`. */
export function formatPriceInput(euros: number): string {
  return euros.toFixed(2).replace('.', ',');
}

/** The form checked: the body to send, or messages keyed by form row (`items.{row}.price`). */
export type MenuBoardCheck = (
  { ok: true; data: CreateMenuBoardBody } | { ok: false; errors: FieldErrors }
) & {
  /** For each sent item, the index of its form row: the server's messages land on the right row too. */
  rowOfItem: number[];
};

/** What to say on a named dish's price or category left empty; `null` for any other message's field. */
function missingMessage(rowPath: string, values: MenuBoardFormValues): string | null {
  const formula = /^formulas\.(\d+)\.price$/.exec(rowPath);
  if (formula !== null) {
    return values.formulas[Number(formula[1])]?.price.trim() === '' ? MISSING_PRICE_MESSAGE : null;
  }
  const match = /^items\.(\d+)\.(price|category)$/.exec(rowPath);
  if (match === null) return null;
  const row = values.items[Number(match[1])];
  if (row === undefined) return null;
  if (match[2] === 'price') return row.price.trim() === '' ? MISSING_PRICE_MESSAGE : null;
  return row.category === null ? MISSING_CATEGORY_MESSAGE : null;
}

/**
 * The form checked by the contract's schema before it is sent. A dish named without a price or a category
 * is told what to fill in, not the schema's words for a missing number or id ("Identifiant invalide : un
 * UUID est attendu.").
 */
export function checkMenuBoard(
  establishment: string,
  date: string,
  values: MenuBoardFormValues,
): MenuBoardCheck {
  const { body, rowOfItem } = toMenuBoardBody(establishment, date, values);
  const check = checkForm(CreateMenuBoardBodySchema, body);
  const errors: Record<string, string> = {};
  for (const row of rowOfItem) {
    const dish = values.items[row];
    if (dish !== undefined && allergensToSend(dish.allergenMode, dish.allergens) === undefined) {
      errors[`items.${row}.allergens`] = NO_ALLERGEN_TICKED_MESSAGE;
    }
  }
  if (check.ok && Object.keys(errors).length === 0) return { ...check, rowOfItem };
  if (!check.ok) {
    for (const [path, message] of Object.entries(check.errors)) {
      const rowPath = toRowPath(path, rowOfItem);
      errors[rowPath] = missingMessage(rowPath, values) ?? message;
    }
  }
  return { ok: false, errors, rowOfItem };
}

/** react-hook-form's resolver of « Ardoise du jour », for a board of `date`. */
export const menuBoardResolver = (establishment: string, date: string) =>
  contractResolver((values: MenuBoardFormValues) => checkMenuBoard(establishment, date, values));

/**
 * What publishing would put online, to compare with what is online: rows left empty are not dishes, and a
 * change typed then undone is no change.
 */
export function boardSnapshot(values: MenuBoardFormValues): string {
  const dishes = values.items
    .filter((r) => r.name.trim() !== '' || r.price.trim() !== '' || r.category !== null)
    .map((r) => [
      r.name.trim(),
      r.price.trim(),
      r.category?.id ?? null,
      r.description.trim(),
      allergensToSend(r.allergenMode, r.allergens) ?? r.allergenMode,
      r.diets,
      r.homemade,
      r.meatOrigin.trim(),
      r.course,
    ]);
  const formulas = values.formulas.map((f) => [
    f.name.trim(),
    f.price.trim(),
    f.courses,
    f.description.trim(),
  ]);
  return JSON.stringify([values.title.trim(), formulas, dishes]);
}

// A new dish starts without a category: one copied from the dish above would be published unnoticed. Its
// allergens are not stated until the owner says which (or none).
export const blankDish = (): MenuBoardRow => ({
  name: '',
  price: '',
  category: null,
  description: '',
  allergenMode: 'unstated',
  allergens: [],
  diets: [],
  homemade: false,
  meatOrigin: '',
  course: null,
});

/** A dish as answered (a board's, or a suggestion) as a form row, its category read from `categories`. */
export function rowFromItem(
  item: Omit<MenuBoardItem, 'category'> & { category: string },
  categories: ReadonlyMap<string, Category>,
): MenuBoardRow {
  // An answer from a server that does not know the details yet lacks them: not stated.
  const allergens = item.allergens ?? null;
  return {
    name: item.name,
    price: formatPriceInput(item.price),
    category: categories.get(item.category) ?? null,
    description: item.description ?? '',
    allergenMode: allergenModeOf(allergens),
    allergens: allergens ?? [],
    diets: item.diets ?? [],
    homemade: item.homemade ?? false,
    meatOrigin: item.meatOrigin ?? '',
    course: item.course ?? null,
  };
}

/** The rows the owner started filling (a name or a price): what « Reprendre l’ardoise » would replace. */
export function typedDishes(items: readonly MenuBoardRow[]): MenuBoardRow[] {
  return items.filter((row) => !isBlank(row));
}

/**
 * The form for `board` (today's, to correct: its dishes and an empty row for one more), or an empty board
 * titled `title` with three empty rows.
 */
export function menuBoardFormValues(
  board: { value: MenuBoard; categories: ReadonlyMap<string, Category> } | null,
  title: string,
): MenuBoardFormValues {
  if (board === null) return { title, formulas: [], items: [blankDish(), blankDish(), blankDish()] };
  return {
    title: board.value.title,
    // An answer from a server that knows no formule yet has none.
    formulas: (board.value.formulas ?? []).map(formulaRowOf),
    items: [...board.value.items.map((item) => rowFromItem(item, board.categories)), blankDish()],
  };
}
