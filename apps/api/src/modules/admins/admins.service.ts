import { randomUUID } from 'node:crypto';
import { AppError } from '@tables-voisines/contract/errors';
import type { AppAbility } from '@tables-voisines/contract/permissions';
import type {
  AdminSignInBody,
  AdminSignInResult,
  CreateAdminBody,
  PatchAdminBody,
} from '@tables-voisines/contract/schemas/account';
import type { Permission } from '@tables-voisines/contract/schemas/permission';
import { accountChangeMail } from '../../adapters/mail/templates';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { write, type WriteConditions, type WriteDeps } from '../../writes/write';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { issueAuthentication, signInWithLongLifeToken } from '../auth/auth.service';
import { deleteLongLifeTokens, retireAllLongLifeTokens } from '../auth/long-life-tokens.queries';
import { assertCurrentPassword } from '../auth/current-password';
import { allFields, diffFields, SYSTEM_ACTOR, type Actor } from '../history/history';
import { toAdmin } from './admins.presenter';
import {
  deleteAdminRow,
  findAdminById,
  findAdminByUsername,
  insertAdmin,
  updateAdmin,
  type AdminRow,
} from './admins.queries';

const usernameTaken = () => new AppError('UsernameAlreadyUsed');

/** What the history keeps of an admin (never the password hash). */
const historyView = (row: AdminRow) => ({
  username: row.username,
  email: row.email,
  permissions: row.permissions,
});
const notFound = () => new AppError('NotFound', 'Cet administrateur n’existe pas.');

export async function signInAdmin(ctx: AppContext, body: AdminSignInBody): Promise<AdminSignInResult> {
  if ('token' in body) {
    const { account, authentication } = await signInWithLongLifeToken(ctx, 'admin', body.token, (tx, id) =>
      findAdminById(tx, id, { forUpdate: true }),
    );
    return { admin: toAdmin(account), authentication };
  }
  const row = await findAdminByUsername(ctx.db, body.username);
  // Same work and same answer whether the username exists or not.
  const ok = await verifyPassword(row?.passwordHash ?? null, body.password);
  if (row === null || !ok) {
    throw new AppError('InvalidCredentials', 'Nom d’utilisateur ou mot de passe incorrect.');
  }
  return { admin: toAdmin(row), authentication: await issueAuthentication(ctx, 'admin', row) };
}

/** One entry per (action, subject) pair, in the order given. */
export function uniquePermissions(permissions: readonly Permission[]): Permission[] {
  const seen = new Set<string>();
  return permissions.filter((p) => {
    const key = `${p.action} ${p.subject}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An admin cannot give more than it holds: granting `manage all` takes `manage all`. */
function assertGrantable(ability: AppAbility, permissions: readonly Permission[]): void {
  const refused = permissions.filter((p) => !ability.can(p.action, p.subject));
  if (refused.length > 0) {
    throw new AppError(
      'Forbidden',
      'Vous ne pouvez pas accorder une permission que vous n’avez pas vous-même.',
      refused.map((p) => ({ action: p.action, subject: p.subject })),
    );
  }
}

/**
 * An admin changes or deletes only an admin whose every permission it holds itself: otherwise a limited
 * admin with `update admin` could set the password of a `manage all` admin and sign in as it, or delete it.
 */
function assertHoldsAllOf(ability: AppAbility, target: AdminRow, what: 'modifier' | 'supprimer'): void {
  const beyond = (target.permissions as Permission[]).filter((p) => !ability.can(p.action, p.subject));
  if (beyond.length > 0) {
    throw new AppError(
      'Forbidden',
      `Vous ne pouvez pas ${what} un administrateur qui a des droits que vous n’avez pas.`,
      beyond.map((p) => ({ action: p.action, subject: p.subject })),
    );
  }
}

export async function getAdmin(ctx: AppContext, id: string): Promise<AdminRow> {
  const row = await findAdminById(ctx.db, id);
  if (row === null) throw notFound();
  return row;
}

/**
 * `ability` null: the command line (`npm run admin:create`) or the bootstrap admin, which may grant
 * anything.
 */
export async function createAdmin(
  deps: WriteDeps,
  ability: AppAbility | null,
  body: CreateAdminBody,
  actor: Actor = SYSTEM_ACTOR,
): Promise<AdminRow> {
  const permissions = uniquePermissions(body.permissions);
  if (ability !== null) assertGrantable(ability, permissions);
  assertAcceptablePassword(body.password, [body.username, body.email]);
  if ((await findAdminByUsername(deps.db, body.username)) !== null) throw usernameTaken();
  const passwordHash = await hashPassword(body.password);
  return write(deps, { actor }, async (w) => {
    const inserted = await insertAdmin(w.tx, {
      id: randomUUID(),
      username: body.username,
      email: body.email,
      passwordHash,
      permissions,
    });
    if (inserted === null) throw usernameTaken();
    await w.record({
      subjectType: 'admin',
      subjectId: inserted.id,
      action: 'create',
      changes: allFields(historyView(inserted), 'create'),
    });
    return inserted;
  });
}

/**
 * A new password or address: an admin changing its own must give its current password (`actor` tells who
 * asks; an admin changing another's needs none, `update admin` and every permission of the other being
 * enough); every token of the account signed before stops working, its long-life tokens are retired, and
 * its previous address is told.
 */
export async function patchAdmin(
  ctx: AppContext,
  ability: AppAbility,
  id: string,
  body: PatchAdminBody,
  actor: Actor = SYSTEM_ACTOR,
  conditions?: WriteConditions,
): Promise<AdminRow> {
  const existing = await getAdmin(ctx, id);
  assertHoldsAllOf(ability, existing, 'modifier');
  const emailChanged = body.email !== undefined && body.email.toLowerCase() !== existing.email.toLowerCase();
  const credentialsChange = emailChanged || body.password !== undefined;
  const self = actor.role === 'admin' && actor.id === id;
  if (credentialsChange && self) await assertCurrentPassword(existing.passwordHash, body.currentPassword);
  const permissions = body.permissions === undefined ? undefined : uniquePermissions(body.permissions);
  if (permissions !== undefined) assertGrantable(ability, permissions);
  if (body.username !== undefined && body.username.toLowerCase() !== existing.username.toLowerCase()) {
    if ((await findAdminByUsername(ctx.db, body.username)) !== null) throw usernameTaken();
  }
  let passwordHash: string | undefined;
  if (body.password !== undefined) {
    assertAcceptablePassword(body.password, [
      body.username ?? existing.username,
      body.email ?? existing.email,
    ]);
    passwordHash = await hashPassword(body.password);
  }
  const values = {
    ...(body.username === undefined ? {} : { username: body.username }),
    ...(body.email === undefined ? {} : { email: body.email }),
    ...(permissions === undefined ? {} : { permissions }),
    ...(passwordHash === undefined ? {} : { passwordHash }),
  };
  try {
    return await write(ctx, { actor, conditions }, async (w) => {
      const before = w.checkExisting(await findAdminById(w.tx, id, { forUpdate: true }), notFound);
      // Checked again on the locked row: its permissions may have changed since the read above.
      assertHoldsAllOf(ability, before, 'modifier');
      const row = (await updateAdmin(w.tx, id, values, { endSessions: credentialsChange }))!;
      if (credentialsChange) {
        await retireAllLongLifeTokens(w.tx, 'admin', id, w.now);
        // The bootstrap admin has no address.
        if (before.email !== '') {
          await w.mail(
            accountChangeMail(
              { name: ctx.config.site.name, publicUrl: ctx.config.publicUrl },
              { email: before.email, name: before.username, kind: 'admin' },
              { password: passwordHash !== undefined, email: emailChanged, byTeam: !self, at: w.now },
            ),
          );
        }
      }
      const changes = diffFields(historyView(before), historyView(row));
      if (passwordHash !== undefined) changes.push({ field: 'password', from: null, to: null });
      if (changes.length > 0)
        await w.record({ subjectType: 'admin', subjectId: id, action: 'update', changes });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

export async function deleteAdmin(
  ctx: AppContext,
  caller: { id: string; ability: AppAbility },
  id: string,
  actor: Actor = SYSTEM_ACTOR,
  conditions?: WriteConditions,
): Promise<void> {
  if (id === caller.id) {
    throw new AppError('Forbidden', 'Vous ne pouvez pas supprimer votre propre compte administrateur.');
  }
  await write(ctx, { actor, conditions }, async (w) => {
    const before = w.checkExisting(await findAdminById(w.tx, id, { forUpdate: true }), notFound);
    assertHoldsAllOf(caller.ability, before, 'supprimer');
    await deleteAdminRow(w.tx, id);
    await deleteLongLifeTokens(w.tx, 'admin', id);
    await w.record({
      subjectType: 'admin',
      subjectId: id,
      action: 'delete',
      changes: allFields(historyView(before), 'delete'),
    });
  });
}
