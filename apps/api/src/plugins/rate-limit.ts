import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import type { AddressBucket, Attempt, RateLimitBucket } from '../adapters/rate-limit/rate-limiter';

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
