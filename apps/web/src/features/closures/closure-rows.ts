import { MAX_CLOSURES, type Closure } from '@tables-voisines/contract/closures';

/*
 * « Fermetures exceptionnelles » as the owner's and the admin's forms hold them, and back to the contract's
 * `closures` (docs/api.md, "Closures and the verified date"). Pure: « Ma page » (react-hook-form) and the
 * back office (react-admin) draw the same rows with `ClosuresFieldset` and check them with the same rules
 * before the contract's `ClosuresBodySchema` (end before start, at most 20) runs on the body.
 *
 * Rows are sent in the form's order, which the schema keeps (the server stores them by their first day), so a
 * message about `closures.2.to`, the client's or the server's, is about the form's third row.
 */

export { MAX_CLOSURES };

/** One closure as typed: dates as the date inputs give them (`YYYY-MM-DD`, `''` when empty). */
export interface ClosureRow {
  from: string;
  /** Empty while « Jusqu’à nouvel ordre » is checked. */
  to: string;
  untilFurtherNotice: boolean;
  reason: string;
}

/** The reason offered for the usual closure. */
export const ANNUAL_LEAVE = 'Congés annuels';

export const MISSING_FROM = 'Indiquez le premier jour de la fermeture.';
export const MISSING_TO = 'Indiquez le dernier jour, ou cochez «\u00a0Jusqu’à nouvel ordre\u00a0».';

/** The form's rows for stored closures (already in order of their first day). */
export function toClosureRows(closures: readonly Closure[]): ClosureRow[] {
  return closures.map((c) => ({
    from: c.from,
    to: c.to ?? '',
    untilFurtherNotice: c.to === null,
    reason: c.reason ?? '',
  }));
}

/** « Ajouter une fermeture »: from today, the last day still to choose. */
export function newClosureRow(today: string): ClosureRow {
  return { from: today, to: '', untilFurtherNotice: false, reason: '' };
}

/** « Jusqu’à nouvel ordre » checked empties « Au »; unchecked leaves it to fill in. */
export function withUntilFurtherNotice(row: ClosureRow, checked: boolean): ClosureRow {
  return { ...row, untilFurtherNotice: checked, to: checked ? '' : row.to };
}

/** What the body sends for one row: what the contract's schema then checks. */
export function closureBody(row: ClosureRow): { from: string; to: string | null; reason: string | null } {
  const reason = row.reason.trim();
  return {
    from: row.from,
    to: row.untilFurtherNotice ? null : row.to,
    reason: reason === '' ? null : reason,
  };
}

/** The body's `closures`, one entry per row, in the form's order. */
export function closuresBody(rows: readonly ClosureRow[]) {
  return rows.map(closureBody);
}

/**
 * What the schema cannot say in the form's words: a row without a first day, or without a last day and not
 * « Jusqu’à nouvel ordre » (the schema would read a missing end as no end). Keyed `<row>.from`, `<row>.to`.
 */
export function closureRowErrors(rows: readonly ClosureRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    if (row.from === '') errors[`${index}.from`] = MISSING_FROM;
    if (!row.untilFurtherNotice && row.to === '') errors[`${index}.to`] = MISSING_TO;
  });
  return errors;
}

/**
 * Row messages as messages of the form's `closures` field, `closures.<row>.<field>`, laid over the schema's:
 * « Date invalide » about an empty date says less than « Indiquez le premier jour ».
 */
export function withClosureRowErrors(
  errors: Readonly<Record<string, string>>,
  rows: readonly ClosureRow[],
  field = 'closures',
): Record<string, string> {
  const own = Object.entries(closureRowErrors(rows)).map(([path, message]) => [`${field}.${path}`, message]);
  return { ...errors, ...Object.fromEntries(own) };
}

/** Whether one more closure may be added (the contract allows `MAX_CLOSURES`). */
export function canAddClosure(rows: readonly ClosureRow[]): boolean {
  return rows.length < MAX_CLOSURES;
}

/** A closure whose last day is before `today` (`YYYY-MM-DD`): shown apart, under « Passées ». */
export function isPastClosure(row: ClosureRow, today: string): boolean {
  return !row.untilFurtherNotice && row.to !== '' && row.to < today;
}

/**
 * The rows' indexes, in the form's order, split into the current and coming closures and the past ones.
 * Only a closure already saved as it stands goes under « Passées »: a date being typed (a date input gives
 * « 0002-08-15 » on the way to « 2026-08-15 ») never sends its row away from under the cursor.
 */
export function splitClosureRows(
  rows: readonly ClosureRow[],
  today: string,
  saved: readonly Closure[],
): { current: number[]; past: number[] } {
  const savedPast = new Set(
    saved.filter((c) => c.to !== null && c.to < today).map((c) => `${c.from}/${c.to}`),
  );
  const current: number[] = [];
  const past: number[] = [];
  rows.forEach((row, index) => {
    const isSavedPast = isPastClosure(row, today) && savedPast.has(`${row.from}/${row.to}`);
    (isSavedPast ? past : current).push(index);
  });
  return { current, past };
}

/**
 * The back office keeps the record's shape in its form (`to: null` is « Jusqu’à nouvel ordre », `''` a last
 * day still to choose), so that an untouched list is not a change: the rows written back, the reason as
 * typed (trimmed only in the body).
 */
export function closureValuesOf(rows: readonly ClosureRow[]): Closure[] {
  return rows.map((row) => ({
    from: row.from,
    to: row.untilFurtherNotice ? null : row.to,
    reason: row.reason === '' ? null : row.reason,
  }));
}
