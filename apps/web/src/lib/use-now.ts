import { useEffect, useState } from 'react';

/**
 * The current time for what depends on it (open now, today's row). The first render uses `renderedAt`,
 * the instant the server rendered the page, so hydration matches even when the page came from a cache;
 * the browser's clock takes over right after, then every minute.
 */
export function useNow(renderedAt: string | number): Date {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
