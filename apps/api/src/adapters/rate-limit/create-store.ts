import type { Config } from '../../config';
import { MemoryRateLimitStore } from './memory-store';
import type { RateLimitStore } from './rate-limit-store';

/** ioredis is loaded only when REDIS_URL is set. */
export async function createRateLimitStore(config: Config): Promise<RateLimitStore> {
  if (config.redisUrl === undefined) return new MemoryRateLimitStore();
  const { RedisRateLimitStore } = await import('./redis-store');
  return new RedisRateLimitStore(config.redisUrl);
}
