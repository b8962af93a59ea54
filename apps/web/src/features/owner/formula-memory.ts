import { isCourse } from '@tables-voisines/contract/courses';
import type { MenuBoardFormula } from '@tables-voisines/contract/schemas/menu-board';

/*
 * The formules an establishment published last, offered again by « Ardoise du jour » in one tap as its
 * dishes served before are: most restaurants write the same two or three every day. Kept in this browser
 * (the API has no list of past formules for owners); a browser that keeps nothing (private mode, storage
 * refused) offers none, never a message.
 */

/** How many formules are remembered and offered. */
export const REMEMBERED_FORMULAS = 4;

const key = (establishment: string) => `tables-voisines:formules:${establishment}`;

/** What identifies a formule offered again: two boards' « Formule du midi » at 16,50 € are one. */
const identity = (formula: MenuBoardFormula) =>
  JSON.stringify([formula.name.trim(), formula.price, formula.courses, formula.description ?? null]);

function isFormula(value: unknown): value is MenuBoardFormula {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  return (
    typeof f.name === 'string' &&
    typeof f.price === 'number' &&
    Array.isArray(f.courses) &&
    f.courses.every((c) => Array.isArray(c) && c.every(isCourse)) &&
    (f.description === null || typeof f.description === 'string')
  );
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The formules this establishment published last, the latest first. */
export function recentFormulas(establishment: string): MenuBoardFormula[] {
  try {
    const read: unknown = JSON.parse(storage()?.getItem(key(establishment)) ?? '[]');
    return Array.isArray(read) ? read.filter(isFormula).slice(0, REMEMBERED_FORMULAS) : [];
  } catch {
    return [];
  }
}

/** The formules just published, first from now on; the others after them, each once. */
export function mergeFormulas(
  published: readonly MenuBoardFormula[],
  before: readonly MenuBoardFormula[],
): MenuBoardFormula[] {
  const seen = new Set<string>();
  return [...published, ...before]
    .filter((formula) => {
      const id = identity(formula);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, REMEMBERED_FORMULAS);
}

/** Remembers the formules of a board just published. */
export function rememberFormulas(establishment: string, published: readonly MenuBoardFormula[]): void {
  if (published.length === 0) return;
  try {
    storage()?.setItem(
      key(establishment),
      JSON.stringify(mergeFormulas(published, recentFormulas(establishment))),
    );
  } catch {
    // Full or refused: nothing offered next time.
  }
}

/** The formules remembered that the form does not hold already (same name, price and combinations). */
export function formulasToOffer(
  remembered: readonly MenuBoardFormula[],
  inForm: readonly MenuBoardFormula[],
): MenuBoardFormula[] {
  const there = new Set(inForm.map(identity));
  return remembered.filter((formula) => !there.has(identity(formula)));
}
