import type { Authentication } from '@tables-voisines/contract/schemas/account';
import { AppError } from '@tables-voisines/contract/errors';
import type { AppContext } from '../../context';
import type { Auth } from '../../plugins/auth';
import { secretsEqual, type AccountRole } from '../../lib/tokens';
import { createLongLifeToken, retireLongLifeToken } from './long-life-tokens.queries';

/** A fresh pair after a sign-in: a short access token and a new long-life token. */
export async function issueAuthentication(
  ctx: AppContext,
  role: AccountRole,
  accountId: string,
): Promise<Authentication> {
  const longLifeToken = await createLongLifeToken(ctx.db, role, accountId, ctx.config.longLifeTokenTtl);
  return { token: await ctx.tokens.sign(role, accountId), longLifeToken };
}

export const EXPIRED_LONG_LIFE_TOKEN_MESSAGE =
  'Ce jeton de connexion n’est plus valable : veuillez vous reconnecter avec votre mot de passe.';

/**
 * Signs in with a long-life token: the token is retired and a new pair answered (rotation). A retired,
 * expired or unknown token is `InvalidCredentials`, as is a token of the other kind of account.
 */
export async function signInWithLongLifeToken(
  ctx: AppContext,
  role: AccountRole,
  secret: string,
): Promise<{ accountId: string; authentication: Authentication }> {
  const rotated = await ctx.db.transaction(async (tx) => {
    const accountId = await retireLongLifeToken(tx, role, secret);
    if (accountId === null) return null;
    const longLifeToken = await createLongLifeToken(tx, role, accountId, ctx.config.longLifeTokenTtl);
    return { accountId, longLifeToken };
  });
  if (rotated === null) throw new AppError('InvalidCredentials', EXPIRED_LONG_LIFE_TOKEN_MESSAGE);
  const token = await ctx.tokens.sign(role, rotated.accountId);
  return { accountId: rotated.accountId, authentication: { token, longLifeToken: rotated.longLifeToken } };
}

/** `POST .../refresh`: the body repeats the caller's bearer token; a new short token is answered. */
export async function refreshAccessToken(
  ctx: AppContext,
  caller: Pick<Auth, 'token' | 'account'>,
  bodyToken: string,
): Promise<{ token: string }> {
  if (!secretsEqual(bodyToken, caller.token)) {
    throw new AppError('Unauthorized', 'Le jeton à renouveler doit être celui de la connexion en cours.');
  }
  return { token: await ctx.tokens.sign(caller.account.role, caller.account.id) };
}
