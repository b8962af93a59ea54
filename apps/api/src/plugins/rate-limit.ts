import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import type { Config } from '../config';
import { MemoryRateLimitStore } from '../adapters/rate-limit/memory-store';
import type { RateLimitStore } from '../adapters/rate-limit/rate-limit-store';

/** Attempts that guess something (a password, a code, an address) are counted per bucket. */
export type RateLimitBucket =
  | 'admin-sign-in'
  | 'owner-sign-in'
  | 'sign-up'
  | 'confirm'
  | 'resend'
  | 'check'
  | 'resend-establishment-code'
  | 'forgotten-password'
  | 'forgotten-password-confirm'
  | 'report';

const WINDOW_MS = 60_000;
/** Limits per address alone and per identifier alone are this many times wider (offices behind one NAT). */
const WIDE_FACTOR = 10;

/** ioredis is loaded only when REDIS_URL is set. */
export async function createRateLimitStore(config: Config): Promise<RateLimitStore> {
  if (config.redisUrl === undefined) return new MemoryRateLimitStore();
  const { RedisRateLimitStore } = await import('../adapters/rate-limit/redis-store');
  return new RedisRateLimitStore(config.redisUrl);
}

/**
 * `RATE_LIMIT_SIGN_IN` attempts a minute per (client address, identifier) pair; ten times that per address
 * whatever the identifier (many e-mail addresses tried from one place), and ten times that per identifier
 * whatever the address (one account attacked from many addresses, or with forged X-Forwarded-For).
 */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    readonly maxPerMinute: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Answers the seconds to wait when the attempt is over the limit, `null` when it may go on. */
  async check(bucket: RateLimitBucket, address: string, identifier: string): Promise<number | null> {
    const id = createHash('sha256').update(identifier.toLowerCase()).digest('base64url').slice(0, 22);
    try {
      const [pair, perAddress, perIdentifier] = await Promise.all([
        this.store.hit(`${bucket}:${address}:${id}`, WINDOW_MS),
        this.store.hit(`${bucket}:${address}`, WINDOW_MS),
        this.store.hit(`${bucket}:*:${id}`, WINDOW_MS),
      ]);
      const wide = this.maxPerMinute * WIDE_FACTOR;
      const over = [
        pair.count > this.maxPerMinute ? pair.resetInMs : 0,
        perAddress.count > wide ? perAddress.resetInMs : 0,
        perIdentifier.count > wide ? perIdentifier.resetInMs : 0,
      ];
      const wait = Math.max(...over);
      return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : null;
    } catch (error) {
      // A rate-limit store that is down must not take sign-in down with it.
      this.log.error({ err: error, bucket }, 'rate limit store failed; attempt allowed');
      return null;
    }
  }

  /**
   * One more hit of `address` alone in `bucket`: the seconds to wait when it is past `max` in a window of
   * `windowMs`, `null` when it may go on (and when the store is down, as above).
   */
  async checkAddress(
    bucket: RateLimitBucket,
    address: string,
    max: number,
    windowMs: number,
  ): Promise<number | null> {
    try {
      const hit = await this.store.hit(`${bucket}:${address}`, windowMs);
      return hit.count > max ? Math.max(1, Math.ceil(hit.resetInMs / 1000)) : null;
    } catch (error) {
      this.log.error({ err: error, bucket }, 'rate limit store failed; attempt allowed');
      return null;
    }
  }
}

/** Reports of a wrong page are counted per client address over an hour (`RATE_LIMIT_REPORTS`). */
export const REPORT_WINDOW_MS = 3_600_000;

/**
 * Counts a visitor's report (`POST /api/establishment/{id}/reports` and the page's own form alike) against
 * its address: past `RATE_LIMIT_REPORTS` an hour, `429 RateLimited` with the seconds to wait (`Retry-After`).
 */
export async function limitReports(
  ctx: { rateLimiter: RateLimiter; config: Pick<Config, 'rateLimitReports'> },
  address: string,
): Promise<void> {
  const seconds = await ctx.rateLimiter.checkAddress(
    'report',
    address,
    ctx.config.rateLimitReports,
    REPORT_WINDOW_MS,
  );
  if (seconds === null) return;
  throw new AppError(
    'RateLimited',
    'Trop de signalements envoyés depuis votre connexion, réessayez dans une heure.',
    { retryAfter: seconds },
  );
}

/**
 * A sign-in by long-life token counts against that token, as a password sign-in counts against its
 * username: every page load of a signed-in visitor signs in so (and gets a new token), and one identifier
 * shared by all of them locked out an admin reloading ten times in a minute, and capped the whole site at
 * ten times the limit a minute. Guessing tokens stays capped by the limit per address.
 */
export function longLifeTokenIdentifier(token: string | undefined): string {
  return `long-life-token:${token ?? ''}`;
}

/** A sign-in's identifier: the account name it gives in `field`, or else its long-life token. */
export function signInIdentifier(field: 'username' | 'email') {
  return (request: FastifyRequest): string => {
    const body = request.body as { [name in typeof field | 'token']?: string };
    return body[field] ?? longLifeTokenIdentifier(body.token);
  };
}

/** A preHandler counting the attempt; `identify` reads the identifier from the validated request. */
export function rateLimit(bucket: RateLimitBucket, identify: (request: FastifyRequest) => string) {
  return async function limitAttempts(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const seconds = await request.server.ctx.rateLimiter.check(bucket, request.ip, identify(request));
    if (seconds === null) return;
    reply.header('retry-after', String(seconds));
    throw new AppError(
      'RateLimited',
      `Trop de tentatives : veuillez réessayer dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
      { retryAfter: seconds },
    );
  };
}
