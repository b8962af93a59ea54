import { data } from 'react-router';
import { NotFoundContent } from '../../features/site/not-found-content';
import type { Route } from './+types/not-found';

// A real 404 status for every unknown address, with the page below.
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.siteName ?? 'Tables Voisines';
  return [{ title: `Page introuvable — ${siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
