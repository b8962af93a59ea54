import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { hardNavigate, isLoadFailure } from './hard-navigation';

/**
 * In an error boundary: when the error is a failed fetch of code or data, load the address afresh (after a
 * failed navigation the location is already the target). Answers whether that full load is under way, to
 * show the loading screen rather than an error.
 */
export function useHardNavigationOnLoadFailure(error: unknown): boolean {
  const location = useLocation();
  const [reloading, setReloading] = useState(false);
  const target = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (isLoadFailure(error) && hardNavigate(target)) setReloading(true);
  }, [error, target]);
  return reloading;
}
