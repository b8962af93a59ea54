import { activeClosure, addDays, parisDate, type Closure } from '@tables-voisines/contract/closures';
import {
  DAY_NAMES_FR,
  formatFrenchTime,
  parisWeekTime,
  type OpeningHoursEntry,
} from '@tables-voisines/contract/opening-hours';

function slotsOf(hours: readonly OpeningHoursEntry[], day: number): string {
  const slots = hours
    .filter((h) => h.day === day)
    .sort((a, b) => a.opens.localeCompare(b.opens))
    .map((h) => `${formatFrenchTime(h.opens)} – ${formatFrenchTime(h.closes)}`);
  return slots.length === 0 ? 'Fermé' : slots.join(', ');
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
  const date = closures.length === 0 ? '' : parisDate(now);
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
              <td>{closedOn(day) ? CLOSED_FOR_CLOSURE : slotsOf(hours, day)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
