import { Link } from 'react-router';
import { Logo } from './logo';

/** Logo, product name (back to the map) and the restaurant owners' entry. */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="tv-header">
      <Link to="/" prefetch="intent" className="tv-link tv-header__home">
        <Logo size={32} />
        {siteName}
      </Link>
      <Link to="/espace-restaurateur" prefetch="intent" className="tv-link tv-strong">
        Espace restaurateur
      </Link>
    </header>
  );
}
