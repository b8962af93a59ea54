import type { Authentication } from '@tables-voisines/contract/schemas/account';
import { AppError } from '@tables-voisines/contract/errors';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Auth } from '../../lib/auth-account';
import { secretsEqual, type AccountRole } from '../../lib/tokens';
import {
  createLongLifeToken,
  findLongLifeTokenAccount,
  retireLongLifeToken,
} from './long-life-tokens.queries';

/** An account as signing in needs it: its access tokens carry its current token version. */
export interface SignedAccount {
  id: string;
  tokenVersion: number;
}

/** A fresh pair after a sign-in: a short access token and a new long-life token. */
export async function issueAuthentication(
  ctx: AppContext,
  role: AccountRole,
  account: SignedAccount,
): Promise<Authentication> {
  const longLifeToken = await createLongLifeToken(
    ctx.db,
    role,
    account.id,
    ctx.config.longLifeTokenTtl,
    ctx.clock(),
  );
  return { token: await ctx.tokens.sign(role, account.id, account.tokenVersion), longLifeToken };
}

export const EXPIRED_LONG_LIFE_TOKEN_MESSAGE =
  'Ce jeton de connexion n’est plus valable : veuillez vous reconnecter avec votre mot de passe.';

/**
 * Signs in with a long-life token: the token is retired and a new pair answered (rotation). A retired,
 * expired or unknown token is `InvalidCredentials`, as is a token of the other kind of account.
 *
 * `lockAccount` reads the account `for update` before the token is retired: a password or address change
 * locks the same row before it retires the account's tokens, so of the two, one waits for the other. Without
 * it a rotation racing the change could commit a new long-life token the change never saw, and the session
 * would outlive the change.
 */
export async function signInWithLongLifeToken<A extends SignedAccount>(
  ctx: AppContext,
  role: AccountRole,
  secret: string,
  lockAccount: (tx: DbOrTx, id: string) => Promise<A | null>,
): Promise<{ account: A; authentication: Authentication }> {
  const now = ctx.clock();
  const rotated = await ctx.db.transaction(async (tx) => {
    const accountId = await findLongLifeTokenAccount(tx, role, secret, now);
    if (accountId === null) return null;
    const account = await lockAccount(tx, accountId);
    // Of two concurrent uses of the same token, only the first to retire it goes on.
    if (account === null || (await retireLongLifeToken(tx, role, secret, now)) === null) return null;
    const longLifeToken = await createLongLifeToken(tx, role, accountId, ctx.config.longLifeTokenTtl, now);
    return { account, longLifeToken };
  });
  if (rotated === null) throw new AppError('InvalidCredentials', EXPIRED_LONG_LIFE_TOKEN_MESSAGE);
  const token = await ctx.tokens.sign(role, rotated.account.id, rotated.account.tokenVersion);
  return { account: rotated.account, authentication: { token, longLifeToken: rotated.longLifeToken } };
}

/**
 * `POST .../refresh`: the body repeats the caller's bearer token; a new short token is answered, with the
 * account's current token version (the auth hook has just checked that the bearer carries it).
 */
export async function refreshAccessToken(
  ctx: AppContext,
  caller: Pick<Auth, 'token' | 'account'>,
  bodyToken: string,
): Promise<{ token: string }> {
  if (!secretsEqual(bodyToken, caller.token)) {
    throw new AppError('Unauthorized', 'Le jeton à renouveler doit être celui de la connexion en cours.');
  }
  const { role, id, tokenVersion } = caller.account;
  return { token: await ctx.tokens.sign(role, id, tokenVersion) };
}
