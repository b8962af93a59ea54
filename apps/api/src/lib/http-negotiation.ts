/* What a request asks of an answer: its encoding, whether it already has it, how it may be cached. */
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** A `q` parameter as RFC 9110 (12.4.2) writes it: 0 to 1, at most three decimals. */
const QVALUE_RE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The encoding an `Accept-Encoding` header prefers (RFC 9110, 12.5.3): the highest `q` among Brotli, gzip
 * and none, Brotli then gzip on a tie; `q=0` refuses a coding; `*` stands for those not named. No coding
 * is acceptable unless named (or `*`), except `identity`, acceptable unless refused, at the lowest `q`
 * named (as the `negotiator` package does: `gzip;q=0.5` still prefers gzip). Refused everything: none.
 * No header, or an empty one: none.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (header === undefined || header.trim() === '') return 'identity';
  const named = new Map<string, number>();
  let lowest = 1;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (rawName === '') continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const match = qParam === undefined ? null : QVALUE_RE.exec(qParam.replace(/\s+/g, ''));
    // A malformed q (`q=high`, `q=2`) is not a preference anyone can mean: the coding is left unnamed.
    if (qParam !== undefined && match === null) continue;
    const q = match === null ? 1 : Number(match[1]);
    const name = rawName === 'x-gzip' ? 'gzip' : rawName;
    // Repeated names: the first one counts.
    if (!named.has(name)) named.set(name, q);
    if (q > 0) lowest = Math.min(lowest, q);
  }
  const star = named.get('*');
  const weight = (coding: Encoding): number =>
    named.get(coding) ?? star ?? (coding === 'identity' ? lowest : 0);
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const coding of ['br', 'gzip', 'identity'] as const) {
    const w = weight(coding);
    if (w > bestWeight) {
      best = coding;
      bestWeight = w;
    }
  }
  return best;
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, lists and `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Public answers are revalidated on every use (the ETag makes that a 304); one asked with a token stays
 * out of shared caches.
 */
export function publicCacheControl(request: FastifyRequest): string {
  return request.headers.authorization === undefined ? 'public, no-cache' : 'private, no-cache';
}

/** The query string of a request's URL, `?` included; empty when it has none (or only a bare `?`). */
export function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 || at === url.length - 1 ? '' : url.slice(at);
}

/**
 * Adds `Accept-Encoding` to the answer's `Vary`, keeping what is there (the CORS plugin's `Origin` on the
 * public reads): `reply.header` would replace it.
 */
export function varyOnEncoding(reply: FastifyReply): FastifyReply {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return reply;
  return reply.header('vary', [...names, 'accept-encoding'].join(', '));
}
