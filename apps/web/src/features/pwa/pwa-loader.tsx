import { Suspense, lazy, useEffect, useState } from 'react';

const PwaFeatures = lazy(() => import('./pwa-features'));

/**
 * Mounts the service worker registration and the smart banner in the browser only, after the page has
 * loaded: their code (workbox-window, the banner) is a separate chunk that never delays the first paint
 * nor hydration.
 */
export function PwaLoader(props: { siteName: string; siteShortName: string }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PwaFeatures {...props} />
    </Suspense>
  );
}
