/* The owners' accounts as the team manages them: read, listed, changed (relinked), removed. */
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { establishments } from '../../db/schema';
import { AppError } from '@tables-voisines/contract/errors';
import { canOnEvery, subject, type AppAbility } from '@tables-voisines/contract/permissions';
import type { PatchOwnerBody } from '@tables-voisines/contract/schemas/account';
import { accountChangeMail, ownerAccountDeletedMail } from '../../adapters/mail/templates';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { write, type WriteConditions } from '../../writes/write';
import { relinkEstablishment } from '../establishments/establishments.service';
import { assertAcceptablePassword, hashPassword } from '../../lib/passwords';
import { hashCode } from '../../lib/tokens';
import { retireAllLongLifeTokens, deleteLongLifeTokens } from '../auth/long-life-tokens.queries';
import { assertCurrentPassword } from '../auth/current-password';
import { SYSTEM_ACTOR, type Actor } from '../history/history';
import { replaceCode } from './codes.queries';
import {
  assertResendDelayOver,
  CONFIRMATION_CODE_TTL_MS,
  emailTaken,
  newConfirmationCode,
  ownerNotFound,
  recordOwnerChange,
  requireOwner,
  sendConfirmationCode,
  siteOf,
  unknownClaimCode,
} from './owner-accounts';
import {
  deleteOwnerRow,
  findEstablishmentByClaimCode,
  findEstablishmentForLink,
  findOwnerByEmail,
  findOwnerById,
  findOwners,
  findOwnersPage,
  updateOwnerRow,
  type EstablishmentLinkRow,
  type OwnerFilter,
  type OwnerRow,
} from './owners.queries';

export const getOwner = requireOwner;

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
 *
 * A new password or address: the owner itself must give its current password (`actor` tells who asks);
 * every token of the account signed before stops working, its long-life tokens are retired, and its
 * previous address, if it was confirmed, is told (a mistyped address being corrected is not: it may be a
 * stranger's).
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
  const credentialsChange = emailChanged || body.password !== undefined;
  const self = actor.role === 'restaurant-owner' && actor.id === id;
  // First: without it, a token alone tells nothing more (not even whether an address is taken).
  if (credentialsChange && self) await assertCurrentPassword(existing.passwordHash, body.currentPassword);
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
      const before = w.checkExisting(await findOwnerById(tx, id, { forUpdate: true }), ownerNotFound);
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
      // An admin moving an owner changes who owns the pages it leaves and joins: that is an update of each
      // page's owner, which needs the permission on establishments too, as the establishment's own PATCH does.
      if (body.establishment !== undefined) {
        const pages = [before.establishmentId, target?.id ?? null].filter((page) => page !== null);
        for (const page of new Set(pages)) {
          if (!ability.can('update', subject('establishment', { id: page }), 'restaurantOwner')) {
            throw new AppError(
              'Forbidden',
              'Rattacher ou détacher un restaurateur demande aussi le droit de modifier les établissements.',
            );
          }
        }
      }
      await updateOwnerRow(tx, id, values, { endSessions: credentialsChange });
      if (credentialsChange) {
        await retireAllLongLifeTokens(tx, 'restaurant-owner', id, w.now);
        if (before.confirmed) {
          await w.mail(
            accountChangeMail(
              siteOf(ctx),
              { email: before.email, name: before.firstName, kind: 'owner' },
              { password: passwordHash !== undefined, email: emailChanged, byTeam: !self, at: w.now },
            ),
          );
        }
      }
      if (target === null && before.establishmentId !== null) {
        await relinkEstablishment(w, before.establishmentId, id, null, { ownerRecorded: true });
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
          now: w.now,
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
    const before = w.checkExisting(await findOwnerById(w.tx, id, { forUpdate: true }), ownerNotFound);
    // The team's deletion is told to the owner here: once its row is gone, the write's consumer that mails
    // detached owners no longer finds its address.
    if (w.actor.role === 'admin') {
      const [page] =
        before.establishmentId === null
          ? []
          : await w.tx
              .select({ name: establishments.name, town: establishments.town })
              .from(establishments)
              .where(eq(establishments.id, before.establishmentId));
      await w.mail(ownerAccountDeletedMail(siteOf(ctx), before, page ?? null));
    }
    await recordOwnerChange(w, 'delete', before, null);
    if (before.establishmentId !== null)
      await relinkEstablishment(w, before.establishmentId, id, null, { ownerRecorded: true });
    await deleteLongLifeTokens(w.tx, 'restaurant-owner', id);
    await deleteOwnerRow(w.tx, id);
  });
}
