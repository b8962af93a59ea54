/**
 * Closures of an establishment (API.md, "Closures and freshness"): annual leave, an exceptional closure, or
 * "until further notice". Dates are Europe/Paris calendar days, both inclusive; `to: null` has no end.
 * Zod-free, so that public pages and the map's filters import it without the schemas.
 */
import { once } from './once';

export type Closure = { from: string; to: string | null; reason: string | null };

/** At most this many closures per establishment. */
export const MAX_CLOSURES = 20;
/** Longest reason, in characters. */
export const MAX_CLOSURE_REASON_LENGTH = 120;
/** A closure starting within this many days is announced on the page. */
export const CLOSURE_ANNOUNCE_DAYS = 14;
/** Closures that ended this many days ago are purged by a scheduled job. */
export const CLOSURE_PURGE_DAYS = 30;

const PARIS_DATE = once(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** The last answer of `parisDate`, for its UTC minute (Paris's day starts on a whole UTC minute). */
let lastDate: { minute: number; date: string } | undefined;

/** The calendar date in Europe/Paris at an instant, `YYYY-MM-DD`. */
export function parisDate(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastDate?.minute === minute) return lastDate.date;
  // en-CA writes YYYY-MM-DD.
  const date = PARIS_DATE().format(now);
  lastDate = { minute, date };
  return date;
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether `today` (`YYYY-MM-DD`) is inside the closure. */
export function closureCovers(closure: Closure, today: string): boolean {
  return closure.from <= today && (closure.to === null || today <= closure.to);
}

/**
 * The closure the establishment is in on `today`: of several, the one that lasts longest (no end first),
 * so that the page says the day it opens again.
 */
export function activeClosure(closures: readonly Closure[], today: string): Closure | null {
  let found: Closure | null = null;
  for (const closure of closures) {
    if (!closureCovers(closure, today)) continue;
    if (found === null || lastsLonger(closure, found)) found = closure;
  }
  return found;
}

function lastsLonger(a: Closure, b: Closure): boolean {
  if (b.to === null) return false;
  return a.to === null || a.to > b.to;
}

/** The next closure starting after `today` and within `CLOSURE_ANNOUNCE_DAYS`, the earliest first. */
export function upcomingClosure(closures: readonly Closure[], today: string): Closure | null {
  const limit = addDays(today, CLOSURE_ANNOUNCE_DAYS);
  let found: Closure | null = null;
  for (const closure of closures) {
    if (closure.from <= today || closure.from > limit) continue;
    if (found === null || closure.from < found.from) found = closure;
  }
  return found;
}

/** Whether an establishment is in one of its closures at `now` (Paris day). */
export function isClosedOn(closures: readonly Closure[], now: Date): boolean {
  if (closures.length === 0) return false;
  return activeClosure(closures, parisDate(now)) !== null;
}

// ---------------------------------------------------------------------------------------------------------
// French words of closures and freshness (UX.md, "Opening information people can trust").

/** Month names, January first. */
export const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** Sunday first, as `Date.getUTCDay` counts. */
const WEEKDAYS_FR = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;

function dateParts(date: string): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
}

/** « 1er » for the first of a month, the number otherwise. */
export const dayNumber = (day: number) => (day === 1 ? '1er' : String(day));

function weekdayOf(date: string): string {
  const { year, month, day } = dateParts(date);
  return WEEKDAYS_FR[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

/**
 * A Paris calendar day in French for a sentence of the page: « samedi 15 août », « lundi 1er juin », with
 * the year only when it is not the year of `today` (« jeudi 7 janvier 2027 »).
 * Plain spaces, as the words agreed for the page are written (a test or a search finds them as read).
 */
export function formatFrenchDate(date: string, today: string): string {
  const { year, month, day } = dateParts(date);
  const words = `${weekdayOf(date)} ${dayNumber(day)} ${MONTHS_FR[month - 1]}`;
  return year === dateParts(today).year ? words : `${words} ${year}`;
}

/** The status line of an establishment in a closure: « Fermé exceptionnellement jusqu’au samedi 15 août ». */
export function closureStatusText(closure: Closure, today: string): string {
  return closure.to === null
    ? 'Fermé exceptionnellement'
    : `Fermé exceptionnellement jusqu’au ${formatFrenchDate(closure.to, today)}`;
}

/**
 * The announcement of a closure to come: « Fermeture prévue du lundi 3 au samedi 15 août (Congés annuels) »,
 * « Fermeture prévue à partir du lundi 3 août ». The first date leaves out what the second one says (its
 * month, its year) when they share it.
 */
export function closureAnnouncementText(closure: Closure, today: string): string {
  const reason = closure.reason === null || closure.reason.trim() === '' ? '' : ` (${closure.reason.trim()})`;
  if (closure.to === null) {
    return `Fermeture prévue à partir du ${formatFrenchDate(closure.from, today)}${reason}`;
  }
  const from = dateParts(closure.from);
  const to = dateParts(closure.to);
  const end = formatFrenchDate(closure.to, today);
  let start: string;
  if (closure.from === closure.to) return `Fermeture prévue le ${end}${reason}`;
  if (from.year === to.year && from.month === to.month) {
    start = `${weekdayOf(closure.from)} ${dayNumber(from.day)}`;
  } else if (from.year === to.year) {
    start = `${weekdayOf(closure.from)} ${dayNumber(from.day)} ${MONTHS_FR[from.month - 1]}`;
  } else {
    start = formatFrenchDate(closure.from, today);
  }
  return `Fermeture prévue du ${start} au ${end}${reason}`;
}

/** The Paris day of an instant in words: « 3 novembre 2026 », « 1er mai 2026 »; `null` for a bad instant. */
export function parisDayText(instant: Date): string | null {
  if (Number.isNaN(instant.getTime())) return null;
  const { year, month, day } = dateParts(parisDate(instant));
  return `${dayNumber(day)} ${MONTHS_FR[month - 1]} ${year}`;
}

/** « Informations vérifiées le 3 novembre 2026 » (the Paris day of `verifiedAt`), null when never verified. */
export function verifiedText(verifiedAt: string | Date | null): string | null {
  if (verifiedAt === null) return null;
  const text = parisDayText(typeof verifiedAt === 'string' ? new Date(verifiedAt) : verifiedAt);
  return text === null ? null : `Informations vérifiées le ${text}`;
}

/** The closures still to come or in progress on `today` (the ones a page, a feed or JSON-LD need). */
export function currentAndFutureClosures(closures: readonly Closure[], today: string): Closure[] {
  return closures.filter((c) => c.to === null || c.to >= today);
}
