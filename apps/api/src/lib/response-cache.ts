import { LRUCache } from 'lru-cache';
import { ResponseFiles } from './response-files';
import type { DataVersion } from './data-version';
import { encodeResponse, onLateGzipFile, type Body, type EncodedResponse } from './encoded-response';
import type { Pieces } from './json-pieces';
import { OneAtATime } from './one-at-a-time';

export interface ResponseCacheOptions {
  /** Bytes kept at most in each of the two caches (those in files count for a quarter). */
  maxSize?: number;
  /** Where large scoped answers go (decision 0033); `false`: kept in memory. Default: `ResponseFiles`' root. */
  filesRoot?: string | false;
  /** Compressed size above which a scoped answer goes to a file (default `FILE_ABOVE`). */
  fileAbove?: number;
  /** Delay before a dropped answer's file is removed (see `ResponseFiles.discard`). */
  discardDelayMs?: number;
}

/** Bytes an answer costs, for the caches' bounds: those in files count for a quarter (disk, not memory). */
function answerSize(answer: EncodedResponse): number {
  const cost = (body: Body | null) =>
    body === null ? 0 : body.file === undefined ? body.length : Math.ceil(body.length / 4);
  return cost(answer.br) + cost(answer.gzip) + (answer.identity?.length ?? 0) + 256;
}

const scopedKey = (scope: string, key: string) => JSON.stringify([scope, key]);

/**
 * Public answers in memory, compressed once, keyed by the data version: a write bumps the version, so the
 * next request produces afresh; requests arriving while an answer is produced wait for that one.
 */
export class ResponseCache {
  readonly #lru: LRUCache<string, EncodedResponse>;
  readonly #pending = new Map<string, Promise<EncodedResponse | null>>();
  /** Answers kept by a fingerprint of what they depend on; the least recently read go first. */
  readonly #scoped: LRUCache<string, EncodedResponse>;
  readonly #memos = new Map<string, { version: number; value: Promise<unknown> }>();
  /** The answer last made for each key of `getScopedOrLatest`, served while the next one is made. */
  readonly #latest = new Map<string, EncodedResponse>();
  readonly #dataVersion: DataVersion;
  readonly #stopListening: () => void;
  /** Files of the large scoped answers (the list, the map feed); null: kept in memory. */
  readonly files: ResponseFiles | null;
  readonly #discardDelayMs: number;
  /** The big productions (`heavy`), and the map index's builds, run one at a time. */
  readonly heavy = new OneAtATime();

  constructor(dataVersion: DataVersion, options: ResponseCacheOptions = {}) {
    this.#dataVersion = dataVersion;
    this.files = options.filesRoot === false ? null : new ResponseFiles(options.filesRoot, options.fileAbove);
    this.#discardDelayMs = options.discardDelayMs ?? 10_000;
    this.#lru = new LRUCache<string, EncodedResponse>({
      maxSize: options.maxSize ?? 64 * 1024 * 1024,
      sizeCalculation: answerSize,
    });
    this.#scoped = new LRUCache<string, EncodedResponse>({
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
  #release(answer: EncodedResponse): void {
    const files = this.files;
    // Even with its Brotli bytes in memory, its gzip ones (larger) may be in a file, now or later.
    if (files === null) return;
    if ([...this.#latest.values()].includes(answer) || [...this.#scoped.values()].includes(answer)) return;
    const discard = (file: string) => files.discard(file, this.#discardDelayMs);
    if (answer.br.file !== undefined) discard(answer.br.file);
    if (answer.gzip?.file !== undefined) discard(answer.gzip.file);
    onLateGzipFile(answer, discard);
  }

  /** The cached answer for `key`, produced by `produce` when missing. */
  async get(key: string, produce: () => Pieces): Promise<EncodedResponse> {
    return (await this.getOrNull(key, produce)) as EncodedResponse;
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
  ): Promise<EncodedResponse> {
    const fullKey = scopedKey(scope, key);
    const hit = this.#scoped.get(fullKey);
    if (hit !== undefined) return hit;
    const pending = this.#pending.get(fullKey);
    if (pending !== undefined) return pending as Promise<EncodedResponse>;
    const encode = () => encodeResponse(produce(), this.files);
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
  ): Promise<EncodedResponse> {
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
  ): Promise<EncodedResponse | null> {
    const version = this.#dataVersion.value;
    const fullKey = `${version}|${key}`;
    const hit = this.#lru.get(fullKey);
    if (hit !== undefined) return hit;
    const pending = this.#pending.get(fullKey);
    if (pending !== undefined) return pending;
    const promise = Promise.resolve(produce()).then((pieces) =>
      pieces === null ? null : encodeResponse(pieces),
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
