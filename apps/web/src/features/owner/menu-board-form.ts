/*
 * "Ardoise du jour": dishes as typed on a phone (`12,50`, `12.5`, `12 €`) to the body of `POST /api/menuboard/`,
 * checked by the contract's `CreateMenuBoardBodySchema`.
 */

export interface MenuBoardRow {
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
 * separator). `NaN` for anything else, which the schema reports as not a number.
 */
export function parseEuros(text: string): number {
  const cleaned = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/€$/, '')
    .replace(',', '.');
  if (!/^\d+(?:\.\d+)?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

export const emptyRow = (category = ''): MenuBoardRow => ({ name: '', price: '', category });

/** A row nobody started filling: left out of the board rather than reported. */
function isBlank(row: MenuBoardRow): boolean {
  return row.name.trim() === '' && row.price.trim() === '';
}

/**
 * The body to publish (schema input), and for each sent item the index of its form row, so that a message
 * on `items.1.price` lands on the right row even when a blank row was skipped.
 */
export function toMenuBoardBody(establishment: string, date: string, values: MenuBoardFormValues) {
  const rows = values.items.map((row, index) => ({ row, index })).filter(({ row }) => !isBlank(row));
  return {
    body: {
      establishment,
      title: values.title,
      date,
      items: rows.map(({ row }) => ({
        name: row.name,
        price: parseEuros(row.price),
        category: row.category,
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
