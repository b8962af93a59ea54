import {
  CreateMenuBoardBodySchema,
  type CreateMenuBoardBody,
} from '@tables-voisines/contract/schemas/menu-board';
import { parseDecimal } from '../../lib/decimal';
import { checkForm, type FieldErrors } from './form-errors';

/*
 * "Ardoise du jour": dishes as typed on a phone (`12,50`, `12.5`, `12 €`) to the body of `POST /api/menuboard/`,
 * checked by the contract's `CreateMenuBoardBodySchema`.
 */

export interface MenuBoardRow {
  /**
   * Names the row for as long as the form lives: dishes are removed, so a message keyed by a position would
   * move to another dish (`items.{key}.price`).
   */
  key: number;
  name: string;
  /** As typed, French decimal comma welcome. */
  price: string;
  /** A category id, `''` until one is picked. */
  category: string;
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
 * The body to publish (schema input), and for each sent item the key of its form row, so that a message
 * on `items.1.price` lands on the right row even when a blank row was skipped.
 */
export function toMenuBoardBody(establishment: string, date: string, values: MenuBoardFormValues) {
  const rows = values.items.filter((row) => !isBlank(row));
  return {
    body: {
      establishment,
      title: values.title,
      date,
      items: rows.map((row) => ({
        name: row.name,
        price: parseEuros(row.price),
        category: row.category,
      })),
    },
    rowOfItem: rows.map(({ key }) => key),
  };
}

/** `items.{sent index}.field` → `items.{row key}.field`; other paths unchanged. */
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

/** The form checked: the body to send, or messages keyed by form row (`items.{row key}.price`). */
export type MenuBoardCheck = (
  { ok: true; data: CreateMenuBoardBody } | { ok: false; errors: FieldErrors }
) & {
  /** For each sent item, the key of its form row: the server's messages land on the right row too. */
  rowOfItem: number[];
};

/** What to say on a named dish's price or category left empty; `null` for any other message's field. */
function missingMessage(rowPath: string, values: MenuBoardFormValues): string | null {
  const match = /^items\.(\d+)\.(price|category)$/.exec(rowPath);
  if (match === null) return null;
  const row = values.items.find((item) => item.key === Number(match[1]));
  if (row === undefined) return null;
  if (match[2] === 'price') return row.price.trim() === '' ? MISSING_PRICE_MESSAGE : null;
  return row.category === '' ? MISSING_CATEGORY_MESSAGE : null;
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
