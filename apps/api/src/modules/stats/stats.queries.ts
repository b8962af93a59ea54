import { and, between, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { establishmentDailyCounts, establishments } from '../../db/schema';

/** The counts of an establishment's days in a range, by day, type and source summed over sources but `qr`. */
export async function findDailyCounts(db: DbOrTx, establishmentId: string, from: string, to: string) {
  const t = establishmentDailyCounts;
  return db
    .select({
      day: t.day,
      type: t.type,
      qr: sql<boolean>`${t.source} = 'qr'`.as('qr'),
      count: sql<number>`sum(${t.count})::integer`.as('count'),
    })
    .from(t)
    .where(and(eq(t.establishmentId, establishmentId), between(t.day, from, to)))
    .groupBy(t.day, t.type, sql`${t.source} = 'qr'`);
}

/** The establishments most viewed between two days, with their other counts of those days. */
export async function findMostViewed(db: DbOrTx, from: string, to: string, limit: number) {
  const t = establishmentDailyCounts;
  const counted = (type: string, source?: string) =>
    sql<number>`coalesce(sum(${t.count}) filter (where ${t.type} = ${type}${
      source === undefined ? sql`` : sql` and ${t.source} = ${source}`
    }), 0)::integer`;
  const view = counted('view');
  return db
    .select({
      id: establishments.id,
      name: establishments.name,
      town: establishments.town,
      uri: establishments.uri,
      view: view.as('view'),
      phone: counted('phone').as('phone'),
      directions: counted('directions').as('directions'),
      website: counted('website').as('website'),
      share: counted('share').as('share'),
      qr: counted('view', 'qr').as('qr'),
    })
    .from(t)
    .innerJoin(establishments, eq(establishments.id, t.establishmentId))
    .where(between(t.day, from, to))
    .groupBy(establishments.id)
    .having(sql`${view} > 0`)
    .orderBy(desc(view), establishments.name, establishments.id)
    .limit(limit);
}

/** Whether an establishment exists, hidden or not (its owner and the team read its statistics). */
export async function establishmentExists(db: DbOrTx, establishmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(eq(establishments.id, establishmentId));
  return row !== undefined;
}
