/*
 * Each board's copy of its establishment's place and hidden state (migration 0008, decision 0058): kept by the
 * database whoever writes, so that the surrounding search, which reads only the copy, is never wrong; and the
 * index the search is planned on.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { blankDatabase, migrateBefore } from '../../../test/database';
import { createCategory, createEstablishment, createMenuBoard } from '../../../test/factories';
import { deleteEstablishment } from '../../../test/requests';
import { migrateDatabase } from '../../db/migrate';
import { establishments, menuBoards } from '../../db/schema';
import { NO_DISH_FILTERS } from './dish-filters.queries';
import { surroundingMenuBoardsSql } from './menu-boards.queries';
import { parisDay } from '@tables-voisines/contract/paris-time';

let t: TestApp;
let admin: TestAccount;
let categoryId: string;
// The app's clock, stopped at the file's start: `today` is the server's day, even past midnight in Paris.
const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
const lyon = {
  southWest: { latitude: 45.7, longitude: 4.78 },
  northEast: { latitude: 45.81, longitude: 4.9 },
};
const paris = {
  southWest: { latitude: 48.8, longitude: 2.25 },
  northEast: { latitude: 48.9, longitude: 2.42 },
};

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = await createAdminAccount(t);
  categoryId = (await createCategory(t.db, 'Plats')).id;
});
afterAll(() => t.close());

const patch = (id: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'PATCH', url: `/api/establishment/${id}`, headers, payload });

/** The ids of the boards `POST /menuboards/surrounding` answers for the box, today. */
async function boardsIn(box: typeof lyon): Promise<string[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/menuboards/surrounding',
    payload: { ...box, categories: [] },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string }[]).map((b) => b.id);
}

/** Boards whose copy differs from their establishment: none, ever. */
async function wrongCopies(db = t.db): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from menu_boards mb join establishments e on e.id = mb.establishment_id
    where mb.establishment_longitude <> e.longitude or mb.establishment_latitude <> e.latitude
      or mb.establishment_disabled <> (e.disabled or e.closed_for_good_at is not null)`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

async function placeWithBoards(latitude: number, longitude: number) {
  const place = await createEstablishment(t.db, { latitude, longitude });
  const board = await createMenuBoard(t.db, {
    establishmentId: place.id,
    date: today,
    items: [{ name: 'Plat du jour', priceCents: 1200, categoryId }],
  });
  await createMenuBoard(t.db, {
    establishmentId: place.id,
    date: '2020-01-02',
    items: [{ name: 'Plat d’hier', priceCents: 1100, categoryId }],
  });
  return { place, board };
}

describe('a board follows its establishment', () => {
  it('moved by the team, then by its owner: the search finds it where it now is', async () => {
    const { place, board } = await placeWithBoards(45.76, 4.83);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    expect(await boardsIn(lyon)).toContain(board);

    const moved = await patch(place.id, { location: { latitude: 48.85, longitude: 2.35 } }, admin.headers);
    expect(moved.statusCode).toBe(200);
    expect(await boardsIn(lyon)).not.toContain(board);
    expect(await boardsIn(paris)).toContain(board);
    expect(await wrongCopies()).toBe(0);

    const back = await patch(place.id, { location: { latitude: 45.75, longitude: 4.85 } }, owner.headers);
    expect(back.statusCode).toBe(200);
    expect(await boardsIn(paris)).not.toContain(board);
    expect(await boardsIn(lyon)).toContain(board);
    expect(await wrongCopies()).toBe(0);
  });

  it('hidden by the team, then shown again', async () => {
    const { place, board } = await placeWithBoards(45.77, 4.84);
    expect((await patch(place.id, { disabled: true }, admin.headers)).statusCode).toBe(200);
    expect(await boardsIn(lyon)).not.toContain(board);
    expect(await wrongCopies()).toBe(0);
    expect((await patch(place.id, { disabled: false }, admin.headers)).statusCode).toBe(200);
    expect(await boardsIn(lyon)).toContain(board);
    expect(await wrongCopies()).toBe(0);
  });

  it('closed for good by the team, then open again (migration 0020)', async () => {
    const { place, board } = await placeWithBoards(45.775, 4.845);
    expect((await patch(place.id, { closedForGood: true }, admin.headers)).statusCode).toBe(200);
    expect(await boardsIn(lyon)).not.toContain(board);
    expect(await wrongCopies()).toBe(0);
    expect((await patch(place.id, { closedForGood: false }, admin.headers)).statusCode).toBe(200);
    expect(await boardsIn(lyon)).toContain(board);
    expect(await wrongCopies()).toBe(0);
  });

  it('deleted: its boards go with it', async () => {
    const { place, board } = await placeWithBoards(45.78, 4.85);
    expect((await deleteEstablishment(t, place.id, admin.headers)).statusCode).toBe(204);
    expect(await boardsIn(lyon)).not.toContain(board);
    expect(await t.db.select().from(menuBoards).where(eq(menuBoards.id, board))).toEqual([]);
  });

  it('written directly in the tables, whoever writes: a copy written by hand is replaced', async () => {
    const { place, board } = await placeWithBoards(45.79, 4.86);
    await t.db
      .update(establishments)
      .set({ latitude: 48.86, longitude: 2.34 })
      .where(eq(establishments.id, place.id));
    expect(await boardsIn(paris)).toContain(board);
    await t.db.execute(
      sql`update menu_boards set establishment_latitude = 0, establishment_disabled = true where id = ${board}`,
    );
    expect(await wrongCopies()).toBe(0);
    expect(await boardsIn(paris)).toContain(board);
  });

  it("leaves the board's version (its ETag) as it was, which its own changes still raise", async () => {
    const { place, board } = await placeWithBoards(45.8, 4.87);
    const versionOf = async () =>
      (await t.db.select({ v: menuBoards.version }).from(menuBoards).where(eq(menuBoards.id, board)))[0]!.v;
    const before = await versionOf();
    await t.db
      .update(establishments)
      .set({ disabled: true, latitude: 45.801 })
      .where(eq(establishments.id, place.id));
    expect(await versionOf()).toBe(before);
    await t.db.update(menuBoards).set({ title: 'Nouvelle ardoise' }).where(eq(menuBoards.id, board));
    expect(await versionOf()).toBe(before + 1);
    // An update that changes nothing raises it too, as before migration 0008.
    await t.db.update(menuBoards).set({ title: 'Nouvelle ardoise' }).where(eq(menuBoards.id, board));
    expect(await versionOf()).toBe(before + 2);
  });

  it('refuses a board of an establishment that does not exist, as the foreign key does', async () => {
    await expect(
      t.db
        .insert(menuBoards)
        .values({ id: randomUUID(), establishmentId: randomUUID(), title: 'x', date: today }),
    ).rejects.toMatchObject({ cause: { code: '23503' } });
  });
});

describe('the surrounding search', () => {
  it("is planned on the index of a day's boards by place", async () => {
    for (let i = 0; i < 20; i++) await placeWithBoards(45.71 + i * 0.004, 4.79 + i * 0.005);
    // Today's boards elsewhere, as a real day has them: the day alone no longer narrows enough.
    for (let i = 0; i < 150; i++) {
      const place = await createEstablishment(t.db, { latitude: 48.8 + i * 0.001, longitude: 2.3 });
      await createMenuBoard(t.db, {
        establishmentId: place.id,
        date: today,
        items: [{ name: 'Plat du jour', priceCents: 1000, categoryId }],
      });
    }
    await t.db.execute(sql`analyze menu_boards`);
    const plan = await t.db.transaction(async (tx) => {
      // So few rows would be read whole: the test asks which index the planner can use, not whether to.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain (costs off) ${surroundingMenuBoardsSql(lyon, NO_DISH_FILTERS, today, 1000)}`,
      );
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(plan, plan).toContain('menu_boards_day_place_idx');
    // The establishments are read by id, for the boards found only.
    expect(plan).not.toContain('establishments_location_idx');
    // Places closed for good are left out by the index's condition, not by a look-up of every board's
    // establishment before the cap (an anti join: 33 → 327 ms p95 at 1,000,000 boards; migration 0020).
    expect(plan).not.toContain('Anti Join');
  });
});

describe('migration 0020', () => {
  it('hides the boards of places already closed for good', async () => {
    const database = await blankDatabase();
    try {
      await migrateBefore(database, '0020_boards_of_closed_places');
      const ids = { open: randomUUID(), closed: randomUUID() };
      await database.db.execute(sql`
        insert into establishments (id, uri, kind, name, venue_type, street, postcode, town, latitude, longitude,
          claim_code, search_text, disabled, closed_for_good_at)
        values (${ids.open}, 'a-lyon', 'restaurant', 'A', 'brasserie', '1 rue', '69001', 'Lyon', 45.76, 4.83,
                'CODE-A', 'a lyon', false, null),
               (${ids.closed}, 'b-lyon', 'restaurant', 'B', 'brasserie', '2 rue', '69001', 'Lyon', 45.77, 4.84,
                'CODE-B', 'b lyon', false, now())`);
      await database.db.execute(sql`
        insert into menu_boards (id, establishment_id, title, date)
        values (${randomUUID()}, ${ids.open}, 'A', ${today}), (${randomUUID()}, ${ids.closed}, 'B', ${today})`);
      await migrateDatabase(database);
      const result = await database.db.execute<{ name: string; off: boolean; v: number }>(
        sql`select title as name, establishment_disabled as off, version as v from menu_boards order by title`,
      );
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([
        { name: 'A', off: false, v: 1 },
        { name: 'B', off: true, v: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe('migration 0008', () => {
  it('gives the boards already written their copy', async () => {
    const database = await blankDatabase();
    try {
      // The migrations before 0008, then boards written as they were, then 0008.
      await migrateBefore(database, '0008_boards_by_place');
      const ids = { lyon: randomUUID(), hidden: randomUUID() };
      await database.db.execute(sql`
        insert into establishments (id, uri, kind, name, venue_type, street, postcode, town, latitude, longitude,
          claim_code, search_text, disabled)
        values (${ids.lyon}, 'a-lyon', 'restaurant', 'A', 'brasserie', '1 rue', '69001', 'Lyon', 45.76, 4.83,
                'CODE-A', 'a lyon', false),
               (${ids.hidden}, 'b-lyon', 'restaurant', 'B', 'brasserie', '2 rue', '69001', 'Lyon', 45.77, 4.84,
                'CODE-B', 'b lyon', true)`);
      await database.db.execute(sql`
        insert into menu_boards (id, establishment_id, title, date)
        values (${randomUUID()}, ${ids.lyon}, 'A', ${today}), (${randomUUID()}, ${ids.hidden}, 'B', ${today})`);
      await migrateDatabase(database);
      const result = await database.db.execute<{
        name: string;
        lon: number;
        lat: number;
        off: boolean;
        v: number;
      }>(
        sql`select title as name, establishment_longitude as lon, establishment_latitude as lat,
                   establishment_disabled as off, version as v
            from menu_boards order by title`,
      );
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([
        { name: 'A', lon: 4.83, lat: 45.76, off: false, v: 1 },
        { name: 'B', lon: 4.84, lat: 45.77, off: true, v: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});
