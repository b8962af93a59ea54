import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { MemoryRateLimitStore } from './memory-store';
import type { RateLimitStore } from './rate-limit-store';

/** ioredis is loaded only when REDIS_URL is set; Redis counts its windows on its own clock. */
export async function createRateLimitStore(config: Config, clock: Clock): Promise<RateLimitStore> {
  if (config.redisUrl === undefined) return new MemoryRateLimitStore(clock);
  const { RedisRateLimitStore } = await import('./redis-store');
  return new RedisRateLimitStore(config.redisUrl);
}
