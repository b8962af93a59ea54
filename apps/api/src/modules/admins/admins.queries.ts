import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { databaseNow, admins, type PermissionRow } from '../../db/schema';

export type AdminRow = typeof admins.$inferSelect;

/** `forUpdate` locks the row until the transaction ends (a write checking its version). */
export async function findAdminById(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AdminRow | null> {
  const query = db.select().from(admins).where(eq(admins.id, id)).$dynamic();
  if (options.forUpdate === true) query.for('update');
  const rows = await query;
  return rows[0] ?? null;
}

/** Usernames are unique ignoring case. */
export async function findAdminByUsername(db: DbOrTx, username: string): Promise<AdminRow | null> {
  const rows = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.username}) = ${username.toLowerCase()}`);
  return rows[0] ?? null;
}

export function findAdmins(db: DbOrTx): Promise<AdminRow[]> {
  return db
    .select()
    .from(admins)
    .orderBy(asc(sql`lower(${admins.username})`), asc(admins.id));
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return rows[0]?.n ?? 0;
}

export interface AdminInsert {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  permissions: PermissionRow;
}

/** `null` when the username is taken (unique index, ignoring case). */
export async function insertAdmin(db: DbOrTx, values: AdminInsert): Promise<AdminRow | null> {
  const rows = await db.insert(admins).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/**
 * `endSessions` raises the admin's token version in the same statement: every access token signed before
 * is refused from then on (plugins/auth.ts), on every replica.
 */
export async function updateAdmin(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<AdminInsert, 'id'>>,
  options: { endSessions?: boolean } = {},
): Promise<AdminRow | null> {
  const rows = await db
    .update(admins)
    .set({
      ...values,
      ...(options.endSessions === true ? { tokenVersion: sql`${admins.tokenVersion} + 1` } : {}),
      updatedAt: databaseNow(),
    })
    .where(eq(admins.id, id))
    .returning();
  return rows[0] ?? null;
}

export async function deleteAdminRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(admins).where(eq(admins.id, id)).returning({ id: admins.id });
  return rows.length > 0;
}
