import type { Category } from '@tables-voisines/contract/schemas/category';
import {
  CreateMenuBoardBodySchema,
  type CreateMenuBoardBody,
  type MenuBoard,
} from '@tables-voisines/contract/schemas/menu-board';
import { parseDecimal } from '../../lib/decimal';
import { contractResolver } from './contract-resolver';
import { checkForm, type FieldErrors } from './form-errors';

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
}

export interface MenuBoardFormValues {
  title: string;
  items: MenuBoardRow[];
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
      })),
    },
    rowOfItem: rows.map(({ index }) => index),
  };
}

/** `items.{sent index}.field` → `items.{form row}.field`; other paths unchanged. */
export function toRowPath(path: string, rowOfItem: readonly number[]): string {
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
  if (check.ok) return { ...check, rowOfItem };
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(check.errors)) {
    const rowPath = toRowPath(path, rowOfItem);
    errors[rowPath] = missingMessage(rowPath, values) ?? message;
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
    .map((r) => [r.name.trim(), r.price.trim(), r.category?.id ?? null] as const)
    .filter(([name, price, category]) => name !== '' || price !== '' || category !== null);
  return JSON.stringify([values.title.trim(), dishes]);
}

// A new dish starts without a category: one copied from the dish above would be published unnoticed.
export const blankDish = (): MenuBoardRow => ({ name: '', price: '', category: null });

/**
 * The form for `board` (today's, to correct: its dishes and an empty row for one more), or an empty board
 * titled `title` with three empty rows.
 */
export function menuBoardFormValues(
  board: { value: MenuBoard; categories: ReadonlyMap<string, Category> } | null,
  title: string,
): MenuBoardFormValues {
  if (board === null) return { title, items: [blankDish(), blankDish(), blankDish()] };
  return {
    title: board.value.title,
    items: [
      ...board.value.items.map((item) => ({
        name: item.name,
        price: formatPriceInput(item.price),
        category: board.categories.get(item.category) ?? null,
      })),
      blankDish(),
    ],
  };
}
