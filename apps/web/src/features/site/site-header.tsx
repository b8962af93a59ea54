import { Link } from 'react-router';
import { Logo } from './logo';

/** Logo, product name (back to the map), « Données ouvertes », « Nous contacter », the restaurant owners' entry. */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="tv-header">
      <Link to="/" prefetch="intent" className="tv-link tv-header__home">
        <Logo size={32} />
        {siteName}
      </Link>
      <nav aria-label="Liens du site" className="tv-header__links">
        {/* Not on a phone: the product's name and both links do not fit 390 px (the name went on two lines);
            there the map's panel and the owners' claim screen link it. */}
        <Link to="/donnees-ouvertes" className="tv-link tv-header__open-data">
          Données ouvertes
        </Link>
        <Link to="/contact" className="tv-link tv-header__contact">
          Nous contacter
        </Link>
        <Link to="/espace-restaurateur" prefetch="intent" className="tv-link tv-strong">
          Espace restaurateur
        </Link>
      </nav>
    </header>
  );
}
