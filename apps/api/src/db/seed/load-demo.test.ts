import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../client';
import { appMeta, categories, establishments, groups, menuBoards } from '../schema';
import { DEFAULT_DEMO_ESTABLISHMENTS, generateDemoData, generateDemoMenuBoards } from './demo-data';
import { refreshDemoMenuBoards } from './load-demo';
import { activeClosure, upcomingClosure } from '@tables-voisines/contract/closures';
import { addDays } from '@tables-voisines/contract/paris-time';

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
    // The day the template was loaded, not the day now: a run may go on past midnight.
    const today = inject('demoDay');
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
    // The days after the template's own (days, not 24 hours: a night clocks go back has 25).
    const tomorrow = addDays(inject('demoDay'), 1);
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

describe('the boards of a new day', () => {
  it('leave alone a board an owner published that day before the refresh ran', async () => {
    const { db } = database;
    const day = addDays(inject('demoDay'), 2);
    // An establishment the day's generated boards include: its generated board would clash with the owner's.
    const generated = generateDemoMenuBoards(
      generateDemoData({ establishments: DEFAULT_DEMO_ESTABLISHMENTS }),
      day,
    );
    const place = { id: generated.menuBoards[0]!.establishmentId };
    const ownId = crypto.randomUUID();
    await db
      .insert(menuBoards)
      .values({ id: ownId, establishmentId: place!.id, title: 'Mon ardoise', date: day });
    expect(await refreshDemoMenuBoards(db, day)).toBe(true);
    const ofPlace = await db
      .select({ id: menuBoards.id })
      .from(menuBoards)
      .where(and(eq(menuBoards.establishmentId, place!.id), eq(menuBoards.date, day)));
    expect(ofPlace).toEqual([{ id: ownId }]);
  });
});

describe('the demo’s opening information', () => {
  it('has a closure in progress, one announced within 14 days, and verified dates recent, old and none', async () => {
    const { db } = database;
    // The templates are seeded with the day the test run started (global-setup.ts).
    const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_boards_day'));
    const today = meta!.value;
    const rows = await db
      .select({ closures: establishments.closures, verifiedAt: establishments.verifiedAt })
      .from(establishments);
    const closures = rows.map((r) => r.closures);
    expect(closures.some((c) => activeClosure(c, today) !== null)).toBe(true);
    expect(closures.some((c) => upcomingClosure(c, today) !== null)).toBe(true);
    const ageDays = (at: Date) => (Date.parse(`${today}T12:00:00Z`) - at.getTime()) / 86_400_000;
    const verified = rows.map((r) => r.verifiedAt);
    expect(verified.some((at) => at === null)).toBe(true);
    expect(verified.some((at) => at !== null && ageDays(at) < 30)).toBe(true);
    expect(verified.some((at) => at !== null && ageDays(at) > 183)).toBe(true);
  });
});
