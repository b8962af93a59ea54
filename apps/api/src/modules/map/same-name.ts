import { and, eq, inArray, sql } from 'drizzle-orm';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import type { DbOrTx } from '../../db/client';
import { establishments } from '../../db/schema';
import { openForGood } from '../establishments/establishments.queries';

/**
 * The streets the map's lists show (issue 49, point 14): those of the public establishments whose name and
 * town read the same as another public one's (accents, case and spaces aside, `normalizeForSearch`), by id.
 * Two « Le Truck Gourmand — Food truck · Riom » are told apart by their street; every other place has
 * none here, so the feed and the point table carry nothing more for it. A place of such a pair without a
 * street is left out: its card stays as it was.
 *
 * Such a pair has the same `search_text` (the folded « name town »), so the database groups on that column
 * (its index) and gives back only the few rows that share it; the split into name and town is checked
 * here, « Le Truck » in « Gourmand Riom » not being a twin of « Le Truck Gourmand » in « Riom ».
 */
export async function sameNameStreets(db: DbOrTx): Promise<Map<string, string>> {
  const shown = and(eq(establishments.disabled, false), openForGood);
  const shared = db
    .select({ searchText: establishments.searchText })
    .from(establishments)
    .where(shown)
    .groupBy(establishments.searchText)
    .having(sql`count(*) > 1`);
  const rows = await db
    .select({
      id: establishments.id,
      name: establishments.name,
      town: establishments.town,
      street: establishments.street,
    })
    .from(establishments)
    .where(and(shown, inArray(establishments.searchText, shared)));
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${normalizeForSearch(row.name)}\n${normalizeForSearch(row.town)}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  const streets = new Map<string, string>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const { id, street } of group) {
      const shownStreet = street?.trim() ?? '';
      if (shownStreet !== '') streets.set(id, shownStreet);
    }
  }
  return streets;
}
