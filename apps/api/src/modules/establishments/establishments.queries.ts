import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { establishments } from '../../db/schema';
import { escapeLike } from '../../lib/sql';
import { URI_FORBIDDEN } from '@tables-voisines/contract/slug';
import { normalizeForSearch } from '@tables-voisines/contract/text';

export type EstablishmentRow = typeof establishments.$inferSelect & { categoryIds: string[] };

/** The establishment's category ids in their display order, read in the same query. */
const categoryIds = sql<string[]>`coalesce((
  select json_agg(ec.category_id order by ec.position, ec.category_id)
  from establishment_categories ec
  where ec.establishment_id = ${establishments.id}
), '[]'::json)`;

export type EstablishmentSort = 'name' | 'town' | 'createdAt' | 'updatedAt' | 'uri';

export interface EstablishmentFilter {
  includeDisabled: boolean;
  /** Name or town, accent and case insensitive. */
  q?: string | undefined;
}

function whereOf(filter: EstablishmentFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (!filter.includeDisabled) conditions.push(eq(establishments.disabled, false));
  const term = filter.q === undefined ? '' : normalizeForSearch(filter.q);
  if (term !== '') conditions.push(sql`${establishments.searchText} like ${`%${escapeLike(term)}%`}`);
  return conditions.length === 0 ? undefined : and(...conditions);
}

function orderOf(sort: EstablishmentSort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  // search_text starts with the accent-free name: a French-friendly order on every engine.
  const primary: Record<EstablishmentSort, SQL[]> = {
    name: [dir(establishments.searchText)],
    town: [dir(sql`lower(${establishments.town})`), dir(establishments.searchText)],
    createdAt: [dir(establishments.createdAt)],
    updatedAt: [dir(establishments.updatedAt)],
    uri: [dir(establishments.uri)],
  };
  return [...primary[sort], asc(establishments.id)];
}

export async function findEstablishments(
  db: DbOrTx,
  filter: EstablishmentFilter,
  options: { sort: EstablishmentSort; order: 'asc' | 'desc'; limit?: number; offset?: number },
): Promise<EstablishmentRow[]> {
  const query = db
    .select({ establishment: establishments, categoryIds })
    .from(establishments)
    .where(whereOf(filter))
    .orderBy(...orderOf(options.sort, options.order))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  const rows = await query;
  return rows.map((r) => ({ ...r.establishment, categoryIds: r.categoryIds }));
}

export async function countEstablishments(db: DbOrTx, filter: EstablishmentFilter): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(establishments)
    .where(whereOf(filter));
  return rows[0]?.n ?? 0;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** By id when it looks like one, otherwise by uri (exact match). */
export async function findEstablishmentByIdOrUri(
  db: DbOrTx,
  idOrUri: string,
): Promise<EstablishmentRow | null> {
  // No uri holds these (slashes, white space, control characters such as NUL): nothing to look up.
  if (URI_FORBIDDEN.test(idOrUri)) return null;
  const where = UUID_RE.test(idOrUri)
    ? sql`${establishments.id} = ${idOrUri} or ${establishments.uri} = ${idOrUri}`
    : eq(establishments.uri, idOrUri);
  const rows = await db
    .select({ establishment: establishments, categoryIds })
    .from(establishments)
    .where(where);
  const row = rows.find((r) => r.establishment.id === idOrUri.toLowerCase()) ?? rows[0];
  return row === undefined ? null : { ...row.establishment, categoryIds: row.categoryIds };
}
