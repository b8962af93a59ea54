import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { parisDay } from '../../lib/today';
import type { Database } from '../client';
import { appMeta, categories, establishments, groups, menuBoards } from '../schema';
import { refreshDemoMenuBoards } from './load-demo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase('demo');
});
afterAll(() => database.close());

const count = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;

describe('the demonstration data set in the database', () => {
  it('holds several hundred establishments of both kinds, categories, groups and disabled places', async () => {
    const { db } = database;
    const byKind = await db
      .select({ kind: establishments.kind, n: sql<number>`count(*)::int` })
      .from(establishments)
      .groupBy(establishments.kind);
    expect(Object.fromEntries(byKind.map((r) => [r.kind, r.n]))).toEqual({
      restaurant: 480,
      remplisvert: 120,
    });
    expect(
      await count(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(establishments)
          .where(eq(establishments.disabled, true)),
      ),
    ).toBeGreaterThanOrEqual(5);
    expect(await count(db.select({ n: sql<number>`count(*)::int` }).from(categories))).toBeGreaterThanOrEqual(
      40,
    );
    expect(await count(db.select({ n: sql<number>`count(*)::int` }).from(groups))).toBe(12);
  });

  it('has menu boards for the day it was loaded and records that day', async () => {
    const { db } = database;
    const today = parisDay();
    expect(
      await count(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(menuBoards)
          .where(eq(menuBoards.date, today)),
      ),
    ).toBeGreaterThan(100);
    const meta = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_boards_day'));
    expect(meta[0]?.value).toBe(today);
  });

  it('adds boards for a new day once, and does nothing the second time', async () => {
    const { db } = database;
    const tomorrow = parisDay(new Date(Date.now() + 86_400_000));
    const boardsOf = (day: string) =>
      count(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(menuBoards)
          .where(and(eq(menuBoards.date, day))),
      );
    expect(await boardsOf(tomorrow)).toBe(0);
    expect(await refreshDemoMenuBoards(db, tomorrow)).toBe(true);
    const added = await boardsOf(tomorrow);
    expect(added).toBeGreaterThan(100);
    expect(await refreshDemoMenuBoards(db, tomorrow)).toBe(false);
    expect(await boardsOf(tomorrow)).toBe(added);
  });
});
