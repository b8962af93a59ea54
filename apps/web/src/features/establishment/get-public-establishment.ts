import { useQuery } from '@tanstack/react-query';
import type { PublicEstablishment } from '@tables-voisines/contract/schemas/establishment';

/**
 * `GET /establishment/{id}/public`: the page's establishment refreshed in the browser after the server
 * rendered it (an edit made since a cached render shows without a reload). The answer is the contract's
 * `PublicEstablishmentSchema`; only its shape is checked here, to keep zod out of the public pages' code.
 */

/** A failed call (specification §8): named after the answer's `code`, `UnexpectedError` when absent. */
export class PublicEstablishmentError extends Error {
  constructor(
    name: string,
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = name;
  }
}

function isPublicEstablishment(value: unknown): value is PublicEstablishment {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.uri === 'string' && typeof v.name === 'string';
}

export async function fetchPublicEstablishment(
  id: string,
  signal?: AbortSignal,
): Promise<PublicEstablishment> {
  const response = await fetch(`/establishment/${encodeURIComponent(id)}/public`, {
    headers: { accept: 'application/json' },
    credentials: 'include',
    signal,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  if (!response.ok) {
    const code = (body as { code?: unknown } | null)?.code;
    throw new PublicEstablishmentError(
      typeof code === 'string' ? code : 'UnexpectedError',
      `Request failed with status code ${response.status}`,
      response.status,
      body,
    );
  }
  if (!isPublicEstablishment(body)) {
    throw new PublicEstablishmentError('UnexpectedError', 'Empty or malformed answer', response.status, body);
  }
  return body;
}

/** The server's copy first (same markup at hydration), then the live one once the page is shown. */
export function usePublicEstablishment(initial: PublicEstablishment, renderedAt: string) {
  const query = useQuery({
    queryKey: ['establishment', initial.id, 'public'],
    queryFn: ({ signal }) => fetchPublicEstablishment(initial.id, signal),
    initialData: initial,
    initialDataUpdatedAt: Date.parse(renderedAt),
    staleTime: 0,
  });
  return query.data;
}
