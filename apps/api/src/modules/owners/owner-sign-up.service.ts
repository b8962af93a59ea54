/*
 * An owner's own account: sign-up (with an establishment's claim code or without), the e-mail address
 * confirmed with its 6-digit code, the code sent again, and an establishment's claim code mailed to it.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import type {
  Authentication,
  CheckBody,
  CheckResult,
  SignUpBody,
} from '@tables-voisines/contract/schemas/account';
import { claimCodeMail } from '../../adapters/mail/templates';
import type { AppContext } from '../../context';
import { claimCodeMails } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { write, type Write } from '../../writes/write';
import { relinkEstablishment } from '../establishments/establishments.service';
import { assertAcceptablePassword, hashPassword } from '../../lib/passwords';
import { hashCode, secretsEqual } from '../../lib/tokens';
import { issueAuthentication } from '../auth/auth.service';
import { SYSTEM_ACTOR } from '../history/history';
import { findLiveCode, findReplacedCodeHashes, replaceCode, takeTry, useCode } from './codes.queries';
import {
  assertResendDelayOver,
  CONFIRMATION_CODE_TRIES,
  CONFIRMATION_CODE_TTL_MS,
  emailTaken,
  newConfirmationCode,
  recordOwnerChange,
  requireOwner,
  selfActor,
  sendConfirmationCode,
  siteOf,
  unknownClaimCode,
} from './owner-accounts';
import {
  findEstablishmentByClaimCode,
  findEstablishmentForLink,
  findOwnerByEmail,
  findOwnerById,
  insertOwner,
  updateOwnerRow,
  type EstablishmentLinkRow,
  type OwnerRow,
} from './owners.queries';

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
        now: w.now,
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
  return { owner, authentication: await issueAuthentication(ctx, 'restaurant-owner', owner) };
}

export async function confirmOwner(ctx: AppContext, ownerId: string, code: string): Promise<OwnerRow> {
  const owner = await requireOwner(ctx, ownerId);
  if (owner.confirmed) return owner;
  const now = ctx.clock();
  const live = await findLiveCode(ctx.db, ownerId, 'confirm-email', now);
  const typed = hashCode(code, ctx.config.jwtSecret!);
  // An older code typed after a new one was sent: an honest mistake, told as such and not counted as a try.
  if (live === null || !secretsEqual(typed, live.codeHash)) {
    const replaced = await findReplacedCodeHashes(ctx.db, ownerId, 'confirm-email', now);
    if (replaced.some((hash) => secretsEqual(typed, hash))) {
      throw new AppError(
        'CodeReplaced',
        `Ce code a été remplacé par un nouveau code, envoyé à ${owner.email} : saisissez le dernier code reçu.`,
      );
    }
  }
  if (live === null) {
    throw new AppError('InvalidCode', 'Ce code a expiré : demandez l’envoi d’un nouveau code.');
  }
  const tries = await takeTry(ctx.db, live.id, CONFIRMATION_CODE_TRIES);
  if (tries === null) {
    throw new AppError('InvalidCode', 'Trop d’essais pour ce code : demandez l’envoi d’un nouveau code.', {
      remainingAttempts: 0,
    });
  }
  if (!secretsEqual(typed, live.codeHash)) {
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
    if (!(await useCode(w.tx, live.id, w.now))) return false;
    await updateOwnerRow(w.tx, ownerId, { confirmed: true });
    await recordOwnerChange(w, 'update', owner, { ...owner, confirmed: true });
    return true;
  });
  if (!confirmed) throw new AppError('InvalidCode');
  return requireOwner(ctx, ownerId);
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
    now: ctx.clock(),
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
    // The page's e-mail as the team knows it: an owner's edit of the page's e-mail never changes it, so a
    // detached owner cannot have the (renewed) code sent to itself (decision 0070).
    if (establishment.claimEmail === null) {
      throw new AppError(
        'NotFound',
        'Aucune adresse e-mail n’est connue pour cet établissement : contactez-nous pour recevoir son code.',
      );
    }
    const now = w.now.getTime();
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
        { email: establishment.claimEmail, name: establishment.name, town: establishment.town },
        establishment.claimCode,
      ),
    );
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
