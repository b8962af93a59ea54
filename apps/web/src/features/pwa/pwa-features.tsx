import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { registerServiceWorker } from './register-service-worker';
import { CACHE_PAGE_MESSAGE, isKeptDocumentPath } from './sw-routes';
import { SmartBanner } from './smart-banner';
import { storagePrefix } from './storage-prefix';

let started = false;

/**
 * A public page reached inside the app (a place's page, its report form, « Nous contacter », « Données
 * ouvertes »): a client navigation fetches its `.data` only, so its document is handed to the worker too,
 * and the page opens offline by any way in, a link or the offline page's list (issue 49, point 6). The
 * first page of a visit came by a navigation, which the worker keeps itself (or is handed on a first
 * install, `registerServiceWorker`).
 */
function useKeepPageReachedInApp(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
    if (worker === null || !isKeptDocumentPath(pathname)) return;
    worker.postMessage({ type: CACHE_PAGE_MESSAGE, urls: [new URL(pathname, window.location.origin).href] });
  }, [pathname]);
}

/**
 * What the installable app adds to every page once it is shown: the service worker and the smart app
 * banner. Loaded lazily by `PwaLoader`, out of the pages' first JavaScript. The worker's state is written
 * on `<html data-service-worker>` (and `data-offline-ready` once the first page is cached) for tests and
 * for support.
 */
export default function PwaFeatures({
  siteName,
  siteShortName,
}: {
  siteName: string;
  siteShortName: string;
}) {
  useEffect(() => {
    // The worker is a build output: Vite's development server (the only one with `import.meta.hot`) has
    // none. Not `import.meta.env.DEV`, which follows NODE_ENV and is true in a build made under a test run.
    if (started || import.meta.hot !== undefined) return;
    started = true;
    const root = document.documentElement;
    void registerServiceWorker({
      onStateChange: (state) => {
        root.dataset.serviceWorker = state;
      },
      onPageCached: () => {
        root.dataset.offlineReady = 'true';
      },
    });
  }, []);

  const { pathname } = useLocation();
  useKeepPageReachedInApp(pathname);
  return <SmartBanner appName={siteName} storagePrefix={storagePrefix(siteShortName)} pathname={pathname} />;
}
