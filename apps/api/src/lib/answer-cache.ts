import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, openSync, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AnswerFiles } from './answer-files';
import { FileAnswerStream } from './file-answer-stream';
import type { DataVersion } from './data-version';

type Pieces = Iterable<string | Buffer> | AsyncIterable<string | Buffer>;

/** Answers up to this size keep their uncompressed bytes; larger ones are inflated from Brotli on demand. */
const KEEP_IDENTITY_BELOW = 256 * 1024;

/**
 * Compressed bytes as the compressor gave them, in chunks of up to 64 KiB: a large answer is never copied
 * into one buffer (that copy doubled its memory until the chunks were collected, 38 MB for the list).
 */
export interface Chunks {
  parts: readonly Buffer[];
  length: number;
  file?: undefined;
}

/** Compressed bytes written to a file, streamed from it on each request. */
export interface FileBody {
  file: string;
  length: number;
  parts?: undefined;
}

export type Body = Chunks | FileBody;

/** One answer, encoded once: what a request needs is then a lookup and a write. */
export interface EncodedAnswer {
  etag: string;
  /** Uncompressed bytes, kept for small answers only (clients without compression are rare). */
  identity: Buffer | null;
  br: Body;
  /** Made on the first request that takes gzip and not Brotli (browsers send br): null until then. */
  gzip: Body | null;
  /** Uncompressed length in bytes. */
  length: number;
}

/** What an answer needs to make its gzip copy later, and whether its cache still holds it. */
interface AnswerState {
  files: AnswerFiles | null;
  gzipping: Promise<Body> | null;
  /** Dropped by its cache: a gzip file made after that is removed at once. */
  onGzipFile: ((file: string) => void) | null;
}
const states = new WeakMap<EncodedAnswer, AnswerState>();

/** Compressor output chunk: fewer, larger parts for large answers (zlib's default is 16 KiB). */
const CHUNK_SIZE = 64 * 1024;
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

/**
 * The compressor's output: in memory while small, then (when `files` is given and it grows past
 * `files.above`) in a file, written as `.tmp` and renamed once complete.
 */
async function collect(stream: Readable, files: AnswerFiles | null): Promise<Body> {
  const parts: Buffer[] = [];
  let length = 0;
  let out: WriteStream | null = null;
  let file = '';
  try {
    for await (const part of stream as AsyncIterable<Buffer>) {
      length += part.length;
      if (out !== null) {
        if (!out.write(part)) await once(out, 'drain');
        continue;
      }
      parts.push(part);
      if (files !== null && length > files.above) {
        file = files.name();
        out = createWriteStream(`${file}.tmp`);
        for (const kept of parts.splice(0)) out.write(kept);
      }
    }
    if (out !== null) {
      out.end();
      await finished(out);
      await rename(`${file}.tmp`, file);
      return { file, length };
    }
  } catch (error) {
    if (out !== null) {
      out.destroy();
      await rm(`${file}.tmp`, { force: true });
    }
    throw error;
  }
  // Small answers (most of them) in one buffer; large ones keep their chunks.
  return { parts: parts.length > 1 && length < CHUNK_SIZE ? [Buffer.concat(parts)] : parts, length };
}

async function write(stream: Writable, chunk: Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/** The bytes of a body as a stream (a file is opened now: see `AnswerFiles.discard`). */
function bodyStream(body: Body): Readable | Buffer {
  if (body.file !== undefined) {
    // Reads of 256 KiB: a quarter of the thread-pool round trips of 64 KiB ones for a 17 MB list.
    return createReadStream('', { fd: openSync(body.file, 'r'), highWaterMark: 4 * CHUNK_SIZE });
  }
  return body.parts.length === 1 ? body.parts[0]! : Readable.from(body.parts);
}

/**
 * Encodes an answer given in pieces (a large list is produced batch by batch): Brotli on libuv's threads,
 * with a hash of the bytes for the ETag; the whole uncompressed answer is never held at once when it is
 * large. With `files`, compressed bytes over `files.above` go to a file. The gzip copy is made by `gzipOf`,
 * on the first request that needs it.
 */
export async function encodeAnswer(pieces: Pieces, files: AnswerFiles | null = null): Promise<EncodedAnswer> {
  const hash = createHash('sha1');
  // Brotli's quality 5 is about gzip's speed for a third smaller output on JSON and HTML.
  const br = zlib.createBrotliCompress({
    chunkSize: CHUNK_SIZE,
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
  });
  const brotlied = collect(br, files);
  const kept: Buffer[] = [];
  let keptLength = 0;
  let length = 0;
  try {
    for await (const piece of pieces) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      if (chunk.length === 0) continue;
      hash.update(chunk);
      length += chunk.length;
      if (keptLength < KEEP_IDENTITY_BELOW) {
        kept.push(chunk);
        keptLength += chunk.length;
      }
      await write(br, chunk);
    }
  } catch (error) {
    // The collector removes its half-written file, in the background.
    br.destroy(error as Error);
    brotlied.catch(() => undefined);
    throw error;
  }
  br.end();
  const answer: EncodedAnswer = {
    etag: `W/"${hash.digest('base64url').slice(0, 27)}"`,
    identity: length < KEEP_IDENTITY_BELOW ? Buffer.concat(kept) : null,
    br: await brotlied,
    gzip: null,
    length,
  };
  states.set(answer, { files, gzipping: null, onGzipFile: null });
  return answer;
}

/**
 * The gzip copy of an answer, made once on the first request that needs it (from the uncompressed bytes
 * when kept, else from the Brotli ones) and kept like the Brotli one; concurrent requests wait for the same.
 */
export function gzipOf(answer: EncodedAnswer): Promise<Body> {
  if (answer.gzip !== null) return Promise.resolve(answer.gzip);
  let state = states.get(answer);
  if (state === undefined) {
    state = { files: null, gzipping: null, onGzipFile: null };
    states.set(answer, state);
  }
  if (state.gzipping !== null) return state.gzipping;
  const own = state;
  const gzip = zlib.createGzip({ level: 6, chunkSize: CHUNK_SIZE });
  const stored = answer.identity ?? bodyStream(answer.br);
  const source = Buffer.isBuffer(stored) ? Readable.from([stored]) : stored;
  const made = Promise.all([
    collect(gzip, own.files),
    answer.identity !== null ? pipeline(source, gzip) : pipeline(source, zlib.createBrotliDecompress(), gzip),
  ]).then(
    ([body]) => {
      answer.gzip = body;
      own.gzipping = null;
      if (body.file !== undefined) own.onGzipFile?.(body.file);
      return body;
    },
    (error: unknown) => {
      own.gzipping = null;
      throw error;
    },
  );
  own.gzipping = made;
  return made;
}

/**
 * Pieces of a produced answer stay well below V8's large-object size (128 KiB; a string with any character
 * outside Latin-1 takes two bytes each): a large string goes straight to the old generation and is freed only
 * by a full collection, so a batch joined in one string left up to 130 MB of dead strings in the heap while
 * the 200,000-row list was produced. Small pieces die young, in the scavenges.
 */
export const PIECE_CHARS = 16 * 1024;

/** JSON of a list, written element by element: `[`, items joined by commas, `]`, in small pieces. */
export async function* jsonArrayPieces<T>(
  batches: AsyncIterable<readonly T[]>,
  stringify: (item: T) => string,
): AsyncGenerator<string> {
  let piece = '[';
  let first = true;
  for await (const batch of batches) {
    for (const item of batch) {
      piece += first ? stringify(item) : `,${stringify(item)}`;
      first = false;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
      }
    }
  }
  yield `${piece}]`;
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
export async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
  options: SendOptions,
): Promise<FastifyReply> {
  reply
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding')
    .header('cache-control', options.cacheControl);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.header('content-type', options.contentType);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') {
    const body = encoding === 'br' ? answer.br : await gzipOf(answer);
    return reply
      .header('content-encoding', encoding)
      .header('content-length', body.length)
      .send(body.file !== undefined ? new FileAnswerStream(body.file, body.length) : bodyStream(body));
  }
  if (answer.identity !== null) return reply.send(answer.identity);
  const br = bodyStream(answer.br);
  return reply
    .header('content-length', answer.length)
    .send((Buffer.isBuffer(br) ? Readable.from([br]) : br).pipe(zlib.createBrotliDecompress()));
}

export interface AnswerCacheOptions {
  /** Bytes kept at most in each of the two caches (those in files count for a quarter). */
  maxSize?: number;
  /** Where large scoped answers go (decision 0033); `false`: kept in memory. Default: `AnswerFiles`' root. */
  filesRoot?: string | false;
  /** Compressed size above which a scoped answer goes to a file (default `FILE_ABOVE`). */
  fileAbove?: number;
  /** Delay before a dropped answer's file is removed (see `AnswerFiles.discard`). */
  discardDelayMs?: number;
}

/** Bytes an answer costs, for the caches' bounds: those in files count for a quarter (disk, not memory). */
function answerSize(answer: EncodedAnswer): number {
  const cost = (body: Body | null) =>
    body === null ? 0 : body.file === undefined ? body.length : Math.ceil(body.length / 4);
  return cost(answer.br) + cost(answer.gzip) + (answer.identity?.length ?? 0) + 256;
}

const scopedKey = (scope: string, key: string) => JSON.stringify([scope, key]);

/** Big productions one after the other: their transient garbage does not add up (decision 0033). */
export class OneAtATime {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
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
  /** Files of the large scoped answers (the list, the map feed); null: kept in memory. */
  readonly files: AnswerFiles | null;
  readonly #discardDelayMs: number;
  /** The big productions (`heavy`), and the map index's builds, run one at a time. */
  readonly heavy = new OneAtATime();

  constructor(dataVersion: DataVersion, options: AnswerCacheOptions = {}) {
    this.#dataVersion = dataVersion;
    this.files = options.filesRoot === false ? null : new AnswerFiles(options.filesRoot, options.fileAbove);
    this.#discardDelayMs = options.discardDelayMs ?? 10_000;
    this.#lru = new LRUCache<string, EncodedAnswer>({
      maxSize: options.maxSize ?? 64 * 1024 * 1024,
      sizeCalculation: answerSize,
    });
    this.#scoped = new LRUCache<string, EncodedAnswer>({
      maxSize: options.maxSize ?? 64 * 1024 * 1024,
      sizeCalculation: answerSize,
      dispose: (answer) => this.#release(answer),
    });
    this.#stopListening = dataVersion.onChange(() => {
      this.#lru.clear();
      this.#pending.clear();
    });
  }

  /**
   * An answer with files that the cache no longer holds: its files are removed (a gzip copy still being made
   * is removed once written).
   */
  #release(answer: EncodedAnswer): void {
    const files = this.files;
    const state = states.get(answer);
    // Even with its Brotli bytes in memory, its gzip ones (larger) may be in a file, now or later.
    if (files === null) return;
    if ([...this.#latest.values()].includes(answer) || [...this.#scoped.values()].includes(answer)) return;
    const discard = (file: string) => files.discard(file, this.#discardDelayMs);
    if (answer.br.file !== undefined) discard(answer.br.file);
    if (answer.gzip?.file !== undefined) discard(answer.gzip.file);
    if (state !== undefined) state.onGzipFile = discard;
  }

  /** The cached answer for `key`, produced by `produce` when missing. */
  async get(key: string, produce: () => Pieces): Promise<EncodedAnswer> {
    return (await this.getOrNull(key, produce)) as EncodedAnswer;
  }

  /**
   * Same, for an answer that depends on part of the data only: kept under `scope` (a fingerprint of that
   * part) across data versions, so a write elsewhere (a menu board) does not make the 200,000-row list again.
   * Its compressed bytes go to a file when large. `heavy`: a big production (the whole list, the map feed),
   * made after any other one under way rather than beside it.
   */
  async getScoped(
    scope: string,
    key: string,
    produce: () => Pieces,
    options: { heavy?: boolean } = {},
  ): Promise<EncodedAnswer> {
    const fullKey = scopedKey(scope, key);
    const hit = this.#scoped.get(fullKey);
    if (hit !== undefined) return hit;
    const pending = this.#pending.get(fullKey);
    if (pending !== undefined) return pending as Promise<EncodedAnswer>;
    const encode = () => encodeAnswer(produce(), this.files);
    const promise = options.heavy === true ? this.heavy.run(encode) : encode();
    this.#pending.set(fullKey, promise);
    try {
      const answer = await promise;
      // The answers of this key for other scopes (the establishments before a write) are done with; one
      // still served while this was made stays in `#latest` until now.
      for (const other of [...this.#scoped.keys()]) {
        if (other !== fullKey && (JSON.parse(other) as [string, string])[1] === key)
          this.#scoped.delete(other);
      }
      this.#scoped.set(fullKey, answer);
      // Larger than the whole cache: served once, not kept.
      if (!this.#scoped.has(fullKey)) this.#release(answer);
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
  async getScopedOrLatest(
    scope: string,
    key: string,
    produce: () => Pieces,
    options: { heavy?: boolean } = {},
  ): Promise<EncodedAnswer> {
    const hit = this.#scoped.get(scopedKey(scope, key));
    if (hit !== undefined) return hit;
    const fresh = this.getScoped(scope, key, produce, options).then((answer) => {
      const previous = this.#latest.get(key);
      this.#latest.set(key, answer);
      if (previous !== undefined && previous !== answer) this.#release(previous);
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

  /**
   * Same as `get`, for answers that may not exist (`produce` gives null: nothing is cached, null is
   * answered). Kept in memory: these are small (one establishment, the groups).
   */
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
    this.#latest.clear();
    this.#scoped.clear();
    this.files?.close();
  }
}
