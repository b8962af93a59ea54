/**
 * Closures of an establishment (docs/api.md, "Closures and the verified date"): annual leave, an exceptional
 * closure, or "until further notice". Dates are Europe/Paris calendar days, both inclusive; `to: null` has no
 * end. Zod-free, so that public pages and the map's filters import it without the schemas.
 */
import { addDays, addYears, parisDay } from './paris-time';

export type Closure = { from: string; to: string | null; reason: string | null };

/** At most this many closures per establishment. */
export const MAX_CLOSURES = 20;
/** Longest reason, in characters. */
export const MAX_CLOSURE_REASON_LENGTH = 120;
/** A closure starting within this many days is announced on the page. */
export const CLOSURE_ANNOUNCE_DAYS = 14;
/** Closures that ended this many days ago are purged by a scheduled job. */
export const CLOSURE_PURGE_DAYS = 30;

/** In order of their first day, as they are stored and answered (the order given on a tie). */
export function sortClosures<T extends Closure>(closures: readonly T[]): T[] {
  return [...closures].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A closure whose dates can be compared, as a schema gives it: `from` a day, `to` a day not before it or null. */
function comparableClosure(value: unknown): Closure | null {
  const c = value as Partial<Closure> | null;
  if (typeof c?.from !== 'string' || !DAY_PATTERN.test(c.from)) return null;
  const to = c.to ?? null;
  if (to !== null && (typeof to !== 'string' || !DAY_PATTERN.test(to) || to < c.from)) return null;
  return { from: c.from, to, reason: typeof c.reason === 'string' ? c.reason : null };
}

/**
 * The closures that share a day with one before them in order of first days: each with its index in the
 * list as given and the closure it overlaps. Two closures end to end (the 15th, then from the 16th) do not
 * overlap. Entries that are not closures with ordered dates are left to their own messages.
 */
export function findOverlappingClosures(list: readonly unknown[]): { index: number; other: Closure }[] {
  const comparable = list
    .map((value, index) => ({ closure: comparableClosure(value), index }))
    .filter((e): e is { closure: Closure; index: number } => e.closure !== null)
    .sort((a, b) =>
      a.closure.from < b.closure.from ? -1 : a.closure.from > b.closure.from ? 1 : a.index - b.index,
    );
  const found: { index: number; other: Closure }[] = [];
  // The closure reaching furthest so far: a later one starting on or before its last day overlaps it.
  let furthest: Closure | null = null;
  for (const { closure, index } of comparable) {
    if (furthest !== null && (furthest.to === null || closure.from <= furthest.to)) {
      found.push({ index, other: furthest });
    }
    if (furthest === null || lastsLonger(closure, furthest)) furthest = closure;
  }
  return found;
}

/** A date in words for a message: « 1er août 2026 ». */
function dayText(date: string): string {
  const { year, month, day } = dateParts(date);
  return `${dayNumber(day)} ${MONTHS_FR[month - 1]} ${year}`;
}

/** « du 1er août 2026 au 15 août 2026 », « du 24 décembre 2026 », « à partir du 3 septembre 2026 ». */
export function closurePeriodText(closure: Closure): string {
  if (closure.to === null) return `à partir du ${dayText(closure.from)}`;
  if (closure.to === closure.from) return `du ${dayText(closure.from)}`;
  return `du ${dayText(closure.from)} au ${dayText(closure.to)}`;
}

/** A closure may start at most this many years before today... */
export const CLOSURE_YEARS_BACK = 1;
/** ...and neither start nor end more than this many years after it. */
export const CLOSURE_YEARS_AHEAD = 2;

/**
 * What is wrong with the dates of closures as sent, given `today` (Paris, from the server's clock): a
 * closure starting more than a year ago, or starting or ending more than two years ahead (a closure in 1900
 * or in 9999 is a typing slip). A closure equal to one of `stored` is kept as it is, whatever its dates: a
 * long closure « jusqu’à nouvel ordre » saved two years ago is sent back with every save of the list.
 * Paths are `closures.<index in the list as sent>.from|to`.
 */
export function closureDateIssues(
  closures: readonly Closure[],
  today: string,
  stored: readonly Closure[] = [],
): { path: string; message: string }[] {
  const earliest = addYears(today, -CLOSURE_YEARS_BACK);
  const latest = addYears(today, CLOSURE_YEARS_AHEAD);
  const tooLate = `Une fermeture se prévoit au plus deux ans à l’avance, jusqu’au ${dayText(latest)}.`;
  const issues: { path: string; message: string }[] = [];
  closures.forEach((closure, index) => {
    if (stored.some((s) => s.from === closure.from && s.to === closure.to)) return;
    if (closure.from < earliest) {
      issues.push({
        path: `closures.${index}.from`,
        message: `Une fermeture ne peut commencer plus d’un an avant aujourd’hui, avant le ${dayText(earliest)}.`,
      });
    } else if (closure.from > latest) {
      issues.push({ path: `closures.${index}.from`, message: tooLate });
    }
    if (closure.to !== null && closure.to > latest && closure.from <= latest) {
      issues.push({ path: `closures.${index}.to`, message: tooLate });
    }
  });
  return issues;
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
  return activeClosure(closures, parisDay(now)) !== null;
}

// ---------------------------------------------------------------------------------------------------------
// French words of closures and freshness (decision 0054, "The words").

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
  const { year, month, day } = dateParts(parisDay(instant));
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
