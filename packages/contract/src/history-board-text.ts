/**
 * A menu board changed by the team, as its establishment's history keeps it (the field `menuBoard`, the
 * board before and after: `{ date, title, formulas, items }`, `formulas` absent from entries written before
 * formules, `null` when there was none or is none any more) and as the owner's e-mail and both history pages
 * say it, in French. Pure functions, no zod, no DOM.
 */
import { dayNumber, MONTHS_FR } from './closures';
import { dishNameText, itemsParts } from './history-dish-text';
import { formulaNamesText, formulasParts } from './history-formula-text';
import { isRecord, valueText } from './history-values';
import { ofName } from './french-names';

/** A board as the establishment's history keeps it. */
export interface HistoryBoard {
  date: string;
  title?: unknown;
  items?: unknown;
  formulas?: unknown;
}

const ISO_DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

const isBoard = (value: unknown): value is HistoryBoard =>
  isRecord(value) && typeof value.date === 'string' && ISO_DATE.test(value.date);

/** A board's day in words: « 3 décembre », « 1er janvier 2027 » with `year`. */
export function boardDayText(date: string, year = false): string {
  const match = ISO_DATE.exec(date);
  if (match === null) return date;
  const words = `${dayNumber(Number(match[3]))} ${MONTHS_FR[Number(match[2]) - 1] ?? ''}`;
  return year ? `${words} ${match[1]}` : words;
}

/** « l’ardoise du 3 décembre du Comptoir »: whose board, for the team's dialogs. */
export function boardOfPlaceText(date: string, placeName: string): string {
  return `l’ardoise du ${boardDayText(date)} ${ofName(placeName)}`;
}

export interface BoardChange {
  /** Published by the team, changed, or deleted. */
  action: 'create' | 'update' | 'delete';
  /** The board's day (before the change when it moved). */
  date: string;
  /** What changed, or what the board had, one part each: « titre : « A » → « B » ». */
  details: string[];
}

const quoted = (value: unknown) => {
  const text = valueText(value);
  return text === null || text === 'vide' ? (text ?? '…') : `« ${text} »`;
};

/** What a board held: its title, its formules, then its dishes with their prices. */
function contentParts(board: HistoryBoard): string[] {
  const parts = [`titre : ${quoted(board.title)}`];
  const formulas = formulaNamesText(board.formulas);
  if (formulas !== null) parts.push(`formules : ${formulas}`);
  const dishes = Array.isArray(board.items) ? board.items.map(dishNameText) : [];
  if (dishes.length > 0 && dishes.every((d) => d !== null)) parts.push(`plats : ${dishes.join(', ')}`);
  return parts;
}

/** The board before and after in words; `null` when the values are not boards, or nothing changed. */
export function boardChange(from: unknown, to: unknown): BoardChange | null {
  const before = isBoard(from) ? from : null;
  const after = isBoard(to) ? to : null;
  if ((from !== null && before === null) || (to !== null && after === null)) return null;
  if (before === null && after === null) return null;
  if (before === null) return { action: 'create', date: after!.date, details: contentParts(after!) };
  if (after === null) return { action: 'delete', date: before.date, details: contentParts(before) };
  const details: string[] = [];
  if (before.title !== after.title) details.push(`titre : ${quoted(before.title)} → ${quoted(after.title)}`);
  if (before.date !== after.date) {
    details.push(`jour : ${boardDayText(before.date, true)} → ${boardDayText(after.date, true)}`);
  }
  // An entry written before formules existed does not say them: not a change.
  if ('formulas' in before && 'formulas' in after) {
    details.push(...(formulasParts(before.formulas, after.formulas) ?? ['formules modifiées']));
  }
  details.push(...(itemsParts(before.items, after.items) ?? []));
  return details.length === 0 ? null : { action: 'update', date: before.date, details };
}

const DONE: Readonly<Record<BoardChange['action'], string>> = {
  create: 'publiée',
  update: 'modifiée',
  delete: 'supprimée',
};

/**
 * The line of the history: « Ardoise du 3 décembre 2026 modifiée : titre : « A » → « B » ; « Bourguignon »
 * modifié (allergènes : gluten, œufs, lait → aucun des 14) »; `null` when it cannot be told.
 */
export function boardChangeText(from: unknown, to: unknown): string | null {
  const change = boardChange(from, to);
  if (change === null) return null;
  return `Ardoise du ${boardDayText(change.date, true)} ${DONE[change.action]} : ${change.details.join(' ; ')}`;
}
