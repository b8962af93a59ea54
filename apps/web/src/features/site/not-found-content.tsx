import { Form, Link } from 'react-router';
import type { PageSuggestion } from '@tables-voisines/contract/public-data';
import { establishmentPath } from '@tables-voisines/contract/site-paths';

/** What the 404 of an establishment's address carries: public pages named like the words of the address. */
export interface NotFoundData {
  suggestions: PageSuggestion[];
}

/**
 * "Page introuvable": the pages whose names are nearest to the address asked, when there are some (« Vous
 * cherchiez peut-être : … »), a search that opens the map on the words typed (`/?q=`), and the way back to
 * the map.
 */
export function NotFoundContent({ suggestions = [] }: { suggestions?: readonly PageSuggestion[] }) {
  return (
    <div className="tv-not-found">
      <h1 className="tv-h1">Page introuvable</h1>
      <p className="tv-text" style={{ marginBottom: suggestions.length > 0 ? 8 : 24 }}>
        La page demandée n’existe pas ou n’est plus disponible.
        {suggestions.length > 0
          ? ' Vous cherchiez peut-être\u00a0:'
          : ' Cherchez un établissement ou une ville\u00a0:'}
      </p>
      {suggestions.length > 0 && (
        <>
          <ul className="tv-nearby" style={{ marginBottom: 24 }} aria-label="Vous cherchiez peut-être">
            {suggestions.map((page) => (
              <li key={page.uri}>
                <Link to={establishmentPath(page.kind, page.uri)} className="tv-link">
                  {page.name}
                </Link>
                <span className="tv-small tv-muted">{` · ${page.town}`}</span>
              </li>
            ))}
          </ul>
          <p className="tv-text" style={{ marginBottom: 24 }}>
            Ou cherchez un établissement ou une ville&nbsp;:
          </p>
        </>
      )}
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
