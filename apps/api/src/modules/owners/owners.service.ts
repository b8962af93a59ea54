import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import { canOnEvery, type AppAbility } from '@tables-voisines/contract/permissions';
import type {
  Authentication,
  CheckBody,
  CheckResult,
  OwnerSignInBody,
  PatchOwnerBody,
  SignUpBody,
} from '@tables-voisines/contract/schemas/account';
import { claimCodeMail, confirmationCodeMail, passwordResetMail } from '../../adapters/mail/templates';
import { sendLoggingFailures } from '../../adapters/mail/mailer';
import type { AppContext } from '../../context';
import { claimCodeMails } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { write, type Write, type WriteConditions } from '../../writes/write';
import { relinkEstablishment } from '../establishments/establishments.service';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashCode, hashSecret, newSecret, secretsEqual } from '../../lib/tokens';
import { issueAuthentication, signInWithLongLifeToken } from '../auth/auth.service';
import { deleteLongLifeTokens, retireAllLongLifeTokens } from '../auth/long-life-tokens.queries';
import { allFields, diffFields, SYSTEM_ACTOR, type Actor, type FieldChange } from '../history/history';
import { findCodeById, findLiveCode, replaceCode, retireOtherCodes, takeTry, useCode } from './codes.queries';
import {
  deleteOwnerRow,
  findEstablishmentByClaimCode,
  findEstablishmentForLink,
  findOwnerByEmail,
  findOwnerById,
  findOwners,
  findOwnersPage,
  insertOwner,
  updateOwnerRow,
  type EstablishmentLinkRow,
  type OwnerFilter,
  type OwnerRow,
} from './owners.queries';

export const CONFIRMATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const CONFIRMATION_CODE_TRIES = 5;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_PAGE_PATH = '/espace-restaurateur/nouveau-mot-de-passe';

const emailTaken = () => new AppError('EmailAlreadyUsed');

/** What the history keeps of an owner (never the password hash, codes or tokens). */
const historyView = (row: OwnerRow) => ({
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  confirmed: row.confirmed,
  establishment: row.establishmentId,
});

const selfActor = (owner: { id: string; email: string }): Actor => ({
  role: 'restaurant-owner',
  id: owner.id,
  name: owner.email,
});

/**
 * Records an owner's change in its own history (the link and unlink entries of the establishments
 * concerned are `relinkEstablishment`'s).
 */
async function recordOwnerChange(
  w: Write,
  action: 'create' | 'update' | 'delete',
  before: OwnerRow | null,
  after: OwnerRow | null,
  extra: FieldChange[] = [],
  actor?: Actor,
): Promise<void> {
  const subject = (after ?? before)!;
  const changes =
    action === 'create'
      ? allFields(historyView(after!), 'create')
      : action === 'delete'
        ? allFields(historyView(before!), 'delete')
        : [...diffFields(historyView(before!), historyView(after!)), ...extra];
  if (changes.length === 0) return;
  await w.record({
    subjectType: 'restaurant-owner',
    subjectId: subject.id,
    establishmentId: after?.establishmentId ?? before?.establishmentId ?? null,
    action,
    changes,
    ...(actor === undefined ? {} : { actor }),
  });
}
const ownerNotFound = () => new AppError('NotFound', 'Ce compte restaurateur n’existe pas.');
const unknownClaimCode = () =>
  new AppError(
    'NotFound',
    'Aucun établissement ne correspond à ce code : vérifiez-le ou demandez-le à nouveau.',
  );
const invalidResetLink = () =>
  new AppError('InvalidToken', 'Ce lien de réinitialisation est invalide, a expiré ou a déjà servi.');

const siteOf = (ctx: AppContext) => ({ name: ctx.config.site.name, publicUrl: ctx.config.publicUrl });

function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

async function requireOwner(ctx: AppContext, id: string): Promise<OwnerRow> {
  const row = await findOwnerById(ctx.db, id);
  if (row === null) throw ownerNotFound();
  return row;
}

export const getOwner = requireOwner;

async function sendConfirmationCode(
  ctx: AppContext,
  owner: { email: string; firstName: string },
  code: string,
  log: FastifyBaseLogger,
): Promise<void> {
  await sendLoggingFailures(ctx.mailer, confirmationCodeMail(siteOf(ctx), owner, code), log);
}

export async function signUpOwner(
  ctx: AppContext,
  body: SignUpBody,
  log: FastifyBaseLogger,
): Promise<{ owner: OwnerRow; authentication: Authentication }> {
  assertAcceptablePassword(body.password, [body.email]);
  if ((await findOwnerByEmail(ctx.db, body.email)) !== null) throw emailTaken();
  let establishment: EstablishmentLinkRow | null = null;
  if (body.establishmentCode !== undefined) {
    establishment = await findEstablishmentByClaimCode(ctx.db, body.establishmentCode);
    if (establishment === null) throw unknownClaimCode();
    if (establishment.ownerId !== null) throw new AppError('EstablishmentAlreadyClaimed');
  }
  const passwordHash = await hashPassword(body.password);
  const id = randomUUID();
  const code = newConfirmationCode();
  try {
    await write(ctx, { actor: selfActor({ id, email: body.email }) }, async (w) => {
      const inserted = await insertOwner(w.tx, {
        id,
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone ?? null,
      });
      if (!inserted) throw emailTaken();
      if (establishment !== null) await claimEstablishment(w, id, establishment.id);
      await replaceCode(w.tx, {
        ownerId: id,
        purpose: 'confirm-email',
        codeHash: hashCode(code, ctx.config.jwtSecret!),
        ttlMs: CONFIRMATION_CODE_TTL_MS,
      });
      const created = await findOwnerById(w.tx, id);
      await recordOwnerChange(w, 'create', null, created);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const owner = await requireOwner(ctx, id);
  await sendConfirmationCode(ctx, owner, code, log);
  return { owner, authentication: await issueAuthentication(ctx, 'restaurant-owner', id) };
}

export async function confirmOwner(ctx: AppContext, ownerId: string, code: string): Promise<OwnerRow> {
  const owner = await requireOwner(ctx, ownerId);
  if (owner.confirmed) return owner;
  const live = await findLiveCode(ctx.db, ownerId, 'confirm-email');
  if (live === null) {
    throw new AppError('InvalidCode', 'Ce code a expiré : demandez l’envoi d’un nouveau code.');
  }
  const tries = await takeTry(ctx.db, live.id, CONFIRMATION_CODE_TRIES);
  if (tries === null) {
    throw new AppError('InvalidCode', 'Trop d’essais pour ce code : demandez l’envoi d’un nouveau code.', {
      remainingAttempts: 0,
    });
  }
  if (!secretsEqual(hashCode(code, ctx.config.jwtSecret!), live.codeHash)) {
    const left = CONFIRMATION_CODE_TRIES - tries;
    throw new AppError(
      'InvalidCode',
      left > 0
        ? `Ce code est incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`
        : 'Ce code est incorrect et aucun essai ne reste : demandez l’envoi d’un nouveau code.',
      { remainingAttempts: left },
    );
  }
  const confirmed = await write(ctx, { actor: selfActor(owner) }, async (w) => {
    if (!(await useCode(w.tx, live.id))) return false;
    await updateOwnerRow(w.tx, ownerId, { confirmed: true });
    await recordOwnerChange(w, 'update', owner, { ...owner, confirmed: true });
    return true;
  });
  if (!confirmed) throw new AppError('InvalidCode');
  return requireOwner(ctx, ownerId);
}

/**
 * One confirmation code per `CONFIRMATION_RESEND_DELAY_SECONDS` (a minute by default) per owner, whether asked
 * again (`resend`) or sent to a new address by the owner itself: a mailbox cannot be flooded from one
 * account. The confirmation screen counts the same delay (it reads it from the public settings).
 */
async function assertResendDelayOver(ctx: AppContext, ownerId: string): Promise<void> {
  const last = await findLiveCode(ctx.db, ownerId, 'confirm-email');
  const delayMs = ctx.config.confirmationResendDelaySeconds * 1000;
  const wait = last === null ? 0 : last.createdAt.getTime() + delayMs - Date.now();
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new AppError(
      'RateLimited',
      `Un code vient de vous être envoyé : vous pourrez en demander un autre dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
      { retryAfter: seconds },
    );
  }
}

/** A new code; the previous one stops working. Nothing is sent to a confirmed account. */
export async function resendConfirmation(
  ctx: AppContext,
  ownerId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const owner = await requireOwner(ctx, ownerId);
  if (owner.confirmed) return;
  await assertResendDelayOver(ctx, ownerId);
  const code = newConfirmationCode();
  await replaceCode(ctx.db, {
    ownerId,
    purpose: 'confirm-email',
    codeHash: hashCode(code, ctx.config.jwtSecret!),
    ttlMs: CONFIRMATION_CODE_TTL_MS,
  });
  await sendConfirmationCode(ctx, owner, code, log);
}

export async function checkOwnerAvailability(ctx: AppContext, body: CheckBody): Promise<CheckResult> {
  if (body.email === undefined && body.establishmentCode === undefined) {
    throw new AppError('ValidationError', 'Donnez une adresse e-mail, un code établissement, ou les deux.', [
      { path: '', message: 'Une adresse e-mail ou un code établissement est attendu.' },
    ]);
  }
  const result: CheckResult = {};
  if (body.email !== undefined) result.emailAvailable = (await findOwnerByEmail(ctx.db, body.email)) === null;
  if (body.establishmentCode !== undefined) {
    const found = await findEstablishmentByClaimCode(ctx.db, body.establishmentCode);
    result.establishment = found === null ? null : { id: found.id, name: found.name, town: found.town };
  }
  return result;
}

/** A claim code may be mailed to an establishment once a minute, and five times in 24 hours. */
export const CLAIM_CODE_MAIL_INTERVAL_MS = 60 * 1000;
export const CLAIM_CODE_MAILS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

function rateLimited(waitMs: number, message: (wait: string) => string): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} seconde${seconds > 1 ? 's' : ''}`
      : minutes < 60
        ? `${minutes} minute${minutes > 1 ? 's' : ''}`
        : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
  return new AppError('RateLimited', message(wait), { retryAfter: seconds });
}

/**
 * Mails the claim code to the establishment's own address, never to a claimed establishment, at most once
 * a minute and five times in 24 hours per establishment whoever asks (429 with the wait): a form cannot
 * flood its mailbox. Counted in the database, so replicas share the count.
 */
export async function resendEstablishmentCode(ctx: AppContext, establishmentId: string): Promise<void> {
  await write(ctx, { actor: SYSTEM_ACTOR }, async (w) => {
    const establishment = await findEstablishmentForLink(w.tx, establishmentId, { forUpdate: true });
    if (establishment === null || establishment.disabled) {
      throw new AppError('NotFound', 'Cet établissement n’existe pas ou n’est plus visible.');
    }
    if (establishment.ownerId !== null) {
      throw new AppError(
        'EstablishmentAlreadyClaimed',
        'Cet établissement est déjà rattaché au compte de son restaurateur : son code n’est plus envoyé. Si vous le gérez, contactez-nous.',
      );
    }
    if (establishment.email === null) {
      throw new AppError(
        'NotFound',
        'Aucune adresse e-mail n’est connue pour cet établissement : contactez-nous pour recevoir son code.',
      );
    }
    const now = Date.now();
    const sent = await w.tx
      .select({ sentAt: claimCodeMails.sentAt })
      .from(claimCodeMails)
      .where(
        and(
          eq(claimCodeMails.establishmentId, establishmentId),
          gt(claimCodeMails.sentAt, new Date(now - DAY_MS)),
        ),
      )
      .orderBy(asc(claimCodeMails.sentAt));
    const last = sent.at(-1)?.sentAt.getTime();
    if (last !== undefined && now - last < CLAIM_CODE_MAIL_INTERVAL_MS) {
      throw rateLimited(
        last + CLAIM_CODE_MAIL_INTERVAL_MS - now,
        (wait) =>
          `Le code vient d’être envoyé à l’adresse de l’établissement : vous pourrez le demander de nouveau dans ${wait}.`,
      );
    }
    if (sent.length >= CLAIM_CODE_MAILS_PER_DAY) {
      throw rateLimited(
        sent[sent.length - CLAIM_CODE_MAILS_PER_DAY]!.sentAt.getTime() + DAY_MS - now,
        (wait) =>
          `Le code de cet établissement a déjà été envoyé ${CLAIM_CODE_MAILS_PER_DAY} fois en 24 heures : vous pourrez le demander de nouveau dans ${wait}.`,
      );
    }
    await w.tx.insert(claimCodeMails).values({ id: randomUUID(), establishmentId, sentAt: new Date(now) });
    await w.mail(
      claimCodeMail(
        siteOf(ctx),
        { email: establishment.email, name: establishment.name, town: establishment.town },
        establishment.claimCode,
      ),
    );
  });
}

export async function signInOwner(
  ctx: AppContext,
  body: OwnerSignInBody,
): Promise<{ owner: OwnerRow; authentication: Authentication }> {
  if ('token' in body) {
    const { accountId, authentication } = await signInWithLongLifeToken(ctx, 'restaurant-owner', body.token);
    const owner = await findOwnerById(ctx.db, accountId);
    if (owner === null) throw new AppError('InvalidCredentials');
    return { owner, authentication };
  }
  const owner = await findOwnerByEmail(ctx.db, body.email);
  // Same work and same answer whether the address exists or not.
  const ok = await verifyPassword(owner?.passwordHash ?? null, body.password);
  if (owner === null || !ok) {
    throw new AppError('InvalidCredentials', 'Adresse e-mail ou mot de passe incorrect.');
  }
  return { owner, authentication: await issueAuthentication(ctx, 'restaurant-owner', owner.id) };
}

/**
 * Answers at once, whatever the address: the look-up and the mail happen after the answer, so neither the
 * answer nor its timing tells whether an account exists.
 */
export function requestPasswordReset(ctx: AppContext, email: string, log: FastifyBaseLogger): void {
  ctx.background.run(log, async () => {
    const owner = await findOwnerByEmail(ctx.db, email);
    if (owner === null) return;
    const secret = newSecret();
    const id = await replaceCode(ctx.db, {
      ownerId: owner.id,
      purpose: 'reset-password',
      codeHash: hashSecret(secret),
      ttlMs: RESET_LINK_TTL_MS,
    });
    const link = `${ctx.config.publicUrl}${RESET_PAGE_PATH}?token=${encodeURIComponent(`${id}.${secret}`)}`;
    await sendLoggingFailures(ctx.mailer, passwordResetMail(siteOf(ctx), owner, link), log);
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
    code.expiresAt.getTime() > Date.now();
  if (!valid) throw invalidResetLink();
  const owner = await requireOwner(ctx, code.ownerId);
  assertAcceptablePassword(password, [owner.email]);
  const passwordHash = await hashPassword(password);
  const done = await write(ctx, { actor: selfActor(owner) }, async (w) => {
    if (!(await useCode(w.tx, code.id))) return false;
    // The link reached the mailbox: the address is confirmed too.
    await updateOwnerRow(w.tx, owner.id, { passwordHash, confirmed: true });
    await recordOwnerChange(w, 'update', owner, { ...owner, confirmed: true }, [
      { field: 'password', from: null, to: null },
    ]);
    await retireAllLongLifeTokens(w.tx, 'restaurant-owner', owner.id);
    await retireOtherCodes(w.tx, owner.id, 'reset-password', code.id);
    return true;
  });
  if (!done) throw invalidResetLink();
}

/** The whole list, or one page of it with the total when `page` is given. */
export async function listOwners(
  ctx: AppContext,
  ability: AppAbility | null,
  query: OwnerFilter & { page?: number | undefined; perPage: number },
) {
  const full = ability !== null && canOnEvery(ability, 'read', 'restaurant-owner');
  if (
    query.page === undefined &&
    query.q === undefined &&
    query.confirmed === undefined &&
    query.establishment === undefined
  ) {
    return { rows: await findOwners(ctx.db, query), total: null, full };
  }
  const page = query.page ?? 1;
  const limit = query.page === undefined ? undefined : query.perPage;
  const { rows, total } = await findOwnersPage(ctx.db, query, { limit, offset: (page - 1) * query.perPage });
  return { rows, total: query.page === undefined ? null : total, full };
}

/**
 * Any subset of the fields. Relinking (`establishmentCode`, or `establishment` for admins) detaches the
 * owner from its previous establishment and attaches it to the new one in one transaction. An
 * establishment that has another owner is `EstablishmentAlreadyClaimed`, unless the caller may update every
 * owner (an admin): then the establishment moves to this owner.
 */
export async function patchOwner(
  ctx: AppContext,
  ability: AppAbility,
  id: string,
  body: PatchOwnerBody,
  log: FastifyBaseLogger,
  actor: Actor = SYSTEM_ACTOR,
  conditions?: WriteConditions,
): Promise<OwnerRow> {
  const existing = await requireOwner(ctx, id);
  const takeOver = canOnEvery(ability, 'update', 'restaurant-owner');

  const emailChanged = body.email !== undefined && body.email !== existing.email.toLowerCase();
  if (emailChanged && (await findOwnerByEmail(ctx.db, body.email!)) !== null) throw emailTaken();
  // An admin correcting an address is not held to the owner's delay.
  if (emailChanged && !takeOver) await assertResendDelayOver(ctx, id);

  let passwordHash: string | undefined;
  if (body.password !== undefined) {
    assertAcceptablePassword(body.password, [body.email ?? existing.email]);
    passwordHash = await hashPassword(body.password);
  }
  const code = emailChanged ? newConfirmationCode() : undefined;

  const values = {
    ...(body.email === undefined ? {} : { email: body.email }),
    ...(body.firstName === undefined ? {} : { firstName: body.firstName }),
    ...(body.lastName === undefined ? {} : { lastName: body.lastName }),
    ...(body.phone === undefined ? {} : { phone: body.phone }),
    ...(passwordHash === undefined ? {} : { passwordHash }),
    // A new address must be confirmed again.
    ...(emailChanged ? { confirmed: false } : {}),
  };
  try {
    await write(ctx, { actor, conditions }, async (w) => {
      const { tx } = w;
      const before = await findOwnerById(tx, id, { forUpdate: true });
      w.checkPrecondition(before);
      if (before === null) throw ownerNotFound();
      // undefined: no relinking; null: detach; a row (locked): attach to it.
      let target: EstablishmentLinkRow | null | undefined;
      if (body.establishmentCode !== undefined) {
        target = await findEstablishmentByClaimCode(tx, body.establishmentCode, { forUpdate: true });
        if (target === null) throw unknownClaimCode();
      } else if (body.establishment !== undefined && body.establishment !== null) {
        target = await findEstablishmentForLink(tx, body.establishment, { forUpdate: true });
        if (target === null) throw new AppError('NotFound', 'Cet établissement n’existe pas.');
      } else if (body.establishment === null) {
        target = null;
      }
      if (target && target.ownerId !== null && target.ownerId !== id && !takeOver) {
        throw new AppError('EstablishmentAlreadyClaimed');
      }
      await updateOwnerRow(tx, id, values);
      if (passwordHash !== undefined) await retireAllLongLifeTokens(tx, 'restaurant-owner', id);
      if (target === null && before.establishmentId !== null) {
        await relinkEstablishment(w, before.establishmentId, id, null);
      } else if (target && target.id !== before.establishmentId) {
        // The establishment's owner, if another, is detached (an admin only, checked above).
        await relinkEstablishment(w, target.id, target.ownerId, id);
      }
      if (code !== undefined) {
        await replaceCode(tx, {
          ownerId: id,
          purpose: 'confirm-email',
          codeHash: hashCode(code, ctx.config.jwtSecret!),
          ttlMs: CONFIRMATION_CODE_TTL_MS,
        });
      }
      const after = await findOwnerById(tx, id);
      await recordOwnerChange(
        w,
        'update',
        before,
        after,
        passwordHash === undefined ? [] : [{ field: 'password', from: null, to: null }],
      );
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const owner = await requireOwner(ctx, id);
  if (code !== undefined) await sendConfirmationCode(ctx, owner, code, log);
  return owner;
}

export async function deleteOwner(
  ctx: AppContext,
  id: string,
  actor: Actor = SYSTEM_ACTOR,
  conditions?: WriteConditions,
): Promise<void> {
  await write(ctx, { actor, conditions }, async (w) => {
    const before = await findOwnerById(w.tx, id, { forUpdate: true });
    w.checkPrecondition(before);
    if (before === null) throw ownerNotFound();
    await recordOwnerChange(w, 'delete', before, null);
    if (before.establishmentId !== null) await relinkEstablishment(w, before.establishmentId, id, null);
    await deleteLongLifeTokens(w.tx, 'restaurant-owner', id);
    await deleteOwnerRow(w.tx, id);
  });
}

/** Links a new owner to the establishment of its claim code, which must still be free (locked, then checked). */
async function claimEstablishment(w: Write, ownerId: string, establishmentId: string): Promise<void> {
  const target = await findEstablishmentForLink(w.tx, establishmentId, { forUpdate: true });
  if (target === null) throw unknownClaimCode();
  if (target.ownerId !== null && target.ownerId !== ownerId)
    throw new AppError('EstablishmentAlreadyClaimed');
  await relinkEstablishment(w, establishmentId, target.ownerId, ownerId);
}
