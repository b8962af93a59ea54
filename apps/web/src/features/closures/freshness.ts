import { parisDayText, verifiedText as publicVerifiedText } from '@tables-voisines/contract/closures';
import { closureText } from '@tables-voisines/contract/history-text';

/*
 * When an establishment's information was last said to be right (`verifiedAt`), in the owner's and the
 * admin's words (docs/api.md, "Closures and the verified date").
 */

/** After this many days without a verification the owner is reminded (the server's `VERIFY_REMINDER_DAYS` default). */
export const VERIFY_PROMPT_DAYS = 60;

/** The back office's « Pages à vérifier »: not verified for this many months. */
export const STALE_AFTER_MONTHS = 6;

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant as its day in Paris: `'3 novembre 2026'`, `'1er août 2026'`. */
export function formatFrenchDate(instant: string | Date): string {
  return parisDayText(new Date(instant)) ?? '';
}

/** « Informations vérifiées le 3 novembre 2026 », or « Informations jamais vérifiées ». */
export function verifiedText(verifiedAt: string | null): string {
  return publicVerifiedText(verifiedAt) ?? 'Informations jamais vérifiées';
}

/**
 * Whether the owner's home should ask, gently, to check the page: never verified, or verified long ago,
 * counting from the page's creation when it never was (a page created yesterday is fresh).
 */
export function shouldPromptVerification(
  establishment: { verifiedAt: string | null; createdAt: string },
  now: Date,
  days = VERIFY_PROMPT_DAYS,
): boolean {
  const since = establishment.verifiedAt ?? establishment.createdAt;
  return now.getTime() - new Date(since).getTime() > days * DAY_MS;
}

/**
 * The Paris day `months` months before `today` (`YYYY-MM-DD`), the day of the month kept or, when that month
 * is shorter, its last day: 31 August minus 6 months is 28 (or 29) February.
 */
export function monthsBefore(today: string, months: number): string {
  const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** A closure in a sentence, for read-only screens: « Du 1er au 15 août 2026 (Congés annuels) ». */
export function closureSentence(closure: { from: string; to: string | null; reason: string | null }): string {
  const text = closureText(closure) ?? '';
  return text.charAt(0).toUpperCase() + text.slice(1);
}
