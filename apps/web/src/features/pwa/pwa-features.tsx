import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { registerServiceWorker } from './register-service-worker';
import { SmartBanner } from './smart-banner';
import { storagePrefix } from './storage-prefix';

let started = false;

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
  return <SmartBanner appName={siteName} storagePrefix={storagePrefix(siteShortName)} pathname={pathname} />;
}
