import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as schema from '../schema';
import { generateDemoData, generateDemoMenuBoards, previousDay } from './demo-data';
import { assertDay, chunk, writeMeta } from './load-demo';

const {
  categories,
  establishmentCategories,
  establishments,
  groupMembers,
  groups,
  menuBoardItems,
  menuBoards,
} = schema;

/** The benchmark data set of issue 8: France's restaurants and a fortnight of their menu boards. */
export const BENCH_ESTABLISHMENTS = 200_000;
export const BENCH_MENU_BOARDS = 1_000_000;

/** Rows per insert: well under PostgreSQL's 65,535 parameters for the widest table (about 25 columns). */
const ROWS_PER_INSERT: Record<string, number> = {
  establishments: 1_000,
  establishmentCategories: 10_000,
  menuBoards: 8_000,
  menuBoardItems: 5_000,
};

export interface BenchDataOptions {
  establishments?: number;
  menuBoards?: number;
  /** The newest day of boards (YYYY-MM-DD, Europe/Paris); older days fill up to `menuBoards`. */
  today: string;
  /** Called as rows are written: done and the total expected (the total of boards items is estimated). */
  onProgress?: (done: number, total: number, stage: string) => void;
}

export interface BenchDataSummary {
  establishments: number;
  menuBoards: number;
  menuBoardItems: number;
  days: number;
  newestDay: string;
  oldestDay: string;
}

/** A deterministic UUID (version 5 layout) from a name: board ids must stay unique over millions. */
function uuidOf(name: string): string {
  const h = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Loads the benchmark data set into an empty, migrated database, on either engine. The establishments are
 * the demonstration generator's at a larger size (same towns weighted by population, same vocabulary, same
 * determinism); the boards are its boards of `today`, then of each day before, until `menuBoards` are
 * written, so about a fifteenth of them are today's, as on a real service that keeps its history.
 * Each batch commits on its own: a load of millions of rows does not hold one transaction (PGlite).
 */
export async function loadBenchData(db: Db, options: BenchDataOptions): Promise<BenchDataSummary> {
  assertDay(options.today);
  const size = options.establishments ?? BENCH_ESTABLISHMENTS;
  const boardTarget = options.menuBoards ?? BENCH_MENU_BOARDS;
  const data = generateDemoData({ establishments: size });
  // Items average about three and a half per board: the total is an estimate until the last day.
  const estimatedItems = Math.round(boardTarget * 3.5);
  let total =
    data.categories.length +
    data.groups.length +
    data.establishments.length +
    data.establishmentCategories.length +
    data.groupMembers.length +
    boardTarget +
    estimatedItems;
  let done = 0;
  const insertAll = async <T>(
    stage: string,
    rows: readonly T[],
    insert: (batch: T[]) => Promise<unknown>,
    size = 1_000,
  ) => {
    for (const batch of chunk(rows, size)) {
      await insert(batch);
      done += batch.length;
      options.onProgress?.(done, Math.max(total, done), stage);
    }
  };

  await insertAll('catégories', data.categories, (b) => db.insert(categories).values(b));
  await insertAll('groupes', data.groups, (b) => db.insert(groups).values(b));
  await insertAll(
    'établissements',
    data.establishments,
    (b) => db.insert(establishments).values(b),
    ROWS_PER_INSERT.establishments,
  );
  await insertAll(
    'catégories des établissements',
    data.establishmentCategories,
    (b) => db.insert(establishmentCategories).values(b),
    ROWS_PER_INSERT.establishmentCategories,
  );
  await insertAll('membres des groupes', data.groupMembers, (b) => db.insert(groupMembers).values(b));

  let boards = 0;
  let items = 0;
  let day = options.today;
  let days = 0;
  let oldestDay = day;
  while (boards < boardTarget && size > 0) {
    const generated = generateDemoMenuBoards(data, day, { everyDay: true });
    if (generated.menuBoards.length === 0) break;
    // The demo generator seeds each board from 32 bits: over a million boards some ids would repeat. It
    // writes each board's items right after the board, which is how they are matched here.
    const kept = generated.menuBoards.slice(0, boardTarget - boards);
    const keptItems: typeof generated.menuBoardItems = [];
    let next = 0;
    kept.forEach((board, index) => {
      const id = uuidOf(`bench-board:${day}:${index}`);
      const items = generated.menuBoardItems;
      while (next < items.length && items[next]!.menuBoardId !== board.id) next += 1;
      while (next < items.length && items[next]!.menuBoardId === board.id) {
        keptItems.push({ ...items[next]!, menuBoardId: id });
        next += 1;
      }
      kept[index] = { ...board, id };
    });
    await insertAll(
      `ardoises du ${day}`,
      kept,
      (b) => db.insert(menuBoards).values(b),
      ROWS_PER_INSERT.menuBoards,
    );
    await insertAll(
      `plats du ${day}`,
      keptItems,
      (b) => db.insert(menuBoardItems).values(b),
      ROWS_PER_INSERT.menuBoardItems,
    );
    boards += kept.length;
    items += keptItems.length;
    days += 1;
    oldestDay = day;
    // Re-estimate the items left from the average so far.
    total = done + Math.round((boardTarget - boards) * (1 + items / boards));
    day = previousDay(day);
  }

  await writeMeta(db, { seed: 'bench', bench_boards_day: options.today });
  // As autovacuum would soon after: the trigger keeping each board's dish signatures (migration 0006)
  // rewrote every board once, and the measures should meet the tables as a running service has them.
  await db.execute(sql`vacuum analyze`);
  return {
    establishments: data.establishments.length,
    menuBoards: boards,
    menuBoardItems: items,
    days,
    newestDay: options.today,
    oldestDay,
  };
}

/**
 * Moves every board forward so the newest is dated `today`: the benchmark data stays "today's" on the
 * days after it was loaded. Answers the number of days moved.
 */
export async function shiftBenchBoardsTo(db: Db, today: string): Promise<number> {
  assertDay(today);
  const rows = await db.execute<{ newest: string | null }>(
    sql`select max(${menuBoards.date})::text as newest from ${menuBoards}`,
  );
  const newest = (rows as unknown as { rows: { newest: string | null }[] }).rows[0]?.newest ?? null;
  if (newest === null || newest === today) return 0;
  const shift = Math.round(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${newest}T00:00:00Z`)) / 86_400_000,
  );
  await db.execute(sql`update ${menuBoards} set date = date + ${shift}::int`);
  await db.execute(sql`analyze ${menuBoards}`);
  return shift;
}
