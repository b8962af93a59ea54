import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store';

// Increment and start the window on the first hit, atomically (works on every Redis version).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

// One hit back out, only while its window lasts (DECR keeps the key's expiry; a missing key stays missing).
const FORGIVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** Shared by every replica. */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;

  constructor(
    url: string,
    readonly prefix = 'tv:rl:',
  ) {
    this.#redis = new Redis(url, {
      // A missing Redis must fail a check quickly, not hold the request.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      lazyConnect: false,
    });
    // Errors are reported per command; the client reconnects by itself.
    this.#redis.on('error', () => {});
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    if (this.#redis.status !== 'ready') await waitReady(this.#redis);
    const [count, ttl] = (await this.#redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [
      number,
      number,
    ];
    return { count, resetInMs: ttl };
  }

  async forgive(key: string): Promise<void> {
    if (this.#redis.status !== 'ready') await waitReady(this.#redis);
    await this.#redis.eval(FORGIVE_SCRIPT, 1, this.prefix + key);
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}

function waitReady(redis: Redis): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error('Redis is not reachable'));
    }, 2_000);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}
