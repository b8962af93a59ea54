import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { codes, passwordResetMails } from '../../db/schema';

export type CodePurpose = 'confirm-email' | 'reset-password';
export type CodeRow = typeof codes.$inferSelect;

/**
 * Retires the owner's unused codes of this purpose (a new one replaces them: `replaced_at` says so, and a
 * replaced code typed later is answered `CodeReplaced`), then stores the new hash.
 */
export async function replaceCode(
  db: DbOrTx,
  options: { ownerId: string; purpose: CodePurpose; codeHash: string; ttlMs: number; now: Date },
): Promise<string> {
  const { now } = options;
  await db
    .update(codes)
    .set({ usedAt: now, replacedAt: now })
    .where(and(eq(codes.ownerId, options.ownerId), eq(codes.purpose, options.purpose), isNull(codes.usedAt)));
  const id = randomUUID();
  await db.insert(codes).values({
    id,
    ownerId: options.ownerId,
    purpose: options.purpose,
    codeHash: options.codeHash,
    expiresAt: new Date(now.getTime() + options.ttlMs),
  });
  return id;
}

/** The newest unused, unexpired code of this purpose. */
export async function findLiveCode(
  db: DbOrTx,
  ownerId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<CodeRow | null> {
  const rows = await db
    .select()
    .from(codes)
    .where(
      and(
        eq(codes.ownerId, ownerId),
        eq(codes.purpose, purpose),
        isNull(codes.usedAt),
        gt(codes.expiresAt, now),
      ),
    )
    .orderBy(desc(codes.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** The hashes of the owner's codes of this purpose replaced by a newer one and still within their lifetime. */
export async function findReplacedCodeHashes(
  db: DbOrTx,
  ownerId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ codeHash: codes.codeHash })
    .from(codes)
    .where(
      and(
        eq(codes.ownerId, ownerId),
        eq(codes.purpose, purpose),
        isNotNull(codes.replacedAt),
        gt(codes.expiresAt, now),
      ),
    )
    .orderBy(desc(codes.createdAt))
    .limit(20);
  return rows.map((row) => row.codeHash);
}

export async function findCodeById(db: DbOrTx, id: string, purpose: CodePurpose): Promise<CodeRow | null> {
  const rows = await db
    .select()
    .from(codes)
    .where(and(eq(codes.id, id), eq(codes.purpose, purpose)));
  return rows[0] ?? null;
}

/**
 * Counts one try before the code is compared, in one statement, so that concurrent guesses cannot all pass
 * as the first one. `null` when no try is left.
 */
export async function takeTry(db: DbOrTx, id: string, maxTries: number): Promise<number | null> {
  const rows = await db
    .update(codes)
    .set({ attempts: sql`${codes.attempts} + 1` })
    .where(and(eq(codes.id, id), isNull(codes.usedAt), lt(codes.attempts, maxTries)))
    .returning({ attempts: codes.attempts });
  return rows[0]?.attempts ?? null;
}

/** Marks the code used if it still is live; `false` when another request used it first or it expired. */
export async function useCode(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codes.id, id), isNull(codes.usedAt), gt(codes.expiresAt, now)))
    .returning({ id: codes.id });
  return rows.length > 0;
}

/** After a password reset: the owner's other reset links die too. */
export async function retireOtherCodes(
  db: DbOrTx,
  ownerId: string,
  purpose: CodePurpose,
  keepId: string,
  now: Date,
): Promise<void> {
  await db
    .update(codes)
    .set({ usedAt: now })
    .where(
      and(eq(codes.ownerId, ownerId), eq(codes.purpose, purpose), isNull(codes.usedAt), ne(codes.id, keepId)),
    );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts a reset link mailed to the owner, unless one went less than `intervalMs` ago or `perDay` went in
 * the last 24 hours: `false` then, and nothing is counted. Call it with the owner's row locked (`for
 * update`), so that concurrent requests are counted one after the other. Mails older than a day are
 * forgotten here: the table holds a handful of rows per owner.
 */
export async function takePasswordResetMail(
  db: DbOrTx,
  ownerId: string,
  intervalMs: number,
  perDay: number,
  at: Date,
): Promise<boolean> {
  const now = at.getTime();
  const dayAgo = new Date(now - DAY_MS);
  await db
    .delete(passwordResetMails)
    .where(and(eq(passwordResetMails.ownerId, ownerId), lte(passwordResetMails.sentAt, dayAgo)));
  const sent = await db
    .select({ sentAt: passwordResetMails.sentAt })
    .from(passwordResetMails)
    .where(eq(passwordResetMails.ownerId, ownerId))
    .orderBy(desc(passwordResetMails.sentAt));
  const last = sent[0]?.sentAt.getTime();
  if (last !== undefined && now - last < intervalMs) return false;
  if (sent.length >= perDay) return false;
  await db.insert(passwordResetMails).values({ id: randomUUID(), ownerId, sentAt: new Date(now) });
  return true;
}
