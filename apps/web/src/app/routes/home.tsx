import { HomePanel } from '../../features/map/home-panel';
import { QueryProvider } from '../../lib/query-provider';
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
    <QueryProvider>
      <HomePanel />
    </QueryProvider>
  );
}
