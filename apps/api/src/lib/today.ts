// "Today" for menu boards and opening hours is the date in Europe/Paris (API.md, "Establishments").

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const PARIS_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, number> {
  const result: Record<string, number> = {};
  for (const part of format.formatToParts(date))
    if (part.type !== 'literal') result[part.type] = Number(part.value);
  return result;
}

/** The last answer of `parisDay`, for its UTC minute. */
let lastDay: { minute: number; day: string } | undefined;

/**
 * The day in Europe/Paris as YYYY-MM-DD. Paris's day starts on a whole UTC minute, so every instant of a
 * UTC minute has the same answer: the last one is kept (pages and reads ask it many times a second).
 */
export function parisDay(date: Date = new Date()): string {
  const minute = Math.floor(date.getTime() / 60_000);
  if (lastDay?.minute === minute) return lastDay.day;
  const { year = 0, month = 0, day = 0 } = parts(PARIS_DAY, date);
  const answer = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  lastDay = { minute, day: answer };
  return answer;
}

/** The date and time a clock in Paris shows at an instant, as the fields of a UTC date (to the second). */
export function parisWallClock(date: Date): Date {
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts(PARIS_TIME, date);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

/** How far Paris wall-clock time is ahead of UTC at an instant, in milliseconds (3,600,000 or 7,200,000). */
function parisOffsetMs(instant: number): number {
  return parisWallClock(new Date(instant)).getTime() - Math.floor(instant / 1000) * 1000;
}

/** Milliseconds from `date` to the next midnight in Europe/Paris (daylight saving time included). */
export function msUntilNextParisMidnight(date: Date = new Date()): number {
  const [year, month, day] = parisDay(date).split('-').map(Number) as [number, number, number];
  // Next midnight as if Paris were UTC, corrected by Paris's offset one hour earlier in UTC: that instant is
  // midnight or 01:00 in Paris, and clocks change at 02:00 or 03:00, so the offset is the one at midnight.
  const midnightWallClock = Date.UTC(year, month - 1, day + 1);
  const offset = parisOffsetMs(midnightWallClock - 3_600_000);
  return midnightWallClock - offset - date.getTime();
}
