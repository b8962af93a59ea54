import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { databaseNow, codes, establishments, owners } from '../../db/schema';
import { escapeLike } from '../../lib/sql';

/** An owner with the id of its linked establishment (the link lives on the establishment). */
export type OwnerRow = typeof owners.$inferSelect & {
  establishmentId: string | null;
  /** When the newest confirmation code was made (sent), whether used or not; `null` without one. */
  codeSentAt?: Date | null;
};

const columns = {
  id: owners.id,
  email: owners.email,
  passwordHash: owners.passwordHash,
  firstName: owners.firstName,
  lastName: owners.lastName,
  phone: owners.phone,
  confirmed: owners.confirmed,
  tokenVersion: owners.tokenVersion,
  version: owners.version,
  createdAt: owners.createdAt,
  updatedAt: owners.updatedAt,
  establishmentId: establishments.id,
  codeSentAt:
    sql<Date | null>`(select max(${codes.createdAt}) from ${codes} where ${codes.ownerId} = ${owners.id} and ${codes.purpose} = 'confirm-email')`.mapWith(
      (value: unknown) => (value === null || value === undefined ? null : new Date(value as string)),
    ),
};

function selectOwners(db: DbOrTx) {
  return db.select(columns).from(owners).leftJoin(establishments, eq(establishments.ownerId, owners.id));
}

/** `forUpdate` locks the owner's row until the transaction ends (a write checking its version). */
export async function findOwnerById(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OwnerRow | null> {
  const query = selectOwners(db).where(eq(owners.id, id)).$dynamic();
  if (options.forUpdate === true) query.for('update', { of: owners });
  const rows = await query;
  return rows[0] ?? null;
}

/** E-mail addresses are unique ignoring case; they are stored lower-cased. */
export async function findOwnerByEmail(db: DbOrTx, email: string): Promise<OwnerRow | null> {
  const rows = await selectOwners(db).where(sql`lower(${owners.email}) = ${email.toLowerCase()}`);
  return rows[0] ?? null;
}

export type OwnerSort = 'lastName' | 'firstName' | 'email' | 'createdAt' | 'updatedAt';

export interface OwnerFilter {
  /** Part of the e-mail address, first or last name, ignoring case and accents. */
  q?: string | undefined;
  confirmed?: boolean | undefined;
  /** `none`: not linked to an establishment; `any`: linked. */
  establishment?: 'none' | 'any' | undefined;
  sort?: OwnerSort;
  order?: 'asc' | 'desc';
}

/** A column as `normalizeForSearch` writes text, for the letters of French names. */
const folded = (column: SQL | AnyPgColumn) =>
  sql`replace(replace(translate(lower(${column}), 'àáâäãåçèéêëìíîïñòóôöõùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'), 'œ', 'oe'), 'æ', 'ae')`;

/** The conditions of a filter, on owners left-joined to their establishment (the list, and its export). */
export function ownersWhere(filter: OwnerFilter): SQL | undefined {
  const term = filter.q === undefined ? '' : normalizeForSearch(filter.q);
  const like = `%${escapeLike(term)}%`;
  return and(
    term === ''
      ? undefined
      : sql`(${folded(owners.email)} like ${like} or ${folded(sql`${owners.firstName} || ' ' || ${owners.lastName}`)} like ${like} or ${folded(sql`${owners.lastName} || ' ' || ${owners.firstName}`)} like ${like})`,
    filter.confirmed === undefined ? undefined : eq(owners.confirmed, filter.confirmed),
    filter.establishment === 'none'
      ? isNull(establishments.id)
      : filter.establishment === 'any'
        ? isNotNull(establishments.id)
        : undefined,
  );
}

function ownersOrder(filter: OwnerFilter): SQL[] {
  const dir = filter.order === 'desc' ? desc : asc;
  const byName = [dir(folded(owners.lastName)), dir(folded(owners.firstName))];
  const primary: Record<OwnerSort, SQL[]> = {
    lastName: byName,
    firstName: [dir(folded(owners.firstName)), dir(folded(owners.lastName))],
    email: [dir(owners.email)],
    createdAt: [dir(owners.createdAt)],
    updatedAt: [dir(owners.updatedAt)],
  };
  return [...primary[filter.sort ?? 'lastName'], asc(owners.id)];
}

/** Every owner, in the order asked (by last then first name by default). */
export function findOwners(db: DbOrTx, filter: OwnerFilter = {}): Promise<OwnerRow[]> {
  return selectOwners(db)
    .where(ownersWhere(filter))
    .orderBy(...ownersOrder(filter));
}

/** The owners the filter keeps, one page of them (all without `limit`), and how many in all. */
export async function findOwnersPage(
  db: DbOrTx,
  filter: OwnerFilter,
  page: { limit: number | undefined; offset: number },
): Promise<{ rows: OwnerRow[]; total: number }> {
  const query = selectOwners(db)
    .where(ownersWhere(filter))
    .orderBy(...ownersOrder(filter))
    .$dynamic();
  if (page.limit !== undefined) query.limit(page.limit).offset(page.offset);
  const [rows, [count]] = await Promise.all([
    query,
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(owners)
      .leftJoin(establishments, eq(establishments.ownerId, owners.id))
      .where(ownersWhere(filter)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export type OwnerInsert = typeof owners.$inferInsert;

/** `false` when the e-mail address is taken. */
export async function insertOwner(db: DbOrTx, values: OwnerInsert): Promise<boolean> {
  const rows = await db.insert(owners).values(values).onConflictDoNothing().returning({ id: owners.id });
  return rows.length > 0;
}

/**
 * `endSessions` raises the owner's token version in the same statement: every access token signed before
 * is refused from then on (plugins/auth.ts), on every replica.
 */
export async function updateOwnerRow(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<OwnerInsert, 'id' | 'tokenVersion'>>,
  options: { endSessions?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(owners)
    .set({
      ...values,
      ...(options.endSessions === true ? { tokenVersion: sql`${owners.tokenVersion} + 1` } : {}),
      updatedAt: databaseNow(),
    })
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
  'id' | 'name' | 'town' | 'email' | 'claimEmail' | 'claimCode' | 'ownerId' | 'disabled'
>;

const linkColumns = {
  id: establishments.id,
  name: establishments.name,
  town: establishments.town,
  email: establishments.email,
  // The only address the claim code is mailed to (never one an owner typed in « Ma page »).
  claimEmail: establishments.claimEmail,
  claimCode: establishments.claimCode,
  ownerId: establishments.ownerId,
  disabled: establishments.disabled,
};

/** `forUpdate` locks the establishment's row until the transaction ends: a claim checked, then made. */
export async function findEstablishmentByClaimCode(
  db: DbOrTx,
  claimCode: string,
  options: { forUpdate?: boolean } = {},
): Promise<EstablishmentLinkRow | null> {
  const query = db
    .select(linkColumns)
    .from(establishments)
    .where(eq(establishments.claimCode, claimCode))
    .$dynamic();
  if (options.forUpdate === true) query.for('update');
  const rows = await query;
  return rows[0] ?? null;
}

export async function findEstablishmentForLink(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<EstablishmentLinkRow | null> {
  const query = db.select(linkColumns).from(establishments).where(eq(establishments.id, id)).$dynamic();
  if (options.forUpdate === true) query.for('update');
  const rows = await query;
  return rows[0] ?? null;
}

/**
 * When the team last took an establishment from this owner (its own history: an admin's change of its
 * `establishment` to none), with that page's name as it is now or, deleted, as its tombstone keeps it.
 */
export async function findLastTeamDetach(
  db: DbOrTx,
  ownerId: string,
): Promise<{ at: Date; name: string | null; pageDeleted: boolean } | null> {
  const result = await db.execute<{ at: string | Date; name: string | null; exists: boolean }>(sql`
    select h.at, coalesce(e.name, (select t.name from establishment_tombstones t
             where t.establishment_id = x.page limit 1)) as name, e.id is not null as exists
    from change_history h
    cross join lateral (
      select (c->>'from')::uuid as page from jsonb_array_elements(h.changes) c
      where c->>'field' = 'establishment' and jsonb_typeof(c->'to') = 'null' and jsonb_typeof(c->'from') = 'string'
      limit 1) x
    left join establishments e on e.id = x.page
    where h.subject_type = 'restaurant-owner' and h.subject_id = ${ownerId} and h.actor_role = 'admin'
    order by h.at desc
    limit 1`);
  const row = (result as unknown as { rows: { at: string | Date; name: string | null; exists: boolean }[] })
    .rows[0];
  if (row === undefined) return null;
  return { at: new Date(row.at), name: row.name, pageDeleted: !row.exists };
}
