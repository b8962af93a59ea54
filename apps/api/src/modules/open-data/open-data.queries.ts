import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Allergen, Diet } from '@tables-voisines/contract/dishes';
import type { Course } from '@tables-voisines/contract/courses';
import type { Closure } from '@tables-voisines/contract/closures';
import type { OpeningHoursEntry } from '@tables-voisines/contract/opening-hours';
import type { DbOrTx } from '../../db/client';
import { establishments, menuBoards, type FormulasRow } from '../../db/schema';
import { closedOnDateSql } from '../establishments/closure-dates';
import { openForGood } from '../establishments/establishments.queries';

/** Rows read per query: the files are streamed, one batch in memory at a time. */
export const OPEN_DATA_BATCH = 1000;

/** An establishment as the open files give it: its public fields only (no photo: its rights are not ours). */
export interface OpenEstablishment {
  id: string;
  uri: string;
  kind: 'restaurant' | 'remplisvert';
  name: string;
  venueType: string;
  description: string | null;
  street: string | null;
  postcode: string | null;
  town: string;
  latitude: number;
  longitude: number;
  phone: string | null;
  email: string | null;
  website: string | null;
  openingHours: OpeningHoursEntry[];
  closures: Closure[];
  priceRange: string | null;
  categories: string | null;
  verifiedAt: Date | null;
  updatedAt: Date;
}

/** The visible establishments (not hidden, not closed for good), by id, in batches read with a keyset. */
export async function* openEstablishmentBatches(db: DbOrTx): AsyncGenerator<OpenEstablishment[]> {
  let last: string | null = null;
  for (;;) {
    const rows: OpenEstablishment[] = await db
      .select({
        id: establishments.id,
        uri: establishments.uri,
        kind: establishments.kind,
        name: establishments.name,
        venueType: establishments.venueType,
        description: establishments.description,
        street: establishments.street,
        postcode: establishments.postcode,
        town: establishments.town,
        latitude: establishments.latitude,
        longitude: establishments.longitude,
        phone: establishments.phone,
        email: establishments.email,
        website: establishments.website,
        openingHours: sql<OpeningHoursEntry[]>`${establishments.openingHours}`,
        closures: sql<Closure[]>`${establishments.closures}`,
        priceRange: establishments.priceRange,
        // Qualified by hand: drizzle writes a lone table's columns unqualified, and `id` would be the category's.
        categories: sql<
          string | null
        >`(select string_agg(c.name_fr, '|' order by ec.position, c.name_fr) from establishment_categories ec join categories c on c.id = ec.category_id where ec.establishment_id = establishments.id)`,
        verifiedAt: establishments.verifiedAt,
        updatedAt: establishments.updatedAt,
      })
      .from(establishments)
      .where(
        and(
          eq(establishments.disabled, false),
          openForGood,
          last === null ? undefined : gt(establishments.id, last),
        ),
      )
      .orderBy(asc(establishments.id))
      .limit(OPEN_DATA_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < OPEN_DATA_BATCH) return;
    last = rows[rows.length - 1]!.id;
  }
}

/** One dish of a board of the day, with its establishment. */
export interface OpenDish {
  boardId: string;
  position: number;
  date: string;
  establishmentId: string;
  establishmentUri: string;
  establishmentKind: 'restaurant' | 'remplisvert';
  establishmentName: string;
  name: string;
  description: string | null;
  priceCents: number;
  category: string;
  allergens: Allergen[] | null;
  diets: Diet[];
  homemade: boolean;
  course: Course | null;
  /** The board's formules as stored (prices in cents), on each of its dishes. */
  formulas: FormulasRow;
}

/**
 * The dishes of `day`'s boards of visible establishments that open that day (a place closed that day offers
 * no lunch: `closedOnDateSql`, the rule of the map and the pages), by board then position, in batches read
 * with a keyset on (board, position).
 */
export async function* openDishBatches(db: DbOrTx, day: string): AsyncGenerator<OpenDish[]> {
  let last: { board: string; position: number } | null = null;
  const closedThatDay = closedOnDateSql(
    { closures: sql`e.closures`, openingHours: sql`e.opening_hours` },
    sql`${day}::date`,
  );
  for (;;) {
    const result: unknown = await db.execute(sql`
      select i.menu_board_id as "boardId", i.position, b.date::text as date, e.id as "establishmentId",
             e.uri as "establishmentUri", e.kind as "establishmentKind", e.name as "establishmentName",
             i.name, i.description, i.price_cents as "priceCents", c.name_fr as category, i.allergens, i.diets,
             i.homemade, i.course, b.formulas
      from ${menuBoards} b
      join establishments e on e.id = b.establishment_id
      join menu_board_items i on i.menu_board_id = b.id
      join categories c on c.id = i.category_id
      where b.date = ${day}::date and not e.disabled and e.closed_for_good_at is null and not ${closedThatDay}
        ${last === null ? sql`` : sql`and (i.menu_board_id, i.position) > (${last.board}::uuid, ${last.position})`}
      order by i.menu_board_id, i.position
      limit ${OPEN_DATA_BATCH}`);
    const rows = (result as { rows: OpenDish[] }).rows;
    if (rows.length > 0) yield rows;
    if (rows.length < OPEN_DATA_BATCH) return;
    const tail = rows[rows.length - 1]!;
    last = { board: tail.boardId, position: tail.position };
  }
}

/** How many rows the files have now, and the latest change of an establishment (the page's summary). */
export async function openDataCounts(
  db: DbOrTx,
  day: string,
): Promise<{ establishments: number; establishmentsUpdatedAt: Date | null; dishes: number }> {
  const closedThatDay = closedOnDateSql(
    { closures: sql`e.closures`, openingHours: sql`e.opening_hours` },
    sql`${day}::date`,
  );
  const result: unknown = await db.execute(sql`
    select (select count(*)::int from establishments e where not e.disabled and e.closed_for_good_at is null)
             as establishments,
           (select max(e.updated_at) from establishments e where not e.disabled and e.closed_for_good_at is null)
             as "updatedAt",
           (select count(*)::int from ${menuBoards} b
              join establishments e on e.id = b.establishment_id
              join menu_board_items i on i.menu_board_id = b.id
            where b.date = ${day}::date and not e.disabled and e.closed_for_good_at is null
              and not ${closedThatDay}) as dishes`);
  const row = (
    result as { rows: { establishments: number; updatedAt: string | Date | null; dishes: number }[] }
  ).rows[0];
  return {
    establishments: row?.establishments ?? 0,
    establishmentsUpdatedAt: row?.updatedAt == null ? null : new Date(row.updatedAt),
    dishes: row?.dishes ?? 0,
  };
}

/** What the category names written in the files depend on: their latest change. */
export async function categoriesFingerprint(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ n: number; at: string | null }>(
    sql`select count(*)::int as n, max(updated_at)::text as at from categories`,
  );
  const row = (result as unknown as { rows: { n: number; at: string | null }[] }).rows[0];
  return `${row?.n ?? 0}|${row?.at ?? ''}`;
}

/**
 * What `day`'s dishes file depends on, in one cheap row: the day's boards (how many, their latest change)
 * and, through the establishments' fingerprint the route adds, their places.
 */
export async function dishesFingerprint(db: DbOrTx, day: string): Promise<string> {
  const result = await db.execute<{ n: number; at: string | null }>(sql`
    select count(*)::int as n, max(b.updated_at)::text as at from ${menuBoards} b where b.date = ${day}::date`);
  const row = (result as unknown as { rows: { n: number; at: string | null }[] }).rows[0];
  return `${day}|${row?.n ?? 0}|${row?.at ?? ''}`;
}
