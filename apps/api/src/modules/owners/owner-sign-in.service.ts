/* Signing in as an owner (password or long-life token), and a forgotten password's link. */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import type { Authentication, OwnerSignInBody } from '@tables-voisines/contract/schemas/account';
import { passwordResetMail } from '../../adapters/mail/templates';
import { sendLoggingFailures } from '../../adapters/mail/mailer';
import type { AppContext } from '../../context';
import { write } from '../../writes/write';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashSecret, newSecret, secretsEqual } from '../../lib/tokens';
import { issueAuthentication, signInWithLongLifeToken } from '../auth/auth.service';
import { retireAllLongLifeTokens } from '../auth/long-life-tokens.queries';
import { findCodeById, replaceCode, retireOtherCodes, takePasswordResetMail, useCode } from './codes.queries';
import { recordOwnerChange, requireOwner, selfActor, siteOf } from './owner-accounts';
import { findOwnerByEmail, findOwnerById, type OwnerRow, updateOwnerRow } from './owners.queries';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_PAGE_PATH = '/espace-restaurateur/nouveau-mot-de-passe';

const invalidResetLink = () =>
  new AppError('InvalidToken', 'Ce lien de réinitialisation est invalide, a expiré ou a déjà servi.');

export async function signInOwner(
  ctx: AppContext,
  body: OwnerSignInBody,
): Promise<{ owner: OwnerRow; authentication: Authentication }> {
  if ('token' in body) {
    const { account, authentication } = await signInWithLongLifeToken(
      ctx,
      'restaurant-owner',
      body.token,
      (tx, id) => findOwnerById(tx, id, { forUpdate: true }),
    );
    return { owner: account, authentication };
  }
  const owner = await findOwnerByEmail(ctx.db, body.email);
  // Same work and same answer whether the address exists or not.
  const ok = await verifyPassword(owner?.passwordHash ?? null, body.password);
  if (owner === null || !ok) {
    throw new AppError('InvalidCredentials', 'Adresse e-mail ou mot de passe incorrect.');
  }
  return { owner, authentication: await issueAuthentication(ctx, 'restaurant-owner', owner) };
}

/** A reset link may be mailed to an account once a minute, and five times in 24 hours. */
export const PASSWORD_RESET_MAIL_INTERVAL_MS = 60 * 1000;
export const PASSWORD_RESET_MAILS_PER_DAY = 5;

/**
 * Answers at once, whatever the address: the look-up and the mail happen after the answer, so neither the
 * answer nor its timing tells whether an account exists. At most one link a minute and five a day per
 * account, whoever asks and from wherever (a mailbox cannot be flooded): past that nothing is sent, and the
 * answer is the same. Counted in the database (`password_reset_mails`) with the owner's row locked, so
 * concurrent requests and replicas share the count.
 */
export function requestPasswordReset(ctx: AppContext, email: string, log: FastifyBaseLogger): void {
  ctx.background.run(log, async () => {
    const found = await findOwnerByEmail(ctx.db, email);
    if (found === null) return;
    const secret = newSecret();
    const now = ctx.clock();
    const taken = await ctx.db.transaction(async (tx) => {
      const owner = await findOwnerById(tx, found.id, { forUpdate: true });
      if (owner === null) return null;
      if (
        !(await takePasswordResetMail(
          tx,
          owner.id,
          PASSWORD_RESET_MAIL_INTERVAL_MS,
          PASSWORD_RESET_MAILS_PER_DAY,
          now,
        ))
      )
        return null;
      const id = await replaceCode(tx, {
        ownerId: owner.id,
        purpose: 'reset-password',
        codeHash: hashSecret(secret),
        ttlMs: RESET_LINK_TTL_MS,
        now,
      });
      return { owner, id };
    });
    if (taken === null) return;
    // Sent here rather than as a write's side effect: the link's secret is never stored.
    const link = `${ctx.config.publicUrl}${RESET_PAGE_PATH}?token=${encodeURIComponent(`${taken.id}.${secret}`)}`;
    await sendLoggingFailures(ctx.mailer, passwordResetMail(siteOf(ctx), taken.owner, link), log);
  });
}

const RESET_TOKEN_RE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/** The link's token is `{code id}.{secret}`: found by id, then compared in constant time. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const match = RESET_TOKEN_RE.exec(token);
  if (match === null) throw invalidResetLink();
  const [, id, secret] = match as unknown as [string, string, string];
  const code = await findCodeById(ctx.db, id, 'reset-password');
  const valid =
    code !== null &&
    secretsEqual(hashSecret(secret), code.codeHash) &&
    code.usedAt === null &&
    code.expiresAt.getTime() > ctx.clock().getTime();
  if (!valid) throw invalidResetLink();
  const owner = await requireOwner(ctx, code.ownerId);
  assertAcceptablePassword(password, [owner.email]);
  const passwordHash = await hashPassword(password);
  const done = await write(ctx, { actor: selfActor(owner) }, async (w) => {
    if (!(await useCode(w.tx, code.id, w.now))) return false;
    // The link reached the mailbox: the address is confirmed too. Every session opened before ends.
    await updateOwnerRow(w.tx, owner.id, { passwordHash, confirmed: true }, { endSessions: true });
    await recordOwnerChange(w, 'update', owner, { ...owner, confirmed: true }, [
      { field: 'password', from: null, to: null },
    ]);
    await retireAllLongLifeTokens(w.tx, 'restaurant-owner', owner.id, w.now);
    await retireOtherCodes(w.tx, owner.id, 'reset-password', code.id, w.now);
    return true;
  });
  if (!done) throw invalidResetLink();
}
