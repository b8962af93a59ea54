import { and, asc, desc, eq, gte } from 'drizzle-orm';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import type { DbOrTx } from '../../db/client';
import { menuBoardItems, menuBoards } from '../../db/schema';
import type { MenuBoardAnswer } from './menu-boards.queries';

/* The owner's board form suggests the dishes its earlier boards had (`GET /api/establishment/{id}/dishes`). */

/** How far back the owner's suggestions look: half a year of boards, every season's dishes once. */
export const DISH_SUGGESTION_DAYS = 180;
/** At most this many meat origins offered. */
export const MAX_MEAT_ORIGINS = 20;

/** The day `days` before a YYYY-MM-DD day. */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The dishes an establishment's boards had from `DISH_SUGGESTION_DAYS` days before `today` on (boards
 * prepared for later days included), for its owner's form: one per name, names compared as search compares
 * them (case, accents and spaces aside), each as its latest board wrote it, with the number of boards that
 * had it and the last day one did. `q` keeps the names holding it, those starting with it first; then the
 * most used, the most recent, and the name. `meatOrigins`: the origins written (compared the same way, each
 * in its latest spelling), the most recent first.
 */
export async function findEstablishmentDishes(
  db: DbOrTx,
  establishmentId: string,
  options: { q?: string | undefined; limit: number; today: string },
) {
  const rows = await db
    .select({
      boardId: menuBoards.id,
      date: menuBoards.date,
      name: menuBoardItems.name,
      priceCents: menuBoardItems.priceCents,
      category: menuBoardItems.categoryId,
      description: menuBoardItems.description,
      allergens: menuBoardItems.allergens,
      diets: menuBoardItems.diets,
      homemade: menuBoardItems.homemade,
      meatOrigin: menuBoardItems.meatOrigin,
      course: menuBoardItems.course,
    })
    .from(menuBoards)
    .innerJoin(menuBoardItems, eq(menuBoardItems.menuBoardId, menuBoards.id))
    .where(
      and(
        eq(menuBoards.establishmentId, establishmentId),
        gte(menuBoards.date, daysBefore(options.today, DISH_SUGGESTION_DAYS)),
      ),
    )
    .orderBy(
      desc(menuBoards.date),
      desc(menuBoards.createdAt),
      desc(menuBoards.id),
      asc(menuBoardItems.position),
    );

  interface Found {
    key: string;
    dish: MenuBoardAnswer['items'][number];
    boards: Set<string>;
    lastUsed: string;
  }
  const byKey = new Map<string, Found>();
  // Origins compared as names are: the latest spelling of each.
  const origins = new Map<string, string>();
  for (const row of rows) {
    if (row.meatOrigin !== null) {
      const key = normalizeForSearch(row.meatOrigin);
      if (!origins.has(key)) origins.set(key, row.meatOrigin);
    }
    const key = normalizeForSearch(row.name);
    const found = byKey.get(key);
    if (found !== undefined) {
      found.boards.add(row.boardId);
      continue;
    }
    byKey.set(key, {
      key,
      dish: {
        name: row.name,
        price: row.priceCents / 100,
        category: row.category,
        description: row.description,
        allergens: row.allergens,
        diets: row.diets,
        homemade: row.homemade,
        meatOrigin: row.meatOrigin,
        course: row.course,
      },
      boards: new Set([row.boardId]),
      lastUsed: row.date,
    });
  }

  const term = normalizeForSearch(options.q ?? '');
  const kept = [...byKey.values()].filter((f) => term === '' || f.key.includes(term));
  const rank = (f: Found) => (term !== '' && f.key.startsWith(term) ? 0 : 1);
  kept.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      b.boards.size - a.boards.size ||
      (a.lastUsed < b.lastUsed ? 1 : a.lastUsed > b.lastUsed ? -1 : 0) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return {
    dishes: kept
      .slice(0, options.limit)
      .map((f) => ({ ...f.dish, uses: f.boards.size, lastUsed: f.lastUsed })),
    meatOrigins: [...origins.values()].slice(0, MAX_MEAT_ORIGINS),
  };
}
