import {
  closureAnnouncementText,
  upcomingClosure,
  verifiedText,
  type Closure,
} from '@tables-voisines/contract/closures';
import {
  describeOpeningStatus,
  openingStatus,
  type OpeningHoursEntry,
} from '@tables-voisines/contract/opening-hours';
import { parisDay } from '@tables-voisines/contract/paris-time';

/** « 11 h 45 », « 9 h »: a time, which a line never breaks inside. */
const TIME = /\d{1,2} h(?: \d{2})?/g;

/**
 * A sentence whose times are kept whole on narrow screens (« réouverture vendredi à 11 h / 45 » was seen on a
 * phone): each time in a span that does not wrap, the text itself unchanged.
 */
export function WithWholeTimes({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TIME)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} className="tv-nowrap">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/**
 * "Ouvert maintenant · ferme à 14 h 30" in green, "Fermé · ouvre à 19 h" in red, both AA on white; inside a
 * closure « Fermé exceptionnellement jusqu’au samedi 15 août » in red, its reason on the line after. The
 * same rule as the map's « Ouvert maintenant » (`openingStatus` with the closures).
 */
export function OpeningStatusLine({
  hours,
  closures,
  now,
}: {
  hours: readonly OpeningHoursEntry[];
  closures: readonly Closure[];
  now: Date;
}) {
  const status = openingStatus(hours, now, closures);
  if (hours.length === 0 && status.closure === undefined) return null;
  const reason = status.closure?.reason?.trim();
  return (
    <>
      <p
        data-testid="opening-status"
        className={`tv-status ${status.open ? 'tv-status--open' : 'tv-status--closed'}`}
      >
        <WithWholeTimes text={describeOpeningStatus(status, now)} />
      </p>
      {reason && (
        <p data-testid="closure-reason" className="tv-text tv-muted">
          {reason}
        </p>
      )}
    </>
  );
}

/**
 * A closure starting within 14 days, announced above the week's hours: « Fermeture prévue du lundi 3 au
 * samedi 15 août (Congés annuels) ». In the flow of the page, over nothing.
 */
export function ClosureAnnouncement({ closures, now }: { closures: readonly Closure[]; now: Date }) {
  const today = parisDay(now);
  const next = upcomingClosure(closures, today);
  if (next === null) return null;
  return (
    <p
      role="note"
      data-testid="closure-announcement"
      className="tv-text tv-notice"
      style={{ margin: '0 0 12px' }}
    >
      {closureAnnouncementText(next, today)}
    </p>
  );
}

/** « Informations vérifiées le 3 novembre 2026 », nothing when the information was never verified. */
export function VerifiedLine({ verifiedAt }: { verifiedAt: string | null }) {
  const text = verifiedText(verifiedAt);
  if (text === null) return null;
  return (
    <p data-testid="verified-at" className="tv-small tv-muted">
      {text}
    </p>
  );
}
