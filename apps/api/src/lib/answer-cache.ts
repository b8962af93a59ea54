import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DataVersion } from './data-version';

type Pieces = Iterable<string | Buffer> | AsyncIterable<string | Buffer>;

/** Answers up to this size keep their uncompressed bytes; larger ones are inflated from gzip on demand. */
const KEEP_IDENTITY_BELOW = 256 * 1024;

/** One answer, encoded once: what a request needs is then a lookup and a write. */
export interface EncodedAnswer {
  etag: string;
  /** Uncompressed bytes, kept for small answers only (clients without gzip are rare). */
  identity: Buffer | null;
  gzip: Buffer;
  br: Buffer;
  /** Uncompressed length in bytes. */
  length: number;
}

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

async function collect(stream: zlib.Gzip | zlib.BrotliCompress): Promise<Buffer> {
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  await once(stream, 'end');
  return Buffer.concat(parts);
}

async function write(stream: Writable, chunk: Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * Encodes an answer given in pieces (a large list is produced batch by batch): gzip and Brotli side by
 * side, on libuv's threads, with a hash of the bytes for the ETag; the whole uncompressed answer is never
 * held at once when it is large.
 */
export async function encodeAnswer(pieces: Pieces): Promise<EncodedAnswer> {
  const hash = createHash('sha1');
  const gzip = zlib.createGzip({ level: 6 });
  const gzipped = collect(gzip);
  // Brotli's quality 5 is about gzip's speed for a third smaller output on JSON and HTML.
  const br = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  const brotlied = collect(br);
  const kept: Buffer[] = [];
  let keptLength = 0;
  let length = 0;
  for await (const piece of pieces) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    if (chunk.length === 0) continue;
    hash.update(chunk);
    length += chunk.length;
    if (keptLength < KEEP_IDENTITY_BELOW) {
      kept.push(chunk);
      keptLength += chunk.length;
    }
    await Promise.all([write(gzip, chunk), write(br, chunk)]);
  }
  gzip.end();
  br.end();
  const answer: EncodedAnswer = {
    etag: `W/"${hash.digest('base64url').slice(0, 27)}"`,
    identity: length < KEEP_IDENTITY_BELOW ? Buffer.concat(kept) : null,
    gzip: await gzipped,
    br: await brotlied,
    length,
  };
  return answer;
}

/** JSON of a list, written element by element: `[`, items joined by commas, `]`. */
export async function* jsonArrayPieces<T>(
  batches: AsyncIterable<readonly T[]>,
  stringify: (item: T) => string,
): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    const text = batch.map(stringify).join(',');
    yield first ? text : `,${text}`;
    first = false;
  }
  yield ']';
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Public answers are revalidated on every use (the ETag makes that a 304); one asked with a token stays
 * out of shared caches.
 */
export function publicCacheControl(request: FastifyRequest): string {
  return request.headers.authorization === undefined ? 'public, no-cache' : 'private, no-cache';
}

export interface SendOptions {
  contentType: string;
  cacheControl: string;
}

/** Replies with an encoded answer: 304 when the client has it, else the bytes in the best encoding. */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
  options: SendOptions,
): FastifyReply {
  reply
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding')
    .header('cache-control', options.cacheControl);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.header('content-type', options.contentType);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') {
    return reply
      .header('content-encoding', encoding)
      .header('content-length', answer[encoding].length)
      .send(answer[encoding]);
  }
  if (answer.identity !== null) return reply.send(answer.identity);
  return reply
    .header('content-length', answer.length)
    .send(Readable.from([answer.gzip]).pipe(zlib.createGunzip()));
}

export interface AnswerCacheOptions {
  /** Compressed bytes kept at most. */
  maxSize?: number;
}

/**
 * Public answers in memory, compressed once, keyed by the data version: a write bumps the version, so the
 * next request produces afresh; requests arriving while an answer is produced wait for that one.
 */
export class AnswerCache {
  readonly #lru: LRUCache<string, EncodedAnswer>;
  readonly #pending = new Map<string, Promise<EncodedAnswer | null>>();
  /** Answers kept by a fingerprint of what they depend on; the least recently read go first. */
  readonly #scoped: LRUCache<string, EncodedAnswer>;
  readonly #memos = new Map<string, { version: number; value: Promise<unknown> }>();
  /** The answer last made for each key of `getScopedOrLatest`, served while the next one is made. */
  readonly #latest = new Map<string, EncodedAnswer>();
  readonly #dataVersion: DataVersion;
  readonly #stopListening: () => void;

  constructor(dataVersion: DataVersion, options: AnswerCacheOptions = {}) {
    this.#dataVersion = dataVersion;
    this.#lru = new LRUCache<string, EncodedAnswer>({
      maxSize: options.maxSize ?? 64 * 1024 * 1024,
      sizeCalculation: (a) => a.gzip.length + a.br.length + (a.identity?.length ?? 0) + 256,
    });
    this.#scoped = new LRUCache<string, EncodedAnswer>({
      maxSize: options.maxSize ?? 64 * 1024 * 1024,
      sizeCalculation: (a) => a.gzip.length + a.br.length + (a.identity?.length ?? 0) + 256,
    });
    this.#stopListening = dataVersion.onChange(() => {
      this.#lru.clear();
      this.#pending.clear();
    });
  }

  /** The cached answer for `key`, produced by `produce` when missing. */
  async get(key: string, produce: () => Pieces): Promise<EncodedAnswer> {
    return (await this.getOrNull(key, produce)) as EncodedAnswer;
  }

  /**
   * Same, for an answer that depends on part of the data only: kept under `scope` (a fingerprint of that
   * part) across data versions, so a write elsewhere (a menu board) does not make the 200,000-row list again.
   */
  async getScoped(scope: string, key: string, produce: () => Pieces): Promise<EncodedAnswer> {
    const fullKey = `scope:${scope}|${key}`;
    const hit = this.#scoped.get(fullKey);
    if (hit !== undefined) return hit;
    const pending = this.#pending.get(fullKey);
    if (pending !== undefined) return pending as Promise<EncodedAnswer>;
    const promise = encodeAnswer(produce());
    this.#pending.set(fullKey, promise);
    try {
      const answer = await promise;
      this.#scoped.set(fullKey, answer);
      return answer;
    } finally {
      if (this.#pending.get(fullKey) === promise) this.#pending.delete(fullKey);
    }
  }

  /**
   * Same as `getScoped`, except that while the answer of a new scope is produced, the latest answer made for
   * `key` is served instead of waiting: for an answer that takes seconds to make at 200,000 establishments
   * (the map feed), where a map a few seconds behind a write is better than a map that waits.
   */
  async getScopedOrLatest(scope: string, key: string, produce: () => Pieces): Promise<EncodedAnswer> {
    const hit = this.#scoped.get(`scope:${scope}|${key}`);
    if (hit !== undefined) return hit;
    const fresh = this.getScoped(scope, key, produce).then((answer) => {
      this.#latest.set(key, answer);
      return answer;
    });
    const latest = this.#latest.get(key);
    if (latest === undefined) return fresh;
    // Made in the background; a failure is tried again by the next request (nothing stays pending).
    fresh.catch(() => undefined);
    return latest;
  }

  /** `compute` run once per data version (a fingerprint query), its promise shared meanwhile. */
  perVersion<T>(name: string, compute: () => Promise<T>): Promise<T> {
    const version = this.#dataVersion.value;
    const memo = this.#memos.get(name);
    if (memo !== undefined && memo.version === version) return memo.value as Promise<T>;
    const value = compute();
    this.#memos.set(name, { version, value });
    value.catch(() => this.#memos.delete(name));
    return value;
  }

  /** Same, for answers that may not exist (`produce` gives null: nothing is cached, null is answered). */
  async getOrNull(
    key: string,
    produce: () => Pieces | null | Promise<Pieces | null>,
  ): Promise<EncodedAnswer | null> {
    const version = this.#dataVersion.value;
    const fullKey = `${version}|${key}`;
    const hit = this.#lru.get(fullKey);
    if (hit !== undefined) return hit;
    const pending = this.#pending.get(fullKey);
    if (pending !== undefined) return pending;
    const promise = Promise.resolve(produce()).then((pieces) =>
      pieces === null ? null : encodeAnswer(pieces),
    );
    this.#pending.set(fullKey, promise);
    try {
      const answer = await promise;
      // A write during production: the answer may mix both versions; serve it once, do not keep it.
      if (answer !== null && this.#dataVersion.value === version) this.#lru.set(fullKey, answer);
      return answer;
    } finally {
      if (this.#pending.get(fullKey) === promise) this.#pending.delete(fullKey);
    }
  }

  get size(): number {
    return this.#lru.size;
  }

  close(): void {
    this.#stopListening();
    this.#lru.clear();
    this.#scoped.clear();
    this.#latest.clear();
  }
}
