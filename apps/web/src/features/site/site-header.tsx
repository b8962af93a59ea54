import { Link } from 'react-router';
import { Logo } from './logo';

/** Logo, product name (back to the map), « Nous contacter » and the restaurant owners' entry. */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="tv-header">
      <Link to="/" prefetch="intent" className="tv-link tv-header__home">
        <Logo size={32} />
        {siteName}
      </Link>
      <nav aria-label="Liens du site" className="tv-header__links">
        {/* « Contact » on a phone, where the product's name and both links share 390 px. */}
        <Link to="/contact" className="tv-link" aria-label="Nous contacter">
          <span className="tv-header__long">Nous contacter</span>
          <span className="tv-header__short">Contact</span>
        </Link>
        <Link to="/espace-restaurateur" prefetch="intent" className="tv-link tv-strong">
          Espace restaurateur
        </Link>
      </nav>
    </header>
  );
}
