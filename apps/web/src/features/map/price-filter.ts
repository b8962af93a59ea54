import { priceText } from '@tables-voisines/contract/courses';

/*
 * « Moins de 15 € » (issue 54, point 2): the most a board's cheapest way to eat there (`fromPrice`, a formule
 * or a main dish) may cost, sent as `maxPrice` with the dish filters. Three amounts offered, or one typed the
 * French way (« 13,50 »); one at a time.
 */

/** The amounts offered, in euros: « Moins de 12 € », « Moins de 15 € », « Moins de 20 € ». */
export const PRICE_CHOICES = [12, 15, 20] as const;

/** The most `maxPrice` takes (the contract's `MAX_PRICE_EUROS`, not imported: it would bring zod to the map). */
export const MAX_PRICE = 10_000;

/** A chip's and a choice's words: « Moins de 15 € », « Moins de 13,50 € ». */
export function priceFilterLabel(maxPrice: number): string {
  return `Moins de ${priceText(maxPrice)}`;
}

/** A price in the address: `15`, `13.5` (a decimal point, no trailing zero). */
export function priceForAddress(maxPrice: number): string {
  return String(maxPrice);
}

/**
 * A price read from the address, `undefined` when it is not one `maxPrice` takes (a link cut or typed by
 * hand): positive, at most two decimals, at most `MAX_PRICE`. Written with a point, as `priceForAddress`.
 */
export function priceFromAddress(value: string | null): number | undefined {
  if (value === null || !/^\d{1,5}(\.\d{1,2})?$/u.test(value)) return undefined;
  const price = Number(value);
  return price > 0 && price <= MAX_PRICE ? price : undefined;
}

/** Why a typed amount is refused: a stable code, and what the visitor reads. */
export type PriceInputError =
  | 'price_missing'
  | 'price_not_a_number'
  | 'price_not_positive'
  | 'price_too_many_decimals'
  | 'price_too_high';

export const PRICE_INPUT_MESSAGES: Readonly<Record<PriceInputError, string>> = {
  price_missing: 'Indiquez un montant en euros, par exemple 13,50.',
  price_not_a_number: 'Le montant doit être un nombre d’euros, par exemple 13,50.',
  price_not_positive: 'Le montant doit être supérieur à 0 €.',
  price_too_many_decimals: 'Le montant a au plus deux chiffres après la virgule (les centimes).',
  price_too_high: 'Le montant ne peut dépasser 10\u00a0000\u00a0€.',
};

export type PriceInput =
  { ok: true; maxPrice: number } | { ok: false; code: PriceInputError; message: string };

const refused = (code: PriceInputError): PriceInput => ({
  ok: false,
  code,
  message: PRICE_INPUT_MESSAGES[code],
});

/**
 * An amount as a visitor types it: « 13,50 », « 13.5 », « 15 € », « 9,5 » (spaces and a final « € » left
 * out; a comma or a point before the cents).
 */
export function parsePriceInput(text: string): PriceInput {
  const typed = text
    .replace(/[\s\u00a0\u202f]/gu, '')
    .replace(/(€|euros?)$/iu, '')
    .replace(',', '.');
  if (typed === '') return refused('price_missing');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/u.test(typed)) return refused('price_not_a_number');
  const value = Number(typed);
  if (value <= 0) return refused('price_not_positive');
  const decimals = typed.split('.')[1] ?? '';
  if (decimals.replace(/0+$/u, '').length > 2) return refused('price_too_many_decimals');
  if (value > MAX_PRICE) return refused('price_too_high');
  const maxPrice = Math.round(value * 100) / 100;
  return { ok: true, maxPrice };
}

/** A price shown back in the field, French style: `13.5` → « 13,50 », `15` → « 15 ». */
export function priceInputText(maxPrice: number): string {
  return Number.isInteger(maxPrice) ? String(maxPrice) : maxPrice.toFixed(2).replace('.', ',');
}
