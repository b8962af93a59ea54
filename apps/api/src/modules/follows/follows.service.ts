import { randomUUID } from 'node:crypto';
import { AppError } from '@tables-voisines/contract/errors';
import type {
  CreateFollowBody,
  DeleteFollowQuery,
  Follow,
  FollowCreated,
} from '@tables-voisines/contract/schemas/follow';
import { parisDay } from '@tables-voisines/contract/paris-time';
import type { AppContext } from '../../context';
import { write } from '../../writes/write';
import { SYSTEM_ACTOR } from '../history/history';
import {
  countFollowers,
  deleteFollow,
  findFollowable,
  findFollowed,
  insertFollow,
  upsertSubscription,
} from './follows.queries';

/** Follows, unfollows and lists are counted per client address over a minute (`RATE_LIMIT_FOLLOWS`). */
const FOLLOW_WINDOW_MS = 60_000;

async function limitFollows(ctx: Pick<AppContext, 'rateLimiter' | 'config'>, address: string): Promise<void> {
  const seconds = await ctx.rateLimiter.checkAddress(
    'follow',
    address,
    ctx.config.rateLimitFollows,
    FOLLOW_WINDOW_MS,
  );
  if (seconds === null) return;
  throw new AppError(
    'RateLimited',
    'Trop de demandes envoyées depuis votre connexion pour suivre des établissements, réessayez dans une minute.',
    { retryAfter: seconds },
  );
}

const ENDPOINT_NOT_ALLOWED =
  'Cette adresse d’abonnement n’est pas celle d’un service de notifications accepté (Chrome, Edge, Firefox ou Safari) : le serveur n’envoie de notifications qu’à ceux-là.';

/**
 * `POST /api/follows`: this browser follows this establishment (counted against the client's address). The
 * endpoint must be at a push service of PUSH_ALLOWED_ORIGINS: the server never posts to an address a visitor
 * chose. As the public page answers: an unknown or hidden establishment is a 404, one closed for good a 410.
 * Following again answers the first follow (`created: false`); the browser's keys are its latest.
 */
export async function followEstablishment(
  ctx: AppContext,
  body: CreateFollowBody,
  clientAddress: string,
): Promise<{ follow: FollowCreated; created: boolean }> {
  await limitFollows(ctx, clientAddress);
  if (!ctx.push.allows(body.subscription.endpoint)) {
    throw new AppError('ValidationError', ENDPOINT_NOT_ALLOWED, [
      { path: 'subscription.endpoint', message: ENDPOINT_NOT_ALLOWED },
    ]);
  }
  return write(ctx, { actor: SYSTEM_ACTOR }, async (w) => {
    const place = await findFollowable(w.tx, body.establishment);
    if (place === null || place.disabled) {
      throw new AppError('NotFound', 'Cet établissement n’existe pas ou n’est plus visible.');
    }
    if (place.closedForGoodAt !== null) {
      throw new AppError('Gone', `${place.name} (${place.town}) a fermé définitivement.`);
    }
    const subscriptionId = await upsertSubscription(w.tx, randomUUID(), body.subscription);
    const { createdAt, created } = await insertFollow(w.tx, subscriptionId, body.establishment, w.now);
    return {
      follow: { establishment: body.establishment, createdAt: createdAt.toISOString() },
      created,
    };
  });
}

/** `POST /api/follows/list`: what this browser follows, of the pages a visitor may see. */
export async function listFollows(
  ctx: AppContext,
  endpoint: string,
  clientAddress: string,
): Promise<Follow[]> {
  await limitFollows(ctx, clientAddress);
  return findFollowed(ctx.db, endpoint);
}

/** `DELETE /api/follows`: this browser no longer follows this establishment (done too when it did not). */
export async function unfollowEstablishment(
  ctx: AppContext,
  query: DeleteFollowQuery,
  clientAddress: string,
): Promise<void> {
  await limitFollows(ctx, clientAddress);
  await write(ctx, { actor: SYSTEM_ACTOR }, (w) =>
    deleteFollow(w.tx, query.endpoint, query.establishment, parisDay(w.now)),
  );
}

/** `GET /api/establishment/{id}/followers`: how many browsers follow it, nothing about them. */
export async function getFollowersCount(ctx: AppContext, establishmentId: string) {
  if ((await findFollowable(ctx.db, establishmentId)) === null) {
    throw new AppError('NotFound', 'Cet établissement n’existe pas.');
  }
  return { followers: await countFollowers(ctx.db, establishmentId) };
}
