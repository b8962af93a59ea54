import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import { matchesEtag } from '../lib/http-negotiation';

/**
 * A record as its entity tag sees it: its id and version, and what its answer shows of other rows, which
 * the record's own version does not follow. The real rows carry these fields; a write's
 * `checkPrecondition` and the read answering the tag are given the same row, so they agree.
 */
export interface Tagged {
  id: string;
  version: number;
  /** An owner's establishment (`OwnerRow`): the link is kept on the establishment's row, not the owner's. */
  establishmentId?: string | null;
  /** A board's establishment as the board shows it (`MenuBoardAnswer`): renamed or moved on its own row. */
  establishment?: {
    uri: string;
    name: string;
    kind: string;
    location: { latitude: number; longitude: number };
  };
  /** Whether a board's establishment has an owner (`MenuBoardAnswer`): the back office says it is told. */
  hasOwner?: boolean;
  /**
   * Whether a board's establishment is closed on its day (`MenuBoardAnswer`): a closure or new hours are
   * written on the establishment's row.
   */
  closedOnDate?: boolean;
}

/** What the answer shows of other rows, `undefined` when it shows nothing that is not its own. */
function shownOfOthers(record: Tagged): unknown {
  if (typeof record.establishment === 'object' && record.establishment !== null) {
    const { uri, name, kind, location } = record.establishment;
    const shown: unknown[] = [uri, name, kind, location.latitude, location.longitude];
    if (record.hasOwner !== undefined) shown.push(record.hasOwner);
    // Only when closed: the tags of every board of an open day stay the ones read before the field came.
    if (record.closedOnDate === true) shown.push('closedOnDate');
    return shown;
  }
  if (record.establishmentId !== undefined) return record.establishmentId;
  return undefined;
}

/**
 * The strong entity tag of a record: its id and its version, which a database trigger raises on every
 * update (migration 0004). The id is part of it so that a board deleted and published again, whose version
 * starts over, never matches a tag read from the one before. When the answer also shows other rows (an
 * owner's link, a board's establishment name), a short hash of what it shows of them follows: relinking the
 * owner or renaming the place gives a new tag, with no write to the owner's or the boards' rows (no lock
 * taken on them, so no lock-order conflict with writes starting from the other side).
 */
export function etagOf(record: Tagged): string {
  const shown = shownOfOthers(record);
  if (shown === undefined) return `"${record.id}.${record.version}"`;
  const hash = createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 12);
  return `"${record.id}.${record.version}.${hash}"`;
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

/**
 * `If-None-Match` on the API's reads (RFC 9110, 13.1.2): a `GET` or `HEAD` of `/api/...` answering 200 with
 * an `ETag` the request names (weak comparison, `*` included) becomes a 304 with the same headers and no
 * body. One hook for every route that sets an `ETag` (establishments, boards, owners, admins, groups), so a
 * new one cannot forget it; answers that handle it themselves (`sendResponse`) are already a 304 here.
 */
export function answerNotModified(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || !request.url.startsWith('/api/')) return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string' || !matchesEtag(request.headers['if-none-match'], etag)) return payload;
    (payload as { destroy?: () => void } | null)?.destroy?.();
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    // No body. Fastify's own hook of a HEAD, which runs after this one, measures bytes or drains a stream:
    // it is given an empty stream, which it turns into no body as well.
    return request.method === 'HEAD' ? Readable.from([]) : null;
  });
}

/** The conditional headers of a request, as a write takes them. */
export function conditionsOf(request: { headers: Record<string, string | string[] | undefined> }) {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return { ifMatch: header('if-match'), ifNoneMatch: header('if-none-match') };
}
