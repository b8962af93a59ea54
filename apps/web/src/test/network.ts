import { vi } from 'vitest';

/*
 * The network boundary of a component test: `fetch` replaced for the test, recording what the page sends and
 * answering what a handler says. What the server does with a request is the API tests' business.
 */

export interface SentRequest {
  method: string;
  /** Path and query, as the page asked them. */
  url: string;
  headers: Headers;
  /** The JSON body sent, parsed; `null` without one. */
  body: unknown;
}

export type Handler = (request: SentRequest) => { status: number; body?: unknown } | undefined;

/**
 * Replaces `fetch` until `vi.unstubAllGlobals()`. `handler` answers a request or leaves it (`undefined`): a request
 * nobody answers gets a 404 with the API's error body, as an unknown route would.
 */
export function interceptFetch(handler: Handler): SentRequest[] {
  const sent: SentRequest[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init.body === 'string' ? init.body : null;
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init.headers),
      body: text === null ? null : (JSON.parse(text) as unknown),
    };
    sent.push(request);
    const answer = handler(request) ?? { status: 404, body: { code: 'NotFound', message: 'Introuvable.' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fake);
  return sent;
}
