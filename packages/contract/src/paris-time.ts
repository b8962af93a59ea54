/**
 * What day and time it is in Paris: the one module that says it, for the server, the site and the tests
 * (issue 50). Menu boards, closures, opening hours and the verified dates are all Europe/Paris calendar days,
 * `YYYY-MM-DD`. Every function takes its instant from the caller: the server's comes from its context's
 * clock, which tests set. Zod-free and import-free, so that the map's chunk can import it alone.
 */

const HOUR_MS = 3_600_000;

// Year, month, day, hour, minute and second as a Paris clock shows them; with the era, since an instant of
// 1 January 0001 in Paris is still in 1 BC in UTC, which a bare `year` would write as year 1.
let parisFields: Intl.DateTimeFormat | undefined;
function parisFieldsFormat(): Intl.DateTimeFormat {
  parisFields ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Paris',
    era: 'short',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return parisFields;
}

/** `date` as a UTC instant at midnight, also for years 1 to 99 (which `Date.UTC` reads as 1901 to 1999). */
function utcMidnightOf(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** The European Union's summer time rule holds for Paris from 1996 (Directive 2000/84/EC, tzdata's « EU »). */
const EU_RULE_FROM = Date.UTC(1996, 0, 1);
/** …and is taken as holding until 2100: past it, the time zone database answers (`Intl`). */
const EU_RULE_UNTIL = Date.UTC(2100, 0, 1);

/** 01:00 UTC on the last Sunday of a month: when European clocks change. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Paris's offset by the EU rule: UTC+2 from the last Sunday of March to the last Sunday of October, both at
 * 01:00 UTC, UTC+1 otherwise. Plain arithmetic: the first `Intl` object a page makes costs about 30 ms
 * (ICU's data loaded), which a phone's page paid while it hydrated (issue 55, decision 0091).
 */
function euRuleOffsetMs(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  const summer = instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9);
  return (summer ? 2 : 1) * HOUR_MS;
}

/**
 * How far a Paris clock is ahead of UTC at an instant, in milliseconds: 9 min 21 s before 11 March 1911
 * (Paris mean time), then 0, 1 or 2 hours (winter and summer times, wartime double summer time). From 1996
 * to 2099 by the EU rule (the tests compare it with the time zone database every year), else by `Intl`.
 */
function parisOffsetMs(instant: number): number {
  if (instant >= EU_RULE_FROM && instant < EU_RULE_UNTIL) return euRuleOffsetMs(instant);
  return intlParisOffsetMs(instant);
}

/** Paris's offset as the time zone database (ICU's, through `Intl`) gives it. */
function intlParisOffsetMs(instant: number): number {
  const fields: Record<string, string> = {};
  for (const part of parisFieldsFormat().formatToParts(new Date(instant))) fields[part.type] = part.value;
  const yearOfEra = Number(fields.year);
  const year = fields.era === 'BC' || fields.era === 'B' ? 1 - yearOfEra : yearOfEra;
  const wall = new Date(0);
  wall.setUTCFullYear(year, Number(fields.month) - 1, Number(fields.day));
  wall.setUTCHours(Number(fields.hour), Number(fields.minute), Number(fields.second));
  return wall.getTime() - Math.floor(instant / 1000) * 1000;
}

/** The date and time a clock in Paris shows at an instant, as the fields of a UTC date (to the second). */
export function parisWallClock(instant: Date): Date {
  const time = instant.getTime();
  return new Date(Math.floor(time / 1000) * 1000 + parisOffsetMs(time));
}

function dayOfWallClock(wall: Date): string {
  const year = String(wall.getUTCFullYear()).padStart(4, '0');
  return `${year}-${String(wall.getUTCMonth() + 1).padStart(2, '0')}-${String(wall.getUTCDate()).padStart(2, '0')}`;
}

/** From 1912 on, Paris's offset is a whole number of hours: its day starts on a whole UTC minute. */
const WHOLE_HOUR_OFFSETS_FROM = Date.UTC(1912, 0, 1);
/** The last answer of `parisDay`, for its UTC minute (pages and reads ask it many times a second). */
let lastDay: { minute: number; day: string } | undefined;

/** The calendar day in Europe/Paris at an instant, `YYYY-MM-DD`, for any year from 1 to 9999. */
export function parisDay(instant: Date): string {
  const time = instant.getTime();
  const minute = Math.floor(time / 60_000);
  if (lastDay?.minute === minute) return lastDay.day;
  const day = dayOfWallClock(parisWallClock(instant));
  if (time >= WHOLE_HOUR_OFFSETS_FROM) lastDay = { minute, day };
  return day;
}

/** `YYYY-MM-DD` plus `days` calendar days (minus, when negative). */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const next = new Date(utcMidnightOf(y, m, d + days));
  return dayOfWallClock(next);
}

/** `YYYY-MM-DD` plus `years` years, the same day of the month (28 February for a 29th the year has not). */
export function addYears(date: string, years: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const lastDay = new Date(utcMidnightOf(y + years, m + 1, 0)).getUTCDate();
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * The instant a day (`YYYY-MM-DD`, year 1 to 9999) starts in Europe/Paris: its first second. Mostly 22:00
 * or 23:00 UTC the day before, but Paris kept its own mean time (UTC+0:09:21) until 1911, then UTC in winter
 * until 1940, and double summer time in the 1940s: the offset is the one in force then, as the time zone
 * database says. Where clocks jumped over midnight, the day starts at the jump.
 */
export function parisMidnight(day: string): Date {
  const [year = 1, month = 1, date = 1] = day.split('-').map(Number);
  const utcMidnight = utcMidnightOf(year, month, date);
  const dayAt = (instant: number) => dayOfWallClock(parisWallClock(new Date(instant)));
  // Midnight in Paris is `utcMidnight` minus the offset in force then, which is one of those around it.
  const offsets = new Set([-14, 0, 14].map((hours) => parisOffsetMs(utcMidnight + hours * HOUR_MS)));
  const starts = [...offsets]
    .map((offset) => utcMidnight - offset)
    .filter((instant) => dayAt(instant) === day && dayAt(instant - 1000) < day);
  if (starts.length > 0) return new Date(Math.min(...starts));
  // No midnight that day: the first second whose day is `day`, between 14 hours before and after.
  let low = Math.floor((utcMidnight - 14 * HOUR_MS) / 1000);
  let high = Math.ceil((utcMidnight + 14 * HOUR_MS) / 1000);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (dayAt(middle * 1000) < day) low = middle + 1;
    else high = middle;
  }
  return new Date(low * 1000);
}

/** Milliseconds from `instant` to the next midnight in Europe/Paris (daylight saving time included). */
export function msUntilNextParisMidnight(instant: Date): number {
  return parisMidnight(addDays(parisDay(instant), 1)).getTime() - instant.getTime();
}
