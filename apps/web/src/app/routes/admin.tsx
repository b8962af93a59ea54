import { MuiProviders } from '../../theme/mui-providers';
import type { Route } from './+types/admin';

/*
 * `/admin/*`: the back office, a client-only react-admin app. The server renders a small French loading
 * shell; the browser loads the admin code (its own chunks, never loaded by the public pages) and mounts it.
 */

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.siteName ?? 'Tables Voisines';
  return [{ title: `Administration — ${siteName}` }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader() {
  const { AdminApp } = await import('../../features/admin/AdminApp.client');
  return { AdminApp };
}
clientLoader.hydrate = true as const;

// react-admin routes inside `/admin` itself: no loader call on those navigations.
export function shouldRevalidate() {
  return false;
}

export function HydrateFallback() {
  return (
    <main role="status" className="tv-loading">
      <h1 className="tv-h1">Administration</h1>
      <span className="tv-spinner" aria-hidden="true" />
      <p className="tv-text">Chargement de l’espace d’administration…</p>
    </main>
  );
}

export default function AdminRoute({ loaderData }: Route.ComponentProps) {
  const { AdminApp } = loaderData;
  return (
    <MuiProviders>
      <AdminApp />
    </MuiProviders>
  );
}
