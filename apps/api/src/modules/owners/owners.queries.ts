import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { establishments, owners } from '../../db/schema';

/** An owner with the id of its linked establishment (the link lives on the establishment). */
export type OwnerRow = typeof owners.$inferSelect & { establishmentId: string | null };

const columns = {
  id: owners.id,
  email: owners.email,
  passwordHash: owners.passwordHash,
  firstName: owners.firstName,
  lastName: owners.lastName,
  phone: owners.phone,
  confirmed: owners.confirmed,
  createdAt: owners.createdAt,
  updatedAt: owners.updatedAt,
  establishmentId: establishments.id,
};

function selectOwners(db: DbOrTx) {
  return db.select(columns).from(owners).leftJoin(establishments, eq(establishments.ownerId, owners.id));
}

export async function findOwnerById(db: DbOrTx, id: string): Promise<OwnerRow | null> {
  const rows = await selectOwners(db).where(eq(owners.id, id));
  return rows[0] ?? null;
}

/** E-mail addresses are unique ignoring case; they are stored lower-cased. */
export async function findOwnerByEmail(db: DbOrTx, email: string): Promise<OwnerRow | null> {
  const rows = await selectOwners(db).where(sql`lower(${owners.email}) = ${email.toLowerCase()}`);
  return rows[0] ?? null;
}

export function findOwners(db: DbOrTx): Promise<OwnerRow[]> {
  return selectOwners(db).orderBy(asc(owners.lastName), asc(owners.firstName), asc(owners.id));
}

export type OwnerInsert = typeof owners.$inferInsert;

/** `false` when the e-mail address is taken. */
export async function insertOwner(db: DbOrTx, values: OwnerInsert): Promise<boolean> {
  const rows = await db.insert(owners).values(values).onConflictDoNothing().returning({ id: owners.id });
  return rows.length > 0;
}

export async function updateOwnerRow(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<OwnerInsert, 'id'>>,
): Promise<boolean> {
  const rows = await db
    .update(owners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(owners.id, id))
    .returning({ id: owners.id });
  return rows.length > 0;
}

export async function deleteOwnerRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(owners).where(eq(owners.id, id)).returning({ id: owners.id });
  return rows.length > 0;
}

export type EstablishmentLinkRow = Pick<
  typeof establishments.$inferSelect,
  'id' | 'name' | 'town' | 'email' | 'claimCode' | 'ownerId' | 'disabled'
>;

const linkColumns = {
  id: establishments.id,
  name: establishments.name,
  town: establishments.town,
  email: establishments.email,
  claimCode: establishments.claimCode,
  ownerId: establishments.ownerId,
  disabled: establishments.disabled,
};

export async function findEstablishmentByClaimCode(
  db: DbOrTx,
  claimCode: string,
): Promise<EstablishmentLinkRow | null> {
  const rows = await db
    .select(linkColumns)
    .from(establishments)
    .where(eq(establishments.claimCode, claimCode));
  return rows[0] ?? null;
}

export async function findEstablishmentForLink(db: DbOrTx, id: string): Promise<EstablishmentLinkRow | null> {
  const rows = await db.select(linkColumns).from(establishments).where(eq(establishments.id, id));
  return rows[0] ?? null;
}

/** Detaches the owner from whatever establishment it had. */
export async function unlinkOwner(db: DbOrTx, ownerId: string): Promise<string[]> {
  const rows = await db
    .update(establishments)
    .set({ ownerId: null, updatedAt: new Date() })
    .where(eq(establishments.ownerId, ownerId))
    .returning({ id: establishments.id });
  return rows.map((r) => r.id);
}

/**
 * Links the establishment to the owner. `takeOver` (an admin) moves an establishment that has another
 * owner; otherwise it must be free, checked in the same statement so two claims cannot both win.
 */
export async function linkOwner(
  db: DbOrTx,
  ownerId: string,
  establishmentId: string,
  takeOver: boolean,
): Promise<boolean> {
  const free = or(isNull(establishments.ownerId), eq(establishments.ownerId, ownerId));
  const rows = await db
    .update(establishments)
    .set({ ownerId, updatedAt: new Date() })
    .where(and(eq(establishments.id, establishmentId), takeOver ? undefined : free))
    .returning({ id: establishments.id });
  return rows.length > 0;
}
