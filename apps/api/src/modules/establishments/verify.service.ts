import { and, eq, lt, isNotNull, or } from 'drizzle-orm';
import { AppError } from '@tables-voisines/contract/errors';
import type { AppContext } from '../../context';
import { databaseNow, establishments, owners, verifyTokens } from '../../db/schema';
import { hashSecret, newSecret } from '../../lib/tokens';
import { write, type Write, type WriteConditions, type WriteDeps } from '../../writes/write';
import { SYSTEM_ACTOR, type Actor } from '../history/history';
import { findEstablishmentById, type EstablishmentRow } from './establishments.queries';
import { getEstablishment } from './establishments.service';
import { recordEstablishmentChange } from './record-establishment-change';

/** How long the reminder's one-click link verifies (docs/api.md, "Closures and the verified date"). */
export const VERIFY_TOKEN_DAYS = 14;
const DAY_MS = 86_400_000;

const notFound = () => new AppError('NotFound', 'Cet établissement n’existe pas.');
/** Used, expired or unknown: the same answer, naming the field at fault as every 400 does. */
const invalidToken = () =>
  new AppError('InvalidToken', undefined, [
    { path: 'token', message: 'Ce lien est invalide, a expiré ou a déjà servi.' },
  ]);

/**
 * Marks the establishment, read `for update` in the write, verified at `now`: `verifiedAt` set, one history
 * entry `verify`, and the public pages (which say « Informations vérifiées le … ») dropped after the commit.
 */
export async function markVerified(
  w: Write,
  before: EstablishmentRow,
  now: Date,
  actor: Actor = w.actor,
): Promise<void> {
  await w.tx
    .update(establishments)
    .set({ verifiedAt: now, updatedAt: databaseNow() })
    .where(eq(establishments.id, before.id));
  await recordEstablishmentChange(
    w,
    before.id,
    'verify',
    [{ field: 'verifiedAt', from: before.verifiedAt?.toISOString() ?? null, to: now.toISOString() }],
    actor,
  );
}

/** `POST /api/establishment/:id/verify`: its owner or the team says the information is right, now. */
export async function verifyEstablishment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  conditions?: WriteConditions,
): Promise<EstablishmentRow> {
  await write(ctx, { actor, conditions }, async (w) => {
    const before = w.checkExisting(await findEstablishmentById(w.tx, id, { forUpdate: true }), notFound);
    await markVerified(w, before, ctx.clock());
  });
  return getEstablishment(ctx, id);
}

/**
 * `POST /api/establishment/verify`: the reminder's link, without signing in. The token is looked up by its
 * hash and locked; used, expired or unknown, it is `400 InvalidToken` and nothing is written. The entry is
 * the owner's (the link went to its address), or the system's when the page has no owner any more.
 */
export async function verifyEstablishmentByToken(ctx: AppContext, token: string): Promise<EstablishmentRow> {
  const now = ctx.clock();
  const establishmentId = await write(ctx, { actor: SYSTEM_ACTOR }, async (w) => {
    const [found] = await w.tx
      .select()
      .from(verifyTokens)
      .where(eq(verifyTokens.tokenHash, hashSecret(token)))
      .for('update');
    if (found === undefined || found.usedAt !== null || found.expiresAt.getTime() <= now.getTime()) {
      throw invalidToken();
    }
    const before = await findEstablishmentById(w.tx, found.establishmentId, { forUpdate: true });
    if (before === null) throw invalidToken();
    await w.tx.update(verifyTokens).set({ usedAt: now }).where(eq(verifyTokens.tokenHash, found.tokenHash));
    const [owner] =
      before.ownerId === null
        ? []
        : await w.tx
            .select({ id: owners.id, email: owners.email })
            .from(owners)
            .where(eq(owners.id, before.ownerId));
    const actor: Actor =
      owner === undefined ? SYSTEM_ACTOR : { role: 'restaurant-owner', id: owner.id, name: owner.email };
    await markVerified(w, before, now, actor);
    return before.id;
  });
  return getEstablishment(ctx, establishmentId);
}

/**
 * A new one-click link for the establishment, in the write's transaction: only its hash is stored; the
 * token itself goes into the e-mail and nowhere else.
 */
export async function createVerifyToken(w: Write, establishmentId: string, now: Date): Promise<string> {
  const token = newSecret();
  await w.tx.insert(verifyTokens).values({
    tokenHash: hashSecret(token),
    establishmentId,
    expiresAt: new Date(now.getTime() + VERIFY_TOKEN_DAYS * DAY_MS),
    createdAt: now,
  });
  return token;
}

/** Links expired (or used) for more than `days` days are deleted; answers how many. */
export async function deleteOldVerifyTokens(ctx: WriteDeps, now: Date, days: number): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const rows = await ctx.db
    .delete(verifyTokens)
    .where(
      or(
        lt(verifyTokens.expiresAt, before),
        and(isNotNull(verifyTokens.usedAt), lt(verifyTokens.usedAt, before)),
      ),
    )
    .returning({ tokenHash: verifyTokens.tokenHash });
  return rows.length;
}
