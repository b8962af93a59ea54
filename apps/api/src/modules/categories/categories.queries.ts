import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema';
import { escapeLike } from '../../lib/sql';
import { normalizeForSearch } from '@tables-voisines/contract/text';

export type Locale = 'fr' | 'en';
type CategoryRow = typeof categories.$inferSelect;

export function toCategory(row: CategoryRow, locale: Locale) {
  return { id: row.id, name: locale === 'en' ? row.nameEn : row.nameFr, slug: row.slug };
}

/**
 * Substring match ignoring case and accents; names starting with the term come first, then the
 * others, each in alphabetical order.
 */
export async function searchCategories(db: DbOrTx, searchTerm: string, locale: Locale, limit: number) {
  const column = locale === 'en' ? categories.searchEn : categories.searchFr;
  const term = escapeLike(normalizeForSearch(searchTerm));
  const rows = await db
    .select()
    .from(categories)
    .where(term === '' ? undefined : sql`${column} like ${`%${term}%`}`)
    .orderBy(
      term === '' ? asc(column) : sql`(${column} like ${`${term}%`}) desc`,
      asc(column),
      asc(categories.id),
    )
    .limit(limit);
  return rows.map((row) => toCategory(row, locale));
}

export async function findCategory(db: DbOrTx, id: string): Promise<CategoryRow | null> {
  const rows = await db.select().from(categories).where(eq(categories.id, id));
  return rows[0] ?? null;
}

/** One page of every category, by name in the locale, with the total: the back office's list. */
export async function findCategoriesPage(
  db: DbOrTx,
  options: { q: string | undefined; locale: Locale; limit: number; offset: number },
) {
  const column = options.locale === 'en' ? categories.searchEn : categories.searchFr;
  const term = escapeLike(normalizeForSearch(options.q ?? ''));
  const where = term === '' ? undefined : sql`${column} like ${`%${term}%`}`;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(where)
      .orderBy(asc(column), asc(categories.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(categories)
      .where(where),
  ]);
  return { categories: rows.map((row) => toCategory(row, options.locale)), total: count?.n ?? 0 };
}
