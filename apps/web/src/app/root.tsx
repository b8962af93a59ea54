import type { ReactNode } from 'react';
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { isEmbedPath } from '../features/embed/is-embed-path';
import { useFocusAfterNavigation } from '../features/navigation/focus-after-navigation';
import { SlowNavigationNotice } from '../features/navigation/slow-navigation-notice';
import { useHardNavigationOnLoadFailure } from '../features/navigation/use-hard-navigation-on-load-failure';
import { watchFailedResources } from '../features/pwa/failed-resources';
import { PwaLoader } from '../features/pwa/pwa-loader';
import { LoadingScreen } from '../features/site/loading-screen';
import { NotFoundContent } from '../features/site/not-found-content';
import { SiteHeader } from '../features/site/site-header';
import type { Route } from './+types/root';
import { useClicksBeforeHydration } from './early-clicks';
import { publicDataContext } from './public-data-context';
import { SiteStylesheet } from './site-stylesheet';

/** Public settings from the API configuration, for every page (the map reads `mapStyleUrl`). */
export function loader({ context }: Route.LoaderArgs): PublicSettings {
  return context.get(publicDataContext).settings;
}

// The configuration does not change while a visitor browses: no data request for the root on navigation.
export function shouldRevalidate() {
  return false;
}

const DEFAULT_SITE_NAME = 'Tables Voisines';

// From the first script on: a service worker update reloads a page whose resources had failed to load.
if (typeof window !== 'undefined') watchFailedResources();

export function meta({ data, error }: Route.MetaArgs) {
  const siteName = data?.siteName ?? DEFAULT_SITE_NAME;
  if (error != null) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: `${notFound ? 'Page introuvable' : 'Erreur'} — ${siteName}` },
      { name: 'robots', content: 'noindex' },
    ];
  }
  return [{ title: siteName }];
}

export function Layout({ children }: { children: ReactNode }) {
  const settings = useRouteLoaderData<typeof loader>('root');
  // In another site's frame: no service worker nor app banner of ours over their page.
  const embedded = isEmbedPath(useLocation().pathname);
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f06023" />
        {/* The ICO (16, 32, 48 px, scripts/build-icons.mjs), not the SVG: a browser draws an SVG icon in the page's
            own thread, about 30 ms on a fast host for its first (a whole document), 150 on the phone of issue 55. */}
        <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        {settings && <meta name="apple-itunes-app" content={`app-id=${settings.iosAppId}`} />}
        {settings && <meta name="google-play-app" content={`app-id=${settings.androidPackageId}`} />}
        <SiteStylesheet />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {settings && !embedded && (
          <PwaLoader siteName={settings.siteName} siteShortName={settings.siteShortName} />
        )}
        {/* Its script reads `sessionStorage`, which a browser blocking third-party storage refuses a frame. */}
        {!embedded && <ScrollRestoration />}
        <Scripts />
      </body>
    </html>
  );
}

function Page({ children }: { children: ReactNode }) {
  const settings = useRouteLoaderData<typeof loader>('root');
  return (
    <div className="tv-page">
      <a href="#contenu" className="tv-skip-link">
        Aller au contenu
      </a>
      <SiteHeader siteName={settings?.siteName ?? DEFAULT_SITE_NAME} />
      <SlowNavigationNotice />
      <main id="contenu" tabIndex={-1} className="tv-main">
        {children}
      </main>
    </div>
  );
}

export default function App() {
  useFocusAfterNavigation();
  useClicksBeforeHydration();
  // The back office draws its own app bar and menu.
  const { pathname } = useLocation();
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return <Outlet />;
  // The embedded map (features/embed) is the whole frame: no header.
  if (isEmbedPath(pathname)) return <Outlet />;
  return (
    <Page>
      <Outlet />
    </Page>
  );
}

/** The logo and "Chargement en cours…" while the application boots (the static export's SPA fallback). */
export function HydrateFallback() {
  return <LoadingScreen />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reloading = useHardNavigationOnLoadFailure(error);
  if (reloading) return <LoadingScreen />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page>
        <NotFoundContent />
      </Page>
    );
  }
  return (
    <Page>
      <div className="tv-message-page">
        <h1 className="tv-h1">Une erreur est survenue</h1>
        <p className="tv-text" style={{ marginBottom: 16 }}>
          La page n’a pas pu s’afficher. Veuillez réessayer dans quelques instants.
        </p>
        <Link to="/" className="tv-button tv-button--contained">
          Retour à la carte
        </Link>
      </div>
    </Page>
  );
}
