import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitStore } from './rate-limit-store';

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
  | 'team-mail'
  | 'follow'
  | 'event';

/** Buckets counted by `checkAddress` alone (a key and a window of their own), not by `attempt`. */
export type AddressBucket = 'report' | 'access-request' | 'contact' | 'team-mail' | 'follow' | 'event';

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
