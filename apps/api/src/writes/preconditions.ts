import { AppError } from '@tables-voisines/contract/errors';

/**
 * The strong entity tag of a record: its id and its version, which a database trigger raises on every
 * update (migration 0004). The id is part of it so that a board deleted and published again, whose version
 * starts over, never matches a tag read from the one before.
 */
export function etagOf(record: { id: string; version: number }): string {
  return `"${record.id}.${record.version}"`;
}

/** The entity tags of an `If-Match` or `If-None-Match` header, `*` included; `null` when there is none. */
export function parseEntityTags(header: string | undefined): string[] | null {
  if (header === undefined || header.trim() === '') return null;
  if (header.trim() === '*') return ['*'];
  return header.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

const isWeak = (tag: string) => tag.startsWith('W/');
const opaque = (tag: string) => (isWeak(tag) ? tag.slice(2) : tag);

/**
 * RFC 9110, 13.1.1 and 13.1.2, for a write: `If-Match` holds when the record exists and one of the tags is
 * its current tag under the strong comparison (a weak tag never matches), or is `*`; `If-None-Match` holds
 * when no tag matches under the weak comparison (`*`: when there is no record). `current` is `null` when
 * there is no current record.
 */
export function preconditionHolds(
  headers: { ifMatch?: string | undefined; ifNoneMatch?: string | undefined },
  current: string | null,
): boolean {
  const match = parseEntityTags(headers.ifMatch);
  if (match !== null) {
    if (current === null) return false;
    if (!match.some((tag) => tag === '*' || (!isWeak(tag) && tag === current))) return false;
  }
  const noneMatch = parseEntityTags(headers.ifNoneMatch);
  if (noneMatch !== null) {
    if (noneMatch.includes('*')) return current === null;
    if (current !== null && noneMatch.some((tag) => opaque(tag) === opaque(current))) return false;
  }
  return true;
}

export const preconditionFailed = (message?: string) => new AppError('PreconditionFailed', message);

/** The conditional headers of a request, as a write takes them. */
export function conditionsOf(request: { headers: Record<string, string | string[] | undefined> }) {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return { ifMatch: header('if-match'), ifNoneMatch: header('if-none-match') };
}
