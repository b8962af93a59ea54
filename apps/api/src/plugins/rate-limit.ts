import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import type { Config } from '../config';
import { MemoryRateLimitStore } from '../adapters/rate-limit/memory-store';
import type { RateLimitStore } from '../adapters/rate-limit/rate-limit-store';

/** Attempts that guess something (a password, a code, an address) are counted per bucket. */
export type RateLimitBucket =
  | 'admin-sign-in'
  | 'owner-sign-in'
  | 'current-password'
  | 'sign-up'
  | 'confirm'
  | 'resend'
  | 'check'
  | 'resend-establishment-code'
  | 'forgotten-password'
  | 'forgotten-password-confirm'
  | 'report'
  | 'access-request'
  | 'contact'
  | 'team-mail';

/** Buckets counted by `checkAddress` alone (a key and a window of their own), not by `attempt`. */
type AddressBucket = 'report' | 'access-request' | 'contact' | 'team-mail';

const WINDOW_MS = 60_000;
/** Limits per address alone and per identifier alone are this many times wider (offices behind one NAT). */
const WIDE_FACTOR = 10;
/**
 * Past the wide limit of failures on one identifier, each attempt on it waits this much more, up to
 * `MAX_SLOW_DOWN_MS`: guessing one account's password from many addresses is slowed down, its holder is
 * never refused (a few seconds at most).
 */
const SLOW_DOWN_STEP_MS = 250;
export const MAX_SLOW_DOWN_MS = 3_000;

/**
 * How a bucket counts. `failuresOnly`: an attempt that succeeds is forgiven once answered (it is counted
 * while it runs, so that a burst of concurrent guesses cannot all pass before the first fails). `perIdentifier`:
 * what many attempts on one identifier from all addresses together do: refuse (429), slow down, or nothing.
 */
interface BucketPolicy {
  failuresOnly: boolean;
  perIdentifier: 'refuse' | 'slow' | 'none';
}

const COUNT_ALL: BucketPolicy = { failuresOnly: false, perIdentifier: 'refuse' };
/**
 * Passwords: a refusal per identifier let anyone lock an account out (ten wrong passwords from each of a
 * dozen addresses, renewed every minute); only the pair and the address refuse, the identifier slows down.
 */
const PASSWORD: BucketPolicy = { failuresOnly: true, perIdentifier: 'slow' };

const POLICIES: Record<Exclude<RateLimitBucket, AddressBucket>, BucketPolicy> = {
  'admin-sign-in': PASSWORD,
  'owner-sign-in': PASSWORD,
  'current-password': PASSWORD,
  'sign-up': COUNT_ALL,
  // Per account: only its own token reaches them.
  confirm: COUNT_ALL,
  resend: COUNT_ALL,
  check: COUNT_ALL,
  // The mails themselves are capped per establishment in the database.
  'resend-establishment-code': COUNT_ALL,
  // The same lock-out as passwords (a flood of requests for someone's address kept it from asking for a
  // link): the mails are capped per account in the database instead, whoever asks.
  'forgotten-password': { failuresOnly: false, perIdentifier: 'none' },
  // Per link, whose id only its mailbox knows.
  'forgotten-password-confirm': COUNT_ALL,
};

/** ioredis is loaded only when REDIS_URL is set. */
export async function createRateLimitStore(config: Config): Promise<RateLimitStore> {
  if (config.redisUrl === undefined) return new MemoryRateLimitStore();
  const { RedisRateLimitStore } = await import('../adapters/rate-limit/redis-store');
  return new RedisRateLimitStore(config.redisUrl);
}

/** What the limiter decided for one attempt. */
export interface Attempt {
  /** Seconds to wait when the attempt is refused, `null` when it may go on. */
  retryAfter: number | null;
  /** How long to hold the attempt before it goes on (many failures on its identifier). */
  slowDownMs: number;
  /** Takes the attempt back out of the counts (it succeeded, in a bucket that counts failures only). */
  forgive(): Promise<void>;
}

function refused(waitMs: number): Attempt {
  return { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)), slowDownMs: 0, forgive: async () => {} };
}

/**
 * `RATE_LIMIT_SIGN_IN` attempts a minute per (client address, identifier) pair, and ten times that per
 * address whatever the identifier (many e-mail addresses tried from one place): past either, `429`. Per
 * identifier whatever the address (one account attacked from many addresses, or with forged
 * X-Forwarded-For), ten times the limit too, with what the bucket's policy says: refused, slowed down
 * (passwords) or not counted.
 */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    readonly maxPerMinute: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async attempt(
    bucket: Exclude<RateLimitBucket, AddressBucket>,
    address: string,
    identifier: string,
  ): Promise<Attempt> {
    const policy = POLICIES[bucket];
    const id = createHash('sha256').update(identifier.toLowerCase()).digest('base64url').slice(0, 22);
    const keys = [`${bucket}:${address}:${id}`, `${bucket}:${address}`];
    const allowed = (slowDownMs: number, counted: string[]): Attempt => ({
      retryAfter: null,
      slowDownMs,
      forgive: policy.failuresOnly ? () => this.#forgive(bucket, counted) : async () => {},
    });
    try {
      const wide = this.maxPerMinute * WIDE_FACTOR;
      const [pair, perAddress] = await Promise.all(keys.map((key) => this.store.hit(key, WINDOW_MS)));
      const refusedFor = Math.max(
        pair!.count > this.maxPerMinute ? pair!.resetInMs : 0,
        perAddress!.count > wide ? perAddress!.resetInMs : 0,
      );
      // Refused: it guessed nothing, so it is not counted against the identifier (nor forgiven).
      if (refusedFor > 0) return refused(refusedFor);
      if (policy.perIdentifier === 'none') return allowed(0, keys);
      const identifierKey = `${bucket}:*:${id}`;
      const perIdentifier = await this.store.hit(identifierKey, WINDOW_MS);
      const beyond = perIdentifier.count - wide;
      if (beyond > 0 && policy.perIdentifier === 'refuse') return refused(perIdentifier.resetInMs);
      const slowDownMs = beyond > 0 ? Math.min(MAX_SLOW_DOWN_MS, beyond * SLOW_DOWN_STEP_MS) : 0;
      return allowed(slowDownMs, [...keys, identifierKey]);
    } catch (error) {
      // A rate-limit store that is down must not take sign-in down with it.
      this.log.error({ err: error, bucket }, 'rate limit store failed; attempt allowed');
      return allowed(0, []);
    }
  }

  async #forgive(bucket: RateLimitBucket, keys: string[]): Promise<void> {
    try {
      await Promise.all(keys.map((key) => this.store.forgive(key)));
    } catch (error) {
      this.log.error({ err: error, bucket }, 'rate limit store failed; success still counted');
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

/**
 * A `PATCH` of an account that gives `currentPassword` guesses the caller's password as a sign-in does: counted
 * against the caller's account in the `current-password` bucket, so that a stolen token cannot try passwords
 * there without limit. Without the field it guesses nothing and is not counted.
 */
export function currentPasswordIdentifier(request: FastifyRequest): string | null {
  const body = request.body as { currentPassword?: unknown } | undefined;
  if (body?.currentPassword === undefined || request.auth === null) return null;
  return request.auth.account.id;
}

const attempts = new WeakMap<FastifyRequest, Attempt>();

function tooManyAttempts(reply: FastifyReply, seconds: number): AppError {
  reply.header('retry-after', String(seconds));
  return new AppError(
    'RateLimited',
    `Trop de tentatives : veuillez réessayer dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
    { retryAfter: seconds },
  );
}

/**
 * The route hooks that count an attempt: `preHandler` counts it before it runs (refused past the limits,
 * held a moment when its identifier is slowed down), `onSend` forgives it when it succeeded in a bucket that
 * counts failures only. `identify` reads the identifier from the validated request; `null` leaves the
 * request uncounted (it guesses nothing).
 */
export function rateLimit(
  bucket: Exclude<RateLimitBucket, AddressBucket>,
  identify: (request: FastifyRequest) => string | null,
) {
  return {
    async preHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const identifier = identify(request);
      if (identifier === null) return;
      const attempt = await request.server.ctx.rateLimiter.attempt(bucket, request.ip, identifier);
      if (attempt.retryAfter !== null) throw tooManyAttempts(reply, attempt.retryAfter);
      attempts.set(request, attempt);
      if (attempt.slowDownMs > 0) await sleep(attempt.slowDownMs);
    },
    // Before the answer leaves: the client's next attempt already sees the count forgiven.
    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      const attempt = attempts.get(request);
      if (attempt !== undefined && reply.statusCode < 400) await attempt.forgive();
      return payload;
    },
  };
}
