import { useEffect, useState } from 'react';
import type { PublicEstablishment } from '@tables-voisines/contract/schemas/establishment';
import { publicApiRequest } from '../../lib/public-api';

/** `GET /establishment/{id}/public`: the public view of an establishment, by id or page address. */
export function fetchPublicEstablishment(id: string, signal?: AbortSignal): Promise<PublicEstablishment> {
  return publicApiRequest('getPublicEstablishment', { params: { id }, signal });
}

/**
 * The server's copy first (same markup at hydration), then the live one once the page is shown, so that an
 * edit made since a cached render shows without a reload. A plain effect rather than react-query: one read
 * per page view needs no cache, and the detail page's JavaScript stays without react-query's observers.
 * A failed refresh keeps the server's copy.
 */
export function usePublicEstablishment(
  initial: PublicEstablishment,
  renderedAt: string,
): PublicEstablishment {
  const [live, setLive] = useState<PublicEstablishment | null>(null);
  const id = initial.id;
  useEffect(() => {
    const controller = new AbortController();
    setLive(null);
    fetchPublicEstablishment(id, controller.signal).then(setLive, (error: unknown) => {
      if (!controller.signal.aborted) console.warn('The establishment could not be refreshed', error);
    });
    return () => controller.abort();
  }, [id, renderedAt]);
  return live !== null && live.id === id ? live : initial;
}
