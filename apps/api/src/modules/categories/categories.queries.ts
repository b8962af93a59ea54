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
