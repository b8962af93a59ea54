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

/** The week, Monday first, today's row highlighted. */
export function OpeningHoursTable({ hours, now }: { hours: readonly OpeningHoursEntry[]; now: Date }) {
  const today = parisWeekTime(now).day;
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
              <td>{slotsOf(hours, day)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
