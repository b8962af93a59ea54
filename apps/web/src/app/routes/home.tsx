import type { Route } from './+types/home';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Tables Voisines — les restaurateurs de votre quartier' },
    {
      name: 'description',
      content:
        'Trouvez et soutenez les restaurateurs locaux partout en France : carte, pages des établissements et ardoises du jour.',
    },
  ];
}

export default function Home() {
  return (
    <main>
      <h1>Tables Voisines</h1>
      <p>Trouvez et soutenez les restaurateurs de votre quartier, partout en France.</p>
      <p>
        <a href="/api/docs">Documentation de l’API</a>
      </p>
    </main>
  );
}
