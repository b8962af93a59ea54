const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Europe/Paris as `YYYY-MM-DD`: the day menu boards are published for. */
export function parisDay(now: Date): string {
  return PARIS_DAY.format(now);
}

/** A calendar day `days` after (or before) `isoDate`: `('2026-11-30', 1)` → `'2026-12-01'`. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
