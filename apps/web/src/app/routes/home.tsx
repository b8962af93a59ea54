import { HomePanel } from '../../features/map/home-panel';
import { loadMapChunkEarly } from '../../features/map/map-area';
import { QueryProvider } from '../../lib/query-provider';
import type { Route } from './+types/home';

// The map is this page: its chunk is asked as soon as this module runs in the browser.
loadMapChunkEarly();

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
