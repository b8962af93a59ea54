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
