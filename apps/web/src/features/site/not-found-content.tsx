import { Form, Link } from 'react-router';

/** "Page introuvable": a search that opens the map on the words typed (`/?q=`), and the way back to the map. */
export function NotFoundContent() {
  return (
    <div className="tv-not-found">
      <h1 className="tv-h1">Page introuvable</h1>
      <p className="tv-text" style={{ marginBottom: 24 }}>
        La page demandée n’existe pas ou n’est plus disponible. Cherchez un établissement ou une ville :
      </p>
      <Form action="/" method="get" role="search" style={{ marginBottom: 24 }}>
        <label htmlFor="recherche-404" className="tv-label">
          Rechercher
        </label>
        <div className="tv-not-found__search">
          <input
            id="recherche-404"
            name="q"
            type="search"
            placeholder="Un restaurant, une ville…"
            className="tv-input"
          />
          <button type="submit" className="tv-button tv-button--contained">
            Rechercher
          </button>
        </div>
      </Form>
      <Link to="/" prefetch="intent" className="tv-link tv-strong">
        Retour à la carte
      </Link>
    </div>
  );
}
