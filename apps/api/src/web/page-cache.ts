import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { realClock, type Clock } from '../lib/clock';
import type { DataVersion } from '../lib/data-version';
import { parisDay } from '@tables-voisines/contract/paris-time';

export interface CachedPage {
  headers: [string, string][];
  body: Buffer;
  etag: string;
}

export interface PageCacheOptions {
  /** Pages kept; the least recently read go first. */
  max?: number;
  /** Bytes of HTML kept at most. */
  maxSize?: number;
  /**
   * How long a page stays: what a page shows depends on the clock too ("Ouvert maintenant"), not only on
   * the data; the browser corrects it at once, search engines and visitors without JavaScript after this.
   */
  ttlMs?: number;
  now?: () => Date;
}

/** What a CDN may do with a public page: revalidate soon, serve a stale copy meanwhile. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/**
 * Rendered public pages in memory, keyed by the data version, the day in Paris (today's menu boards) and
 * the path: a write bumps the version, so the next request renders afresh and a new or edited
 * establishment shows at once, without knowing which pages showed what.
 */
export class PageCache {
  readonly #lru: LRUCache<string, CachedPage>;
  readonly #dataVersion: DataVersion;
  readonly #now: Clock;
  readonly #stopListening: () => void;

  constructor(dataVersion: DataVersion, options: PageCacheOptions = {}) {
    this.#dataVersion = dataVersion;
    this.#now = options.now ?? realClock;
    this.#lru = new LRUCache<string, CachedPage>({
      max: options.max ?? 5000,
      maxSize: options.maxSize ?? 200 * 1024 * 1024,
      sizeCalculation: (page) => page.body.length + 256,
      ttl: options.ttlMs ?? 60_000,
    });
    // Older versions can never be read again: free their memory now rather than when evicted.
    this.#stopListening = dataVersion.onChange(() => this.#lru.clear());
  }

  #key(path: string): string {
    return `${this.#dataVersion.value}|${parisDay(this.#now())}|${path}`;
  }

  get(path: string): CachedPage | undefined {
    return this.#lru.get(this.#key(path));
  }

  set(path: string, headers: [string, string][], body: Buffer): CachedPage {
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
    const page: CachedPage = { headers, body, etag };
    this.#lru.set(this.#key(path), page);
    return page;
  }

  get size(): number {
    return this.#lru.size;
  }

  close(): void {
    this.#stopListening();
    this.#lru.clear();
  }
}
