import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { KIND_LABELS, VENUE_TYPE_LABELS } from '@tables-voisines/contract/labels';
import { telHref } from '@tables-voisines/contract/phone';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { formatDistance } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { FollowButton } from '../follow/follow-button';
import { useShowEstablishmentOnMap } from '../map/map-store';
import { useFocusOnArrival } from '../navigation/focus-after-navigation';
import { Icon, PHONE_ICON, PLACE_ICON, WEBSITE_ICON } from '../site/icons';
import { EstablishmentPhoto } from './establishment-photo';
import { establishmentHeadline, establishmentUrl } from './establishment-seo';
import { usePublicEstablishment } from './get-public-establishment';
import type { EstablishmentPageData } from './load-establishment-page';
import { MenuBoardSection } from './menu-board-section';
import { OpeningHoursTable } from './opening-hours-table';
import { ClosureAnnouncement, OpeningStatusLine, VerifiedLine } from './opening-status-line';
import { usePageStats } from './page-stats';
import { ShareButtons } from './share-buttons';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="tv-h2">
        {title}
      </h2>
      {children}
    </section>
  );
}

function websiteLabel(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Photo, name, type and town, open status, « Suivre », today's board, contact, hours, groups, share. */
export function EstablishmentPage({ page }: { page: EstablishmentPageData }) {
  const establishment = usePublicEstablishment(page.establishment, page.renderedAt);
  const now = useNow(page.renderedAt);
  useShowEstablishmentOnMap(establishment);
  // Opened from the map or the list: the focus goes to the place's name, where reading starts.
  const title = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(() => title.current, [establishment.id]);
  // What the page brings its owner (« Statistiques »): the view, and the taps on what is marked `data-stat`.
  const countTap = usePageStats(establishment.id, page.siteShortName);

  const { address, location } = establishment;
  const street = [address.street, [address.postcode, address.town].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const directions = `https://www.google.com/maps/dir/?api=1&destination=${location.latitude},${location.longitude}`;
  const url = establishmentUrl(page.publicUrl, establishment);
  const categoryName = new Map(page.categories.map((c) => [c.id, c.name]));
  const cuisines = establishment.categories.flatMap((id) => categoryName.get(id) ?? []);

  return (
    <article aria-labelledby="nom" className="tv-establishment" onClick={countTap} onAuxClick={countTap}>
      {establishment.photo && <EstablishmentPhoto photo={establishment.photo} name={establishment.name} />}
      <div className="tv-establishment__head">
        <h1 id="nom" ref={title} tabIndex={-1} className="tv-h1">
          {establishment.name}
        </h1>
        <p className="tv-text tv-muted">
          {VENUE_TYPE_LABELS[establishment.venueType]} · {address.town}
          {establishment.priceRange && ` · ${establishment.priceRange}`}
        </p>
        <OpeningStatusLine hours={establishment.openingHours} closures={establishment.closures} now={now} />
        {/* One notification on the day it publishes its board (« Suivre », issue 51). */}
        <FollowButton place={establishment} siteShortName={page.siteShortName} />
        {(establishment.kind === 'remplisvert' || cuisines.length > 0) && (
          <div className="tv-chips" style={{ gap: 8 }}>
            {establishment.kind === 'remplisvert' && (
              <span className="tv-chip tv-chip--remplisvert">{KIND_LABELS.remplisvert}</span>
            )}
            {cuisines.map((name) => (
              <span key={name} className="tv-chip">
                {name}
              </span>
            ))}
          </div>
        )}
        {establishment.description && <p className="tv-text tv-description">{establishment.description}</p>}
      </div>

      {page.menuBoard && page.menuBoard.items.length > 0 && (
        <MenuBoardSection board={page.menuBoard} categories={page.categories} />
      )}

      <Section id="coordonnees" title="Adresse et contact">
        <div className="tv-contact">
          <div>
            <Icon path={PLACE_ICON} />
            <div>
              <address>{street}</address>
              <a
                href={directions}
                target="_blank"
                rel="noopener noreferrer"
                className="tv-button tv-button--contained tv-button--small"
                data-stat="directions"
              >
                Itinéraire
              </a>
              {/* Phones: the small map is at the end of the page (on desktop it is beside it). */}
              <a href="#carte" className="tv-button tv-button--small tv-phone-only">
                Voir sur la carte
              </a>
            </div>
          </div>
          {establishment.phone && (
            <div>
              <Icon path={PHONE_ICON} />
              <a href={telHref(establishment.phone)} className="tv-link" data-stat="phone">
                {establishment.phone}
              </a>
            </div>
          )}
          {establishment.website && (
            <div>
              <Icon path={WEBSITE_ICON} />
              <a
                href={establishment.website}
                target="_blank"
                rel="noopener noreferrer"
                className="tv-link"
                data-stat="website"
              >
                {websiteLabel(establishment.website)}
              </a>
            </div>
          )}
        </div>
      </Section>

      <Section id="horaires" title="Horaires">
        <ClosureAnnouncement closures={establishment.closures} now={now} />
        {establishment.openingHours.length === 0 ? (
          <p className="tv-text tv-muted">Horaires non communiqués.</p>
        ) : (
          <OpeningHoursTable hours={establishment.openingHours} now={now} closures={establishment.closures} />
        )}
      </Section>

      {/* When the owner or the team last said all of the above is right (address, contact, hours). */}
      <VerifiedLine verifiedAt={establishment.verifiedAt} />

      {page.groups.length > 0 && (
        <Section id="collectifs" title="Collectifs">
          <ul className="tv-list">
            {page.groups.map((group) => (
              <li key={group.id}>{group.name}</li>
            ))}
          </ul>
        </Section>
      )}

      {page.nearby.length > 0 && (
        <Section id="a-proximite" title="À proximité">
          {/* Links in the server's HTML: read, followed and indexed without any script. */}
          <ul className="tv-nearby">
            {page.nearby.map((place) => (
              <li key={place.uri}>
                <Link to={establishmentPath(place.kind, place.uri)} className="tv-link">
                  {place.name}
                </Link>
                <span className="tv-small tv-muted">
                  {` à ${formatDistance(place.distanceMeters)}${place.town === establishment.address.town ? '' : ` · ${place.town}`}`}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="partager" title="Partager">
        <ShareButtons url={url} title={establishmentHeadline(establishment)} />
      </Section>

      {/* Something wrong on the page: a visitor tells the team and the owner (a page of its own, no script needed). */}
      <p className="tv-text tv-report-link">
        <Link to={`${establishmentPath(establishment.kind, establishment.uri)}/signaler`} className="tv-link">
          Signaler une erreur
        </Link>
      </p>
    </article>
  );
}
