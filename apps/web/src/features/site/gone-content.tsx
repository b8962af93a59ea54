import { ofName } from '@tables-voisines/contract/french-names';
import { Link } from 'react-router';
import type { GonePlace } from '@tables-voisines/contract/public-data';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { formatDistance } from '../../lib/format';

/** The page's heading: what a visitor reads first at the address of a place that is no more. */
export function goneTitle(place: Pick<GonePlace, 'reason' | 'kind'>): string {
  if (place.reason === 'deleted') return 'Cette page n’existe plus';
  return place.kind === 'restaurant' ? 'Ce restaurant a fermé' : 'Cet établissement a fermé';
}

/**
 * The 410 page of a place closed for good or deleted, at any address it had (a printed poster's): what
 * happened, in words, and the places nearest to where it was, with links, then the way back to the map.
 */
export function GoneContent({ place }: { place: GonePlace }) {
  return (
    <div className="tv-not-found" data-testid="gone-page">
      <h1 className="tv-h1">{goneTitle(place)}</h1>
      <p className="tv-text" style={{ marginBottom: 24 }}>
        {place.reason === 'closed'
          ? `${place.name} (${place.town}) a fermé définitivement\u00a0: sa page n’est plus publiée.`
          : `La page ${ofName(place.name)} (${place.town}) a été retirée du site.`}
        {place.nearby.length > 0 ? ' Voici des établissements proches\u00a0:' : ''}
      </p>
      {place.nearby.length > 0 && (
        <ul className="tv-nearby" style={{ marginBottom: 24 }} aria-label="Établissements proches">
          {place.nearby.map((near) => (
            <li key={near.uri}>
              <Link to={establishmentPath(near.kind, near.uri)} className="tv-link">
                {near.name}
              </Link>
              <span className="tv-small tv-muted">
                {` à ${formatDistance(near.distanceMeters)}${near.town === place.town ? '' : ` · ${near.town}`}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/" prefetch="intent" className="tv-link tv-strong">
        Retour à la carte
      </Link>
    </div>
  );
}
