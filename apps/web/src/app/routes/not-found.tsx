import { data } from 'react-router';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Page introuvable — Tables Voisines' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return (
    <main>
      <h1>Page introuvable</h1>
      <p>La page demandée n’existe pas ou n’est plus disponible.</p>
      <a href="/">Retour à la carte</a>
    </main>
  );
}
