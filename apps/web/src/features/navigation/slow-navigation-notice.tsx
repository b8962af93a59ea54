import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { setPendingNavigationTarget } from './hard-navigation';

/** How long a navigation may take before the notice shows. */
export const SLOW_NAVIGATION_MS = 1000;

/**
 * A thin notice when a navigation takes more than a second. The live region is always in the page so
 * that screen readers announce the text when it appears.
 */
export function SlowNavigationNotice() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const target = navigation.location
    ? `${navigation.location.pathname}${navigation.location.search}${navigation.location.hash}`
    : null;
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    setPendingNavigationTarget(target);
  }, [target]);

  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), SLOW_NAVIGATION_MS);
    return () => clearTimeout(timer);
  }, [busy, target]);

  return (
    <div role="status" aria-live="polite" className="tv-slow-notice">
      {slow && (
        <>
          {/* An indeterminate bar (public.css). */}
          <div aria-hidden="true" className="tv-progress">
            <span />
          </div>
          <p className="tv-paper tv-small tv-slow-notice__text" data-testid="slow-navigation">
            Chargement un peu long…
          </p>
        </>
      )}
    </div>
  );
}
