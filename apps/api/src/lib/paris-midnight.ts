import { parisDay } from './today';

const HOUR_MS = 3_600_000;

/**
 * The instant a day (`YYYY-MM-DD`) starts in Europe/Paris: 22:00 or 23:00 UTC the day before (summer or
 * winter time; clocks never change at midnight there).
 */
export function parisMidnight(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(year, month - 1, date);
  for (const offsetHours of [2, 1]) {
    const candidate = utcMidnight - offsetHours * HOUR_MS;
    if (parisDay(new Date(candidate)) === day && parisDay(new Date(candidate - 1000)) !== day) {
      return new Date(candidate);
    }
  }
  throw new Error(`No midnight in Paris on ${day}`);
}
