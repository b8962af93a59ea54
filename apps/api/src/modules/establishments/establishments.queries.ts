import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Kind, VenueType } from '@tables-voisines/contract/labels';
import type { DbOrTx } from '../../db/client';
import {
  databaseNow,
  establishmentCategories,
  establishmentTombstones,
  establishmentUris,
  establishments,
} from '../../db/schema';
import { escapeLike } from '../../lib/sql';
import { URI_FORBIDDEN } from '@tables-voisines/contract/slug';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { parisMidnight } from '@tables-voisines/contract/paris-time';

/** What an e-mail to an establishment's owner reads of it: its page (name, town, address) and its owner. */
export const OWNER_MAIL_COLUMNS = {
  id: establishments.id,
  name: establishments.name,
  town: establishments.town,
  kind: establishments.kind,
  uri: establishments.uri,
  ownerId: establishments.ownerId,
};

export type EstablishmentRow = typeof establishments.$inferSelect & {
  categoryIds: string[];
  /** Its earlier page addresses, oldest first; empty where only the public view is read (lists). */
  previousUris: string[];
};

/** The establishment's category ids in their display order, read in the same query. */
const categoryIds = sql<string[]>`coalesce((
  select json_agg(ec.category_id order by ec.position, ec.category_id)
  from establishment_categories ec
  where ec.establishment_id = ${establishments.id}
), '[]'::json)`;

/**
 * The page addresses it had before its current one, oldest first. The outer columns are named with their
 * table: Drizzle writes a column of a one-table select unqualified, which inside the subquery would name
 * the subquery's own `uri`.
 */
const previousUris = sql<string[]>`coalesce((
  select json_agg(u.uri order by u.created_at, u.uri)
  from establishment_uris u
  where u.establishment_id = "establishments"."id" and u.uri <> "establishments"."uri"
), '[]'::json)`;

/** Where only the public view is produced (the whole public list): no need to read them. */
const noPreviousUris = sql<string[]>`'[]'::json`;

/** What a full read selects: the row, its categories and its earlier addresses. */
const fullRow = { establishment: establishments, categoryIds, previousUris };
type FullRow = {
  establishment: typeof establishments.$inferSelect;
  categoryIds: string[];
  previousUris: string[];
};
const toRow = (r: FullRow): EstablishmentRow => ({
  ...r.establishment,
  categoryIds: r.categoryIds,
  previousUris: r.previousUris,
});

export type EstablishmentSort = 'name' | 'town' | 'createdAt' | 'updatedAt' | 'uri' | 'verifiedAt';

export interface EstablishmentFilter {
  includeDisabled: boolean;
  /** Name or town, accent and case insensitive. */
  q?: string | undefined;
  kind?: Kind | undefined;
  venueType?: VenueType | undefined;
  /** Part of the town, accent and case insensitive. */
  town?: string | undefined;
  /** Only the disabled (true) or only the enabled (false) ones; with `includeDisabled` only. */
  disabled?: boolean | undefined;
  /** `none`: unclaimed, `any`: claimed, or one owner's id. */
  owner?: 'none' | 'any' | (string & {}) | undefined;
  /** `YYYY-MM-DD`: never verified, or verified before that day's midnight in Paris. */
  notVerifiedSince?: string | undefined;
}

/**
 * The town as `normalizeForSearch` writes it, for the letters of French place names: lower case, accents
 * and ligatures folded (the search column holds the name and the town together, so it cannot say which
 * part matched).
 */
const foldedTown = sql`replace(replace(translate(lower(${establishments.town}), 'àáâäãåçèéêëìíîïñòóôöõùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'), 'œ', 'oe'), 'æ', 'ae')`;

/** Not marked closed for good: the condition of every public list, the map, the search and the sitemap. */
export const openForGood = isNull(establishments.closedForGoodAt);

/** The conditions of a filter, shared by the list, its count and its export. */
export function whereOf(filter: EstablishmentFilter): SQL | undefined {
  const conditions: SQL[] = [];
  // The public view: neither hidden nor closed for good (admins list both).
  if (!filter.includeDisabled) conditions.push(eq(establishments.disabled, false), openForGood);
  else if (filter.disabled !== undefined) conditions.push(eq(establishments.disabled, filter.disabled));
  const term = filter.q === undefined ? '' : normalizeForSearch(filter.q);
  if (term !== '') conditions.push(sql`${establishments.searchText} like ${`%${escapeLike(term)}%`}`);
  if (filter.kind !== undefined) conditions.push(eq(establishments.kind, filter.kind));
  if (filter.venueType !== undefined) conditions.push(eq(establishments.venueType, filter.venueType));
  const town = filter.town === undefined ? '' : normalizeForSearch(filter.town);
  if (town !== '') conditions.push(sql`${foldedTown} like ${`%${escapeLike(town)}%`}`);
  if (filter.owner === 'none') conditions.push(isNull(establishments.ownerId));
  else if (filter.owner === 'any') conditions.push(isNotNull(establishments.ownerId));
  else if (filter.owner !== undefined) conditions.push(eq(establishments.ownerId, filter.owner));
  if (filter.notVerifiedSince !== undefined) {
    // In seconds since 1970, not ISO text: the first day of year 1 starts in 1 BC in UTC, which PostgreSQL
    // reads as `0001 BC` from a number but refuses as the ISO year `0000`.
    const since = parisMidnight(filter.notVerifiedSince).getTime() / 1000;
    conditions.push(
      sql`(${establishments.verifiedAt} is null or ${establishments.verifiedAt} < to_timestamp(${since}::float8))`,
    );
  }
  return conditions.length === 0 ? undefined : and(...conditions);
}

function orderOf(sort: EstablishmentSort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  // search_text starts with the accent-free name: a French-friendly order on every engine.
  const primary: Record<EstablishmentSort, SQL[]> = {
    name: [dir(establishments.searchText)],
    // Accents and ligatures folded, as the town filter does: « Évreux » with the e's, not after « Yzeure ».
    town: [dir(foldedTown), dir(establishments.searchText)],
    createdAt: [dir(establishments.createdAt)],
    updatedAt: [dir(establishments.updatedAt)],
    uri: [dir(establishments.uri)],
    // Never verified first when ascending (the oldest information), last when descending.
    verifiedAt: [
      order === 'desc'
        ? sql`${establishments.verifiedAt} desc nulls last`
        : sql`${establishments.verifiedAt} asc nulls first`,
    ],
  };
  return [...primary[sort], asc(establishments.id)];
}

export async function findEstablishments(
  db: DbOrTx,
  filter: EstablishmentFilter,
  options: { sort: EstablishmentSort; order: 'asc' | 'desc'; limit?: number; offset?: number },
): Promise<EstablishmentRow[]> {
  const query = db
    .select(fullRow)
    .from(establishments)
    .where(whereOf(filter))
    .orderBy(...orderOf(options.sort, options.order))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  const rows = await query;
  return rows.map(toRow);
}

/** Where a keyset read by name (`search_text`, then id) goes on after `last`; from the start without one. */
export function afterByName(last: { searchText: string; id: string } | null): SQL | undefined {
  return last === null
    ? undefined
    : sql`(${establishments.searchText}, ${establishments.id}) > (${last.searchText}, ${last.id})`;
}

/**
 * Every establishment the filter keeps, by name, in batches read with a keyset (`(search_text, id) > last`),
 * never with OFFSET and never in one result: a list of 200,000 is produced with flat memory. Batches are
 * small and rows flat (no nested object copied into another): a batch lives while it is written out, and
 * what is still alive at two young-generation collections is moved to the old one, freed only by a full
 * collection; batches of 2,000 rows piled up there while the list was produced (decision 0026).
 */
export async function* establishmentBatches(
  db: DbOrTx,
  filter: EstablishmentFilter,
  size = 500,
): AsyncGenerator<EstablishmentRow[]> {
  let last: { searchText: string; id: string } | null = null;
  for (;;) {
    const rows: EstablishmentRow[] = await db
      .select({ ...getTableColumns(establishments), categoryIds, previousUris: noPreviousUris })
      .from(establishments)
      .where(and(whereOf(filter), afterByName(last)))
      .orderBy(asc(establishments.searchText), asc(establishments.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows;
    const end = rows[rows.length - 1]!;
    last = { searchText: end.searchText, id: end.id };
    if (rows.length < size) return;
  }
}

/**
 * What the public views of the establishments depend on, in one cheap row: how many are enabled and their
 * latest change. A menu board, group or account write leaves it equal; an establishment write changes it
 * (every write path sets `updated_at`, enabling or disabling changes the count).
 */
export async function establishmentsFingerprint(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, at: sql<string | null>`max(${establishments.updatedAt})::text` })
    .from(establishments)
    .where(and(eq(establishments.disabled, false), openForGood));
  return `${row?.n ?? 0}|${row?.at ?? ''}`;
}

export async function countEstablishments(db: DbOrTx, filter: EstablishmentFilter): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(establishments)
    .where(whereOf(filter));
  return rows[0]?.n ?? 0;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The establishments that have or had one of these uris (`establishment_uris` holds both). */
const byUri = (uris: SQL) =>
  sql`${establishments.id} in (select u.establishment_id from establishment_uris u where u.uri in ${uris})`;

/**
 * By id when it looks like one, otherwise by uri: its current one, or one it had before (the caller tells
 * them apart by `row.uri`, and redirects). Exact match.
 */
export async function findEstablishmentByIdOrUri(
  db: DbOrTx,
  idOrUri: string,
): Promise<EstablishmentRow | null> {
  // No uri holds these (slashes, white space, control characters such as NUL): nothing to look up.
  if (URI_FORBIDDEN.test(idOrUri)) return null;
  const uri = sql`(${idOrUri})`;
  const where = UUID_RE.test(idOrUri)
    ? sql`${establishments.id} = ${idOrUri.toLowerCase()} or ${byUri(uri)}`
    : byUri(uri);
  const rows = await db.select(fullRow).from(establishments).where(where);
  const row = rows.find((r) => r.establishment.id === idOrUri.toLowerCase()) ?? rows[0];
  return row === undefined ? null : toRow(row);
}

/**
 * What `findEstablishmentByIdOrUri` answers for each of these uris, read at once (the static export reads
 * its pages by the hundred): by uri, none for a uri nothing holds. Uris only: an id-shaped one is left out
 * (it may name an establishment by its id), as are those no uri can be.
 */
export async function findEstablishmentsByUris(
  db: DbOrTx,
  uris: readonly string[],
): Promise<Map<string, EstablishmentRow | null>> {
  const asked = uris.filter((uri) => !URI_FORBIDDEN.test(uri) && !UUID_RE.test(uri));
  const found = new Map<string, EstablishmentRow | null>(asked.map((uri) => [uri, null]));
  if (asked.length === 0) return found;
  const rows = await db
    .select({ ...fullRow, askedUri: establishmentUris.uri })
    .from(establishmentUris)
    .innerJoin(establishments, eq(establishments.id, establishmentUris.establishmentId))
    .where(inArray(establishmentUris.uri, asked));
  for (const row of rows) found.set(row.askedUri, toRow(row));
  return found;
}

/**
 * One establishment by id. `forUpdate` locks its row until the transaction ends: a write reads it so before
 * checking its version (the request's `If-Match`) and changing it.
 */
export async function findEstablishmentById(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<EstablishmentRow | null> {
  const query = db.select(fullRow).from(establishments).where(eq(establishments.id, id)).$dynamic();
  if (options.forUpdate === true) query.for('update', { of: establishments });
  const [row] = await query;
  return row === undefined ? null : toRow(row);
}

/**
 * The establishments of these ids, read at once (an import reads its rows' places by the hundred), by id;
 * `forUpdate` locks their rows as `findEstablishmentById` does.
 */
export async function findEstablishmentsByIds(
  db: DbOrTx,
  ids: readonly string[],
  options: { forUpdate?: boolean } = {},
): Promise<Map<string, EstablishmentRow>> {
  if (ids.length === 0) return new Map();
  const query = db
    .select(fullRow)
    .from(establishments)
    .where(inArray(establishments.id, [...ids]))
    .$dynamic();
  if (options.forUpdate === true) query.for('update', { of: establishments });
  const rows = await query;
  return new Map(rows.map((r) => [r.establishment.id, toRow(r)]));
}

/**
 * Serialises the writers of one uri base until the transaction ends (a PostgreSQL advisory lock; PGlite
 * runs one transaction at a time anyway), so two simultaneous creates cannot pick the same free uri. The
 * key is `establishment-uris.queries.ts`'s for that lower-case base: a uri an admin gives locks it too.
 */
export async function lockUriBase(tx: DbOrTx, base: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`establishment-uri:${base}`}))`);
}

export async function replaceEstablishmentCategories(
  tx: DbOrTx,
  establishmentId: string,
  ids: readonly string[],
): Promise<void> {
  await tx
    .delete(establishmentCategories)
    .where(eq(establishmentCategories.establishmentId, establishmentId));
  if (ids.length > 0) {
    await tx
      .insert(establishmentCategories)
      .values(ids.map((categoryId, position) => ({ establishmentId, categoryId, position })));
  }
}

/** Detaches the owner from the establishment it had, other than `exceptId`; answers the detached ids. */
export async function detachOwnerElsewhere(tx: DbOrTx, ownerId: string, exceptId: string): Promise<string[]> {
  const rows = await tx
    .update(establishments)
    .set({ ownerId: null, updatedAt: databaseNow() })
    .where(and(eq(establishments.ownerId, ownerId), ne(establishments.id, exceptId)))
    .returning({ id: establishments.id });
  return rows.map((r) => r.id);
}

/** A page address that answers 410: a place closed for good, or a deleted one (its tombstone). */
export interface GonePlaceRow {
  reason: 'closed' | 'deleted';
  kind: Kind;
  name: string;
  town: string;
  latitude: number;
  longitude: number;
}

/**
 * What an address of a place that is no more leads to: an enabled establishment closed for good (by id,
 * current or earlier address), else a deleted one's address; `null` for anything else (404, or a live page).
 */
export async function findGonePlace(db: DbOrTx, idOrUri: string): Promise<GonePlaceRow | null> {
  const row = await findEstablishmentByIdOrUri(db, idOrUri);
  if (row !== null) {
    if (row.disabled || row.closedForGoodAt === null) return null;
    const { kind, name, town, latitude, longitude } = row;
    return { reason: 'closed', kind, name, town, latitude, longitude };
  }
  if (URI_FORBIDDEN.test(idOrUri)) return null;
  const [gone] = await db
    .select({
      kind: establishmentTombstones.kind,
      name: establishmentTombstones.name,
      town: establishmentTombstones.town,
      latitude: establishmentTombstones.latitude,
      longitude: establishmentTombstones.longitude,
    })
    .from(establishmentTombstones)
    .where(
      UUID_RE.test(idOrUri)
        ? sql`${establishmentTombstones.uri} = ${idOrUri} or ${establishmentTombstones.establishmentId} = ${idOrUri.toLowerCase()}`
        : eq(establishmentTombstones.uri, idOrUri),
    )
    .limit(1);
  return gone === undefined ? null : { reason: 'deleted', ...gone };
}
