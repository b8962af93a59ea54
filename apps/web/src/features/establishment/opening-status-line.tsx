import {
  describeOpeningStatus,
  openingStatus,
  type OpeningHoursEntry,
} from '@tables-voisines/contract/opening-hours';

/** "Ouvert maintenant · ferme à 14 h 30" in green, "Fermé · ouvre à 19 h" in red, both AA on white. */
export function OpeningStatusLine({ hours, now }: { hours: readonly OpeningHoursEntry[]; now: Date }) {
  if (hours.length === 0) return null;
  const status = openingStatus(hours, now);
  return (
    <p
      data-testid="opening-status"
      className={`tv-status ${status.open ? 'tv-status--open' : 'tv-status--closed'}`}
    >
      {describeOpeningStatus(status, now)}
    </p>
  );
}
