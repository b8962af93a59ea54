import { isRouteErrorResponse } from 'react-router';
import type { Kind } from '@tables-voisines/contract/labels';
import { EstablishmentPage } from '../../features/establishment/establishment-page';
import { establishmentMeta } from '../../features/establishment/establishment-seo';
import { loadEstablishmentPage } from '../../features/establishment/load-establishment-page';
import { useHardNavigationOnLoadFailure } from '../../features/navigation/use-hard-navigation-on-load-failure';
import { LoadingScreen } from '../../features/site/loading-screen';
import { NotFoundContent, type NotFoundData } from '../../features/site/not-found-content';
import { GoneContent, goneTitle } from '../../features/site/gone-content';
import type { GonePlace } from '@tables-voisines/contract/public-data';
import { publicDataContext } from '../public-data-context';
import type { Route } from './+types/establishment';

// Registered twice (routes.ts): `/restaurant/:uri` and `/remplisvert/:uri`; the address says which kind.
export function loader({ params, request, context }: Route.LoaderArgs) {
  const kind: Kind = new URL(request.url).pathname.startsWith('/remplisvert/') ? 'remplisvert' : 'restaurant';
  return loadEstablishmentPage(context.get(publicDataContext), request, kind, params.uri);
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  if (error != null || loaderData === undefined) {
    const siteName = matches[0]?.loaderData?.siteName ?? 'Tables Voisines';
    const title =
      isRouteErrorResponse(error) && error.status === 410 && error.data !== null
        ? goneTitle(error.data as GonePlace)
        : 'Page introuvable';
    return [{ title: `${title} — ${siteName}` }, { name: 'robots', content: 'noindex' }];
  }
  return establishmentMeta(loaderData);
}

export default function Establishment({ loaderData }: Route.ComponentProps) {
  return <EstablishmentPage key={loaderData.establishment.id} page={loaderData} />;
}

/** Unknown or disabled establishment: the 404 page, with pages named like the address; closed for good or deleted: the 410 page; the map beside. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reloading = useHardNavigationOnLoadFailure(error);
  if (reloading) return <LoadingScreen />;
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundContent suggestions={(error.data as NotFoundData | null)?.suggestions} />;
  if (isRouteErrorResponse(error) && error.status === 410)
    return <GoneContent place={error.data as GonePlace} />;
  throw error;
}
