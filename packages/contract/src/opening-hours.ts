/**
 * Opening status of an establishment from its weekly hours (docs/api.md, "Establishments": Monday = 1,
 * Europe/Paris wall-clock time; a `closes` earlier than `opens` runs past midnight, closing at midnight is
 * `00:00`) and its closures (closures.ts: whole Paris days during which it never opens, whatever its hours).
 */

import { activeClosure, closureStatusText, formatFrenchDate, type Closure } from './closures';
import { addDays, parisDay, parisWallClock } from './paris-time';

export type OpeningHoursEntry = { day: number; opens: string; closes: string };

export type OpeningStatus = {
  open: boolean;
  /** When open: the time it closes, absent when it never closes (open round the clock). */
  closesAt?: string;
  /**
   * When closed: the next opening, absent when it has no hours at all (or is closed until further notice).
   * `date` (`YYYY-MM-DD`) only when it is a week or more away, past a closure: the weekday alone would lie.
   */
  opensAt?: { day: number; time: string; date?: string };
  /** When closed because today is inside one of its closures: that closure (the one lasting longest). */
  closure?: Closure;
  /**
   * When that closure ends today: the first opening after it, from its weekly hours (and past any closure
   * that follows); absent when it has none. As `opensAt`, `date` only a week or more away.
   */
  reopensAt?: { day: number; time: string; date?: string };
};

export const DAY_NAMES_FR = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
] as const;

const MINUTES_PER_DAY = 1440;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** The last answer of `parisWeekTime`, for its UTC minute (pages of an export are rendered in the same minute). */
let lastWeekTime: { minute: number; value: { day: number; minutes: number } } | undefined;

/**
 * Day of the week (Monday = 1) and minutes since midnight in Europe/Paris at an instant, from Paris's wall
 * clock (paris-time.ts: no `Intl` object, whose first one cost a phone's page about 30 ms, issue 55). Paris's
 * offset changes on a whole UTC hour, so every instant of a UTC minute has the same answer: the last one is
 * kept (a page asks several times: decision 0032, "Measurements").
 */
export function parisWeekTime(now: Date): { day: number; minutes: number } {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastWeekTime?.minute === minute) return { ...lastWeekTime.value };
  const wall = parisWallClock(now);
  const value = {
    day: ((wall.getUTCDay() + 6) % 7) + 1,
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
  lastWeekTime = { minute, value };
  return { ...value };
}

function toMinutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

function toTime(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

type Interval = { start: number; end: number };

/**
 * The week's opening intervals in minutes from Monday 00:00, merged where they touch or overlap, over two
 * weeks so that an interval running past Sunday midnight is seen from Monday morning too.
 */
function weekIntervals(hours: readonly OpeningHoursEntry[]): Interval[] {
  const single: Interval[] = hours.map((h) => {
    const start = (h.day - 1) * MINUTES_PER_DAY + toMinutes(h.opens);
    const closes = toMinutes(h.closes);
    const end = (h.day - 1) * MINUTES_PER_DAY + closes + (closes <= toMinutes(h.opens) ? MINUTES_PER_DAY : 0);
    return { start, end };
  });
  const twoWeeks = [
    ...single,
    ...single.map((i) => ({ start: i.start + MINUTES_PER_WEEK, end: i.end + MINUTES_PER_WEEK })),
  ].sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of twoWeeks) {
    const last = merged[merged.length - 1];
    if (last !== undefined && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

export type HoursOverlap = {
  /** The range that opens while another one is still open. */
  index: number;
  /** The range it opens into. */
  other: number;
  /** `true` when both open the same day; `false` when the other one opened the day before, past midnight. */
  sameDay: boolean;
};

function weekStart(entry: OpeningHoursEntry): number {
  return (entry.day - 1) * MINUTES_PER_DAY + toMinutes(entry.opens);
}

function duration(entry: OpeningHoursEntry): number {
  const length = toMinutes(entry.closes) - toMinutes(entry.opens);
  return length > 0 ? length : length + MINUTES_PER_DAY;
}

/**
 * The ranges that open while another range of the week is still open, each listed once (the later one of
 * a pair; of two opening at the same time, the second in the list). A range past midnight counts into the
 * next day, Sunday night into Monday; ranges that only touch (one closes at 14:00, the other opens at
 * 14:00) do not overlap. Entries are expected valid (day 1 to 7, HH:MM, opens ≠ closes).
 */
export function findOverlappingHours(hours: readonly OpeningHoursEntry[]): HoursOverlap[] {
  const overlaps: HoursOverlap[] = [];
  hours.forEach((entry, index) => {
    const start = weekStart(entry);
    const other = hours.findIndex((candidate, j) => {
      if (j === index) return false;
      const since =
        (((start - weekStart(candidate)) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
      return since === 0 ? j < index : since < duration(candidate);
    });
    if (other !== -1) overlaps.push({ index, other, sameDay: hours[other]!.day === entry.day });
  });
  return overlaps;
}

/**
 * Whether the establishment is open at `now`, with the closing time or the next opening. The same answer
 * for the page, the map's « Ouvert maintenant » and its list: a day inside one of `closures` is closed all
 * day (from 00:00 to 24:00 in Paris: `open` is the weekly hours' answer and not `isClosedOn`), an opening
 * that falls in a closure is skipped, and an evening running past midnight into a closure closes at 00:00.
 * The day after a closure is a day like any other: an evening begun the day before (cut by the closure)
 * is open from 00:00, as its hours say.
 */
export function openingStatus(
  hours: readonly OpeningHoursEntry[],
  now: Date,
  closures: readonly Closure[] = [],
): OpeningStatus {
  const today = closures.length === 0 ? '' : parisDay(now);
  if (closures.length > 0) {
    const closure = activeClosure(closures, today);
    if (closure !== null) {
      if (closure.to !== today) return { open: false, closure };
      // Its last day: the first opening from tomorrow, as the weekly hours and the next closures say.
      const tomorrow = new Date(parisMidnightAfter(now));
      const next = openingStatus(hours, tomorrow, closures);
      // Another closure from tomorrow: the page says until when that one lasts.
      if (next.closure !== undefined) return { open: false, closure: next.closure };
      const reopensAt: OpeningStatus['reopensAt'] = next.open ? firstMinuteOf(tomorrow) : next.opensAt;
      if (reopensAt === undefined) return { open: false, closure };
      // The date a week or more away from today, not from tomorrow.
      const { date, ...weekly } = reopensAt;
      const far = date !== undefined || (next.open ? false : daysUntil(now, reopensAt.day) >= 7);
      return {
        open: false,
        closure,
        reopensAt: far ? { ...weekly, date: date ?? addDays(today, 7) } : weekly,
      };
    }
  }
  if (hours.length === 0) return { open: false };
  const closedOn = (daysAhead: number) =>
    closures.length > 0 && activeClosure(closures, addDays(today, daysAhead)) !== null;
  const intervals = weekIntervals(hours);
  const { day, minutes } = parisWeekTime(now);
  // Look from the second week so that intervals started the week before are in view.
  const t = MINUTES_PER_WEEK + (day - 1) * MINUTES_PER_DAY + minutes;
  const todayStart = t - minutes;
  const current = intervals.find((i) => i.start <= t && t < i.end);
  if (current !== undefined) {
    let end = current.end;
    // Past midnight into a closed day, it closes at midnight.
    for (let d = 1; todayStart + d * MINUTES_PER_DAY < end; d += 1) {
      if (closedOn(d)) {
        end = todayStart + d * MINUTES_PER_DAY;
        break;
      }
    }
    return end - current.start >= MINUTES_PER_WEEK && end === current.end
      ? { open: true }
      : { open: true, closesAt: toTime(end) };
  }
  // The next opening, skipping the closures in its way: each turn passes at least one closure whole.
  let from = t;
  let fromClosureEnd = false;
  for (let turn = 0; turn <= closures.length; turn += 1) {
    const start = nextStart(intervals, from, fromClosureEnd);
    if (start === undefined) return { open: false };
    const daysAhead = Math.floor(start / MINUTES_PER_DAY) - Math.floor(t / MINUTES_PER_DAY);
    const date = closures.length === 0 ? '' : addDays(today, daysAhead);
    const closure = closures.length === 0 ? null : activeClosure(closures, date);
    if (closure === null) {
      return {
        open: false,
        opensAt: {
          day: (Math.floor(start / MINUTES_PER_DAY) % 7) + 1,
          time: toTime(start),
          ...(daysAhead >= 7 && date !== '' ? { date } : {}),
        },
      };
    }
    if (closure.to === null) return { open: false };
    from = todayStart + (daysBetween(today, closure.to) + 1) * MINUTES_PER_DAY;
    fromClosureEnd = true;
  }
  return { open: false };
}

/** The instant of 00:00 in Paris on the day after `now`'s (Paris) day, found by the minute. */
function parisMidnightAfter(now: Date): number {
  const { minutes } = parisWeekTime(now);
  // From the start of this minute to midnight: what is left of the day in Paris (23 or 25-hour days move
  // midnight, not the count of minutes since it).
  const minuteStart = now.getTime() - (now.getTime() % 60_000);
  return minuteStart + (MINUTES_PER_DAY - minutes) * 60_000;
}

/** Tomorrow at 00:00: the opening of a place whose hours run over midnight, as `opensAt` says it. */
function firstMinuteOf(day: Date): { day: number; time: string } {
  return { day: parisWeekTime(day).day, time: '00:00' };
}

/** Days from `now`'s weekday to the next `day` (1 to 7; the same weekday is a week away). */
function daysUntil(now: Date, day: number): number {
  const today = parisWeekTime(now).day;
  return (day - today + 7) % 7 || 7;
}

/** Whole days from `a` to `b`, both `YYYY-MM-DD`. */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * The first opening at or after minute `x` of the weekly pattern (any week: the answer is in `x`'s frame);
 * with `covered`, `x` itself when an interval is running then (a place opening again at 00:00 after a
 * closure, in the middle of an evening that began the day before).
 */
function nextStart(intervals: readonly Interval[], x: number, covered: boolean): number | undefined {
  if (intervals.length === 0) return undefined;
  // Into the second week of the two `weekIntervals` gives.
  const shift = (Math.floor(x / MINUTES_PER_WEEK) - 1) * MINUTES_PER_WEEK;
  const y = x - shift;
  if (covered && intervals.some((i) => i.start <= y && y < i.end)) return x;
  const next = intervals.find((i) => i.start >= y);
  // Past the last interval of the second week: the first one of the week comes round again.
  return (next === undefined ? intervals[0]!.start + 2 * MINUTES_PER_WEEK : next.start) + shift;
}

/** `'14:30'` → `'14 h 30'`, `'09:00'` → `'9 h'`, `'00:00'` → `'0 h'` (French typography). */
export function formatFrenchTime(time: string): string {
  const [h = '0', m = '00'] = time.split(':');
  const hour = String(Number(h) % 24);
  return m === '00' ? `${hour} h` : `${hour} h ${m}`;
}

/**
 * A time something ends: `'00:00'` (or `'24:00'`) is « minuit » (« 7 h 30 – minuit », « ferme à minuit »), not
 * « 0 h »; any other time as `formatFrenchTime`. A start at 00:00 stays « 0 h »: « dimanche à minuit » would
 * read as the end of Sunday.
 */
export function formatFrenchEndTime(time: string): string {
  return time === '00:00' || time === '24:00' ? 'minuit' : formatFrenchTime(time);
}

/** `{ opens: '19:00', closes: '21:30' }` → `'19 h – 21 h 30'`: one slot of opening hours. */
export function formatTimeRange(range: { opens: string; closes: string }): string {
  return `${formatFrenchTime(range.opens)} – ${formatFrenchEndTime(range.closes)}`;
}

/**
 * A short French sentence of the status: "Ouvert maintenant · ferme à 14 h 30", "Fermé · ouvre demain à
 * 12 h", « Fermé exceptionnellement jusqu’au samedi 15 août » in a closure.
 */
export function describeOpeningStatus(status: OpeningStatus, now: Date): string {
  if (status.closure !== undefined) {
    // Its last day: « jusqu’au mercredi 2 décembre » on 2 December says nothing of tomorrow.
    if (status.closure.to === parisDay(now)) {
      const again = status.reopensAt;
      if (again === undefined) return 'Fermé aujourd’hui';
      const when =
        again.date !== undefined
          ? `le ${formatFrenchDate(again.date, parisDay(now))}`
          : DAY_NAMES_FR[again.day - 1]!;
      return `Fermé aujourd’hui, réouverture ${when} à ${formatFrenchTime(again.time)}`;
    }
    return closureStatusText(status.closure, parisDay(now));
  }
  if (status.open) {
    return status.closesAt === undefined
      ? 'Ouvert maintenant'
      : `Ouvert maintenant · ferme à ${formatFrenchEndTime(status.closesAt)}`;
  }
  if (status.opensAt === undefined) return 'Fermé';
  const today = parisWeekTime(now).day;
  const { day, time, date } = status.opensAt;
  if (date !== undefined) {
    return `Fermé · ouvre le ${formatFrenchDate(date, parisDay(now))} à ${formatFrenchTime(time)}`;
  }
  const when =
    day === today && toMinutes(time) > parisWeekTime(now).minutes
      ? ''
      : day === (today % 7) + 1
        ? 'demain '
        : `${DAY_NAMES_FR[day - 1]} `;
  return `Fermé · ouvre ${when}à ${formatFrenchTime(time)}`;
}
