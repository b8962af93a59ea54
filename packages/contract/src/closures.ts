/**
 * Closures of an establishment (API.md, "Closures and freshness"): annual leave, an exceptional closure, or
 * "until further notice". Dates are Europe/Paris calendar days, both inclusive; `to: null` has no end.
 * Zod-free, so that public pages and the map's filters import it without the schemas.
 */

export type Closure = { from: string; to: string | null; reason: string | null };

/** At most this many closures per establishment. */
export const MAX_CLOSURES = 20;
/** Longest reason, in characters. */
export const MAX_CLOSURE_REASON_LENGTH = 120;
/** A closure starting within this many days is announced on the page. */
export const CLOSURE_ANNOUNCE_DAYS = 14;
/** Closures that ended this many days ago are purged by a scheduled job. */
export const CLOSURE_PURGE_DAYS = 30;

const PARIS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last answer of `parisDate`, for its UTC minute (Paris's day starts on a whole UTC minute). */
let lastDate: { minute: number; date: string } | undefined;

/** The calendar date in Europe/Paris at an instant, `YYYY-MM-DD`. */
export function parisDate(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastDate?.minute === minute) return lastDate.date;
  // en-CA writes YYYY-MM-DD.
  const date = PARIS_DATE.format(now);
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
