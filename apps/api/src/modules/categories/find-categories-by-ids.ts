import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema';
import { toCategory, type Locale } from './categories.queries';

/** Categories by id in the order asked; unknown ids are left out. */
export async function findCategoriesByIds(db: DbOrTx, ids: readonly string[], locale: Locale) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [toCategory(row, locale)];
  });
}
