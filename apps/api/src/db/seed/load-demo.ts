import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import * as schema from '../schema';
import { DEFAULT_DEMO_ESTABLISHMENTS, generateDemoData, generateDemoMenuBoards, isDay } from './demo-data';
import { withOpeningInformation } from './demo-opening-information';
import { generateDemoReports } from './demo-reports';

const {
  appMeta,
  categories,
  establishmentCategories,
  establishments,
  groupMembers,
  groups,
  menuBoardItems,
  menuBoards,
} = schema;

const BATCH_SIZE = 500;

// app_meta keys: which seed the database holds, the day its demo boards were last generated for, and the
// size it was generated with (so the boards of a later day are made for the same establishments).
const SEED_KEY = 'seed';
const BOARDS_DAY_KEY = 'demo_boards_day';
const SIZE_KEY = 'demo_establishments';

export function assertDay(day: string): void {
  if (!isDay(day)) throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
}

/** The rows in slices of `size`, for inserts that stay under PostgreSQL's limit of parameters. */
export function chunk<T>(rows: readonly T[], size = BATCH_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** Sets app_meta entries, replacing those already there. */
export async function writeMeta(db: DbOrTx, entries: Record<string, string>): Promise<void> {
  await db
    .insert(appMeta)
    .values(Object.entries(entries).map(([key, value]) => ({ key, value })))
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}

/**
 * Loads the demonstration data set and today's menu boards (plus a few of the day before) in one
 * transaction, in batches, then records in app_meta that the database holds the demo seed. Meant for an
 * empty database: unique uris and claim codes make a second load fail and roll back.
 */
export async function loadDemoData(
  db: Db,
  options: { today: string; onProgress?: (done: number, total: number) => void; establishments?: number },
): Promise<void> {
  assertDay(options.today);
  const size = options.establishments ?? DEFAULT_DEMO_ESTABLISHMENTS;
  const data = withOpeningInformation(generateDemoData({ establishments: size }), options.today);
  const boards = generateDemoMenuBoards(data, options.today, { withPreviousDay: true });

  const total =
    data.categories.length +
    data.establishments.length +
    data.establishmentCategories.length +
    data.groups.length +
    data.groupMembers.length +
    boards.menuBoards.length +
    boards.menuBoardItems.length;
  let done = 0;

  await db.transaction(async (tx) => {
    const insertAll = async <T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) => {
      for (const batch of chunk(rows)) {
        await insert(batch);
        done += batch.length;
        options.onProgress?.(done, total);
      }
    };
    await insertAll(data.categories, (batch) => tx.insert(categories).values(batch));
    await insertAll(data.establishments, (batch) => tx.insert(establishments).values(batch));
    await insertAll(data.establishmentCategories, (batch) =>
      tx.insert(establishmentCategories).values(batch),
    );
    await insertAll(data.groups, (batch) => tx.insert(groups).values(batch));
    await insertAll(data.groupMembers, (batch) => tx.insert(groupMembers).values(batch));
    await insertAll(boards.menuBoards, (batch) => tx.insert(menuBoards).values(batch));
    await insertAll(boards.menuBoardItems, (batch) => tx.insert(menuBoardItems).values(batch));
    await tx.insert(schema.reports).values(generateDemoReports(data, options.today));
    await writeMeta(tx, { [SEED_KEY]: 'demo', [BOARDS_DAY_KEY]: options.today, [SIZE_KEY]: String(size) });
  });
}

/**
 * When the database holds the demo seed and its boards are not for `today`, adds today's generated boards
 * (for the demo establishments and categories still there) and records the day. Returns whether it did.
 * Safe to call at every start and every midnight, from several processes: the day is checked again under a
 * row lock, and boards already written are skipped.
 */
export async function refreshDemoMenuBoards(db: Db, today: string): Promise<boolean> {
  assertDay(today);
  const meta = new Map(
    (
      await db
        .select({ key: appMeta.key, value: appMeta.value })
        .from(appMeta)
        .where(inArray(appMeta.key, [SEED_KEY, BOARDS_DAY_KEY, SIZE_KEY]))
    ).map((row) => [row.key, row.value]),
  );
  if (meta.get(SEED_KEY) !== 'demo' || meta.get(BOARDS_DAY_KEY) === today) return false;

  // Generated outside the transaction: PGlite runs one query at a time, keep the transaction short.
  const size = Number(meta.get(SIZE_KEY) ?? DEFAULT_DEMO_ESTABLISHMENTS);
  const data = generateDemoData({
    establishments: Number.isFinite(size) ? size : DEFAULT_DEMO_ESTABLISHMENTS,
  });
  const boards = generateDemoMenuBoards(data, today);

  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ key: appMeta.key, value: appMeta.value })
      .from(appMeta)
      .where(inArray(appMeta.key, [SEED_KEY, BOARDS_DAY_KEY]))
      .for('update');
    const current = new Map(locked.map((row) => [row.key, row.value]));
    if (current.get(SEED_KEY) !== 'demo' || current.get(BOARDS_DAY_KEY) === today) return false;

    const establishmentIds = [...new Set(boards.menuBoards.map((b) => b.establishmentId))];
    const existingEstablishments = new Set<string>();
    for (const batch of chunk(establishmentIds)) {
      const rows = await tx
        .select({ id: establishments.id })
        .from(establishments)
        .where(inArray(establishments.id, batch));
      for (const row of rows) existingEstablishments.add(row.id);
    }
    const existingCategories = new Set(
      (await tx.select({ id: categories.id }).from(categories)).map((row) => row.id),
    );
    // An owner may have published today's board before this refresh ran (a restart later in the day): it
    // stays, and the generated one for that establishment is left out (one board per establishment and day).
    const published = new Set(
      (
        await tx
          .select({ establishmentId: menuBoards.establishmentId })
          .from(menuBoards)
          .where(eq(menuBoards.date, today))
      ).map((row) => row.establishmentId),
    );

    const items = boards.menuBoardItems.filter((item) => existingCategories.has(item.categoryId));
    const boardsWithItems = new Set(items.map((item) => item.menuBoardId));
    const keptBoards = boards.menuBoards.filter(
      (board) =>
        existingEstablishments.has(board.establishmentId) &&
        !published.has(board.establishmentId) &&
        boardsWithItems.has(board.id),
    );
    const keptIds = new Set(keptBoards.map((board) => board.id));
    // Positions stay as generated: a board whose category was deleted keeps a gap, which nothing relies on.
    const keptItems = items.filter((item) => keptIds.has(item.menuBoardId));

    for (const batch of chunk(keptBoards)) await tx.insert(menuBoards).values(batch).onConflictDoNothing();
    for (const batch of chunk(keptItems)) await tx.insert(menuBoardItems).values(batch).onConflictDoNothing();
    await writeMeta(tx, { [BOARDS_DAY_KEY]: today });
    return true;
  });
}
