import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { longLifeTokens } from '../../db/schema';
import { hashSecret, newSecret, type AccountRole } from '../../lib/tokens';

/** Creates a long-life token; only its hash is stored, the secret is answered once. */
export async function createLongLifeToken(
  db: DbOrTx,
  role: AccountRole,
  accountId: string,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const secret = newSecret();
  await db.insert(longLifeTokens).values({
    id: randomUUID(),
    accountType: role,
    accountId,
    tokenHash: hashSecret(secret),
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return secret;
}

/** The account of a live long-life token of the given kind of account, `null` when there is none. */
export async function findLongLifeTokenAccount(
  db: DbOrTx,
  role: AccountRole,
  secret: string,
  now: Date,
): Promise<string | null> {
  const rows = await db
    .select({ accountId: longLifeTokens.accountId })
    .from(longLifeTokens)
    .where(
      and(
        eq(longLifeTokens.tokenHash, hashSecret(secret)),
        eq(longLifeTokens.accountType, role),
        isNull(longLifeTokens.retiredAt),
        gt(longLifeTokens.expiresAt, now),
      ),
    );
  return rows[0]?.accountId ?? null;
}

/**
 * Retires a live long-life token of the given kind of account and answers its account, or `null` when the
 * token is unknown, expired or already retired. The conditional update lets only one of two concurrent uses
 * win.
 */
export async function retireLongLifeToken(
  db: DbOrTx,
  role: AccountRole,
  secret: string,
  now: Date,
): Promise<string | null> {
  const rows = await db
    .update(longLifeTokens)
    .set({ retiredAt: now })
    .where(
      and(
        eq(longLifeTokens.tokenHash, hashSecret(secret)),
        eq(longLifeTokens.accountType, role),
        isNull(longLifeTokens.retiredAt),
        gt(longLifeTokens.expiresAt, now),
      ),
    )
    .returning({ accountId: longLifeTokens.accountId });
  return rows[0]?.accountId ?? null;
}

/** After a password or address change: every long-life token of the account stops working. */
export async function retireAllLongLifeTokens(
  db: DbOrTx,
  role: AccountRole,
  accountId: string,
  now: Date,
): Promise<void> {
  await db
    .update(longLifeTokens)
    .set({ retiredAt: now })
    .where(
      and(
        eq(longLifeTokens.accountType, role),
        eq(longLifeTokens.accountId, accountId),
        isNull(longLifeTokens.retiredAt),
      ),
    );
}

export async function deleteLongLifeTokens(db: DbOrTx, role: AccountRole, accountId: string): Promise<void> {
  await db
    .delete(longLifeTokens)
    .where(and(eq(longLifeTokens.accountType, role), eq(longLifeTokens.accountId, accountId)));
}
