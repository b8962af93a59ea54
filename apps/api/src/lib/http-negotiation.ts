/* What a request asks of an answer: its encoding, whether it already has it, how it may be cached. */
import type { FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding an `Accept-Encoding` header allows: Brotli, then gzip, then none. */
export function preferredEncoding(header: string | undefined): Encoding {
  if (header === undefined || header === '') return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
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
