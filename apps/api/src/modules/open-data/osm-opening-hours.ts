import type { OpeningHoursEntry } from '@tables-voisines/contract/opening-hours';

/** OpenStreetMap's day abbreviations, Monday (our 1) first. */
const OSM_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

/**
 * Days that share the same ranges as OpenStreetMap writes them: runs of three or more consecutive days as
 * `Mo-We`, others listed (`Mo,Tu`, `Mo,We,Fr`).
 */
function daySelector(days: readonly number[]): string {
  const parts: string[] = [];
  let start = 0;
  while (start < days.length) {
    let end = start;
    while (end + 1 < days.length && days[end + 1] === days[end]! + 1) end += 1;
    const run = days.slice(start, end + 1).map((d) => OSM_DAYS[d - 1]!);
    parts.push(run.length >= 3 ? `${run[0]}-${run[run.length - 1]}` : run.join(','));
    start = end + 1;
  }
  return parts.join(',');
}

/**
 * A week of opening hours (docs/api.md: Monday = 1, a `closes` earlier than `opens` runs past midnight) in
 * OpenStreetMap's `opening_hours` syntax: `Mo-Fr 12:00-14:00,19:00-22:30; Sa 19:00-24:00; Su 00:00-01:00`.
 * A range past midnight is cut there, its end written on the next day: in the syntax a later rule for a day
 * replaces everything said of that day, the night that runs into it from the day before included
 * (`Sa 19:00-01:30; Su 12:00-14:00` closes at midnight on Saturday). Days with the same ranges are grouped, in
 * the order of their first day. No hours: an empty text (unknown, not « closed »). Closures are not written:
 * they are dated, and the open files carry them apart.
 */
export function toOsmOpeningHours(hours: readonly OpeningHoursEntry[]): string {
  const byDay = new Map<number, [string, string][]>();
  const add = (day: number, from: string, to: string) =>
    byDay.set(day, [...(byDay.get(day) ?? []), [from, to]]);
  for (const { day, opens, closes } of hours) {
    if (closes > opens) add(day, opens, closes);
    else {
      add(day, opens, '24:00');
      if (closes !== '00:00') add((day % 7) + 1, '00:00', closes);
    }
  }
  const groups = new Map<string, number[]>();
  for (let day = 1; day <= 7; day += 1) {
    const ranges = byDay.get(day);
    if (ranges === undefined) continue;
    const text = ranges
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([from, to]) => `${from}-${to}`)
      .join(',');
    groups.set(text, [...(groups.get(text) ?? []), day]);
  }
  return [...groups.entries()].map(([ranges, days]) => `${daySelector(days)} ${ranges}`).join('; ');
}

/** A week with no change of time (no clock change in December), Monday 7 December 2026, in local time. */
const REFERENCE_MONDAY = [2026, 11, 7] as const;

const hhmm = (date: Date) =>
  `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

/**
 * OpenStreetMap's `opening_hours` read into a week of hours, with OpenStreetMap's own reader (the
 * `opening_hours` library): the ranges it opens over a reference week, one entry per range (a range past
 * midnight stays one entry, closing the next day; a day open round the clock is two ranges that touch,
 * `00:00-12:00` and `12:00-00:00`). Rules for public holidays (`PH off`) are left out: the hours here do not
 * know them. What changes from one week to another (dates, months, week numbers, sunrise) cannot be written
 * as a week and is refused, with why, in French.
 */
export async function fromOsmOpeningHours(
  text: string,
): Promise<{ hours: OpeningHoursEntry[] } | { error: string }> {
  const { default: OpeningHours } = await import('opening_hours');
  const rules = text
    .split(';')
    .map((rule) => rule.trim())
    .filter((rule) => rule !== '' && !/^PH\b/i.test(rule));
  if (rules.length === 0) return { hours: [] };
  let read: InstanceType<typeof OpeningHours>;
  try {
    read = new OpeningHours(rules.join('; '), null, 0);
  } catch (error) {
    const reason = String((error as Error).message ?? error).split('\n')[0];
    return { error: `Horaires OpenStreetMap illisibles (« ${text} ») : ${reason}` };
  }
  if (!read.isWeekStable()) {
    return {
      error: `Horaires OpenStreetMap qui changent d’une semaine à l’autre (« ${text} ») : seules des horaires identiques chaque semaine peuvent être reprises.`,
    };
  }
  const [year, month, day] = REFERENCE_MONDAY;
  const start = new Date(year, month, day);
  const end = new Date(year, month, day + 7);
  const hours: OpeningHoursEntry[] = [];
  const DAY_MS = 24 * 3600_000;
  for (const [from, to] of read.getOpenIntervals(start, end)) {
    for (let opens = from; opens < to;) {
      const weekday = ((opens.getDay() + 6) % 7) + 1;
      // Under a day: one entry, closing the next day when it runs past midnight.
      if (to.getTime() - opens.getTime() < DAY_MS) {
        hours.push({ day: weekday, opens: hhmm(opens), closes: hhmm(to) });
        break;
      }
      const dayEnd = new Date(opens.getFullYear(), opens.getMonth(), opens.getDate() + 1);
      if (hhmm(opens) === '00:00') {
        // A whole day: two ranges that touch.
        hours.push(
          { day: weekday, opens: '00:00', closes: '12:00' },
          { day: weekday, opens: '12:00', closes: '00:00' },
        );
      } else hours.push({ day: weekday, opens: hhmm(opens), closes: '00:00' });
      opens = dayEnd;
    }
  }
  // The night of Sunday into Monday: OpenStreetMap's reader gives its Monday part at the week's start.
  const merged = mergeWrappedNight(hours);
  return merged.length > 21
    ? { error: `Horaires OpenStreetMap trop découpées (« ${text} ») : 21 plages par semaine au plus.` }
    : { hours: merged };
}

/**
 * Monday's range from 00:00, which the reader gives at the week's start, is Sunday's night going on when Sunday
 * has a range until 00:00: one entry on Sunday, closing on Monday.
 */
function mergeWrappedNight(hours: OpeningHoursEntry[]): OpeningHoursEntry[] {
  const mondayMorning = hours.find((h) => h.day === 1 && h.opens === '00:00');
  const sundayNight = hours.find((h) => h.day === 7 && h.closes === '00:00' && h.opens !== '00:00');
  const wholeDay = (day: number) =>
    hours.some((h) => h.day === day && h.opens === '00:00' && h.closes === '12:00') &&
    hours.some((h) => h.day === day && h.opens === '12:00' && h.closes === '00:00');
  if (mondayMorning === undefined || sundayNight === undefined || wholeDay(1) || wholeDay(7)) return hours;
  return hours
    .filter((h) => h !== mondayMorning)
    .map((h) => (h === sundayNight ? { ...h, closes: mondayMorning.closes } : h));
}
