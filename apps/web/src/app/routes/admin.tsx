import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
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
    <Box
      component="main"
      role="status"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <Typography variant="h1">Administration</Typography>
      <CircularProgress aria-hidden="true" size={28} />
      <Typography>Chargement de l’espace d’administration…</Typography>
    </Box>
  );
}

export default function AdminRoute({ loaderData }: Route.ComponentProps) {
  const { AdminApp } = loaderData;
  return <AdminApp />;
}
