/*
 * What the owners' services share: the account's history entries, its common errors, the confirmation code
 * (made, mailed, and its resend delay) and reading an account that must exist.
 */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import { confirmationCodeMail } from '../../adapters/mail/templates';
import { sendLoggingFailures } from '../../adapters/mail/mailer';
import type { AppContext } from '../../context';
import type { Write } from '../../writes/write';
import { allFields, diffFields, type Actor, type FieldChange } from '../history/history';
import { findLiveCode } from './codes.queries';
import { findOwnerById, type OwnerRow } from './owners.queries';
import { toOwner } from './owners.presenter';

export const CONFIRMATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const CONFIRMATION_CODE_TRIES = 5;

export const emailTaken = () => new AppError('EmailAlreadyUsed');

/**
 * What the history keeps of an owner: its record as answered (never the password hash, codes or tokens),
 * less its id and dates.
 */
export const historyView = (row: OwnerRow) => {
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    confirmationCodeSentAt: _codeSentAt,
    ...kept
  } = toOwner(row);
  return kept;
};

export const selfActor = (owner: { id: string; email: string }): Actor => ({
  role: 'restaurant-owner',
  id: owner.id,
  name: owner.email,
});

/**
 * Records an owner's change in its own history (the link and unlink entries of the establishments
 * concerned are `relinkEstablishment`'s).
 */
export async function recordOwnerChange(
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
export const ownerNotFound = () => new AppError('NotFound', 'Ce compte restaurateur n’existe pas.');
export const unknownClaimCode = () =>
  new AppError(
    'NotFound',
    'Aucun établissement ne correspond à ce code : vérifiez-le ou demandez-le à nouveau.',
  );
export const siteOf = (ctx: AppContext) => ({ name: ctx.config.site.name, publicUrl: ctx.config.publicUrl });

export function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export async function requireOwner(ctx: AppContext, id: string): Promise<OwnerRow> {
  const row = await findOwnerById(ctx.db, id);
  if (row === null) throw ownerNotFound();
  return row;
}

export async function sendConfirmationCode(
  ctx: AppContext,
  owner: { email: string; firstName: string },
  code: string,
  log: FastifyBaseLogger,
): Promise<void> {
  await sendLoggingFailures(ctx.mailer, confirmationCodeMail(siteOf(ctx), owner, code), log);
}

/**
 * One confirmation code per `CONFIRMATION_RESEND_DELAY_SECONDS` (a minute by default) per owner, whether asked
 * again (`resend`) or sent to a new address by the owner itself: a mailbox cannot be flooded from one
 * account. The confirmation screen counts the same delay (it reads it from the public settings).
 */
export async function assertResendDelayOver(ctx: AppContext, ownerId: string): Promise<void> {
  const now = ctx.clock();
  const last = await findLiveCode(ctx.db, ownerId, 'confirm-email', now);
  const delayMs = ctx.config.confirmationResendDelaySeconds * 1000;
  const wait = last === null ? 0 : last.createdAt.getTime() + delayMs - now.getTime();
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new AppError(
      'RateLimited',
      `Un code vient de vous être envoyé : vous pourrez en demander un autre dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
      { retryAfter: seconds },
    );
  }
}
