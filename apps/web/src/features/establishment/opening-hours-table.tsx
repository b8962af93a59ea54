import { activeClosure, type Closure } from '@tables-voisines/contract/closures';
import {
  DAY_NAMES_FR,
  formatTimeRange,
  parisWeekTime,
  type OpeningHoursEntry,
} from '@tables-voisines/contract/opening-hours';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

/**
 * A day's slots, each kept on one line: a narrow phone broke « 19 h – 21 h 30 » inside its last time
 * (« 21 h / 30 »); lines now break only between slots.
 */
function SlotsOf({ hours, day }: { hours: readonly OpeningHoursEntry[]; day: number }) {
  const slots = hours
    .filter((h) => h.day === day)
    // « HH:MM » sorts as text; `localeCompare` would make the page's first `Intl` collator (issue 55).
    .sort((a, b) => (a.opens < b.opens ? -1 : a.opens > b.opens ? 1 : 0))
    .map(formatTimeRange);
  if (slots.length === 0) return <>Fermé</>;
  return slots.map((slot, index) => (
    <span key={slot}>
      <span className="tv-nowrap">{slot}</span>
      {index < slots.length - 1 && ', '}
    </span>
  ));
}

/** What a day inside a closure says instead of its hours. */
export const CLOSED_FOR_CLOSURE = 'Fermé exceptionnellement';

/**
 * The week, Monday first, today's row highlighted. Each row is the coming day of that name (today, then the
 * six after it): a day inside one of the `closures` says « Fermé exceptionnellement » instead of its hours.
 */
export function OpeningHoursTable({
  hours,
  now,
  closures = [],
}: {
  hours: readonly OpeningHoursEntry[];
  now: Date;
  closures?: readonly Closure[];
}) {
  const today = parisWeekTime(now).day;
  const date = closures.length === 0 ? '' : parisDay(now);
  const closedOn = (day: number) =>
    closures.length > 0 && activeClosure(closures, addDays(date, (day - today + 7) % 7)) !== null;
  return (
    <table className="tv-hours">
      <caption className="tv-visually-hidden">Horaires d’ouverture de la semaine</caption>
      <tbody>
        {DAY_NAMES_FR.map((name, index) => {
          const day = index + 1;
          const isToday = day === today;
          return (
            <tr key={name} aria-current={isToday ? 'date' : undefined}>
              <th scope="row">
                {name}
                {isToday && <span className="tv-visually-hidden"> (aujourd’hui)</span>}
              </th>
              <td>{closedOn(day) ? CLOSED_FOR_CLOSURE : <SlotsOf hours={hours} day={day} />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
