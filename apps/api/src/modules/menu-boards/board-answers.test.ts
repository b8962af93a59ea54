/*
 * Each board's part of the surrounding search kept ready (`menu_board_answers`, migration 0009, decision 0062):
 * kept by the database whoever writes the boards, their dishes or their establishments, read by the search
 * when there, and the same bytes as the answer built from the tables when not.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { blankDatabase, migrateBefore, postgresOnly } from '../../../test/database';
import { createCategory, createEstablishment, createMenuBoard } from '../../../test/factories';
import type { Db } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { establishments, menuBoardAnswers, menuBoards } from '../../db/schema';
import { NO_DISH_FILTERS } from './dish-filters.queries';
import { surroundingMenuBoardsJson } from './menu-boards.queries';
import { parisDay } from '@tables-voisines/contract/paris-time';

let t: TestApp;
let admin: TestAccount;
let plats: string;
let desserts: string;
// The app's clock, stopped at the file's start: `today` is the server's day, even past midnight in Paris.
const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
const box = {
  southWest: { latitude: 44, longitude: 1 },
  northEast: { latitude: 44.5, longitude: 1.5 },
};

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = await createAdminAccount(t);
  plats = (await createCategory(t.db, 'Plats')).id;
  desserts = (await createCategory(t.db, 'Desserts')).id;
});
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Kept answers that differ from what the tables say now, today's boards without one, and boards whose dishes'
 * signatures, their union and categories are not their dishes': none, ever. Each answer is made again from the
 * tables (`refresh_menu_board_answers`) and compared with the one kept.
 */
async function wrongAnswers(db: Db = t.db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table kept on commit drop as select * from menu_board_answers`);
    await tx.execute(sql`select refresh_menu_board_answers(array(select menu_board_id from kept))`);
    const result = await tx.execute(sql`
      select (select count(*) from (
                (select * from menu_board_answers except select * from kept)
                union all (select * from kept except select * from menu_board_answers)) d)
           + (select count(*) from menu_boards mb
              where mb.date = ${today}::date
                and not exists (select 1 from kept a where a.menu_board_id = mb.id))
           + (select count(*) from menu_boards mb cross join lateral (select
                coalesce(array_agg(dish_signature(i.allergens, i.diets, i.homemade) order by i.position), '{}') s,
                coalesce(array_agg(i.category_id order by i.position), '{}') c
                from menu_board_items i where i.menu_board_id = mb.id) x
              where mb.dish_signatures is distinct from x.s or mb.dish_categories is distinct from x.c
                or mb.dish_signatures_union <> coalesce((select bit_or(s) from unnest(x.s) s), 0)) as n`);
    return Number(rowsOf<{ n: string }>(result)[0]!.n);
  });
}

/** Today's answer of the search for `box`, parsed. */
async function answered(filters = NO_DISH_FILTERS) {
  return JSON.parse(await surroundingMenuBoardsJson(t.db, box, filters, today)) as {
    id: string;
    title: string;
    establishment: { name: string; uri: string; location: { latitude: number; longitude: number } };
    items: { name: string; price: number; category: string; matches: boolean }[];
  }[];
}

const dish = (name: string, categoryId = plats) => ({ name, priceCents: 1250, categoryId });

describe('the search reads the kept answer', () => {
  it('when the board has one, and builds the same bytes from the tables when it has none', async () => {
    const place = await createEstablishment(t.db, { name: 'Chez « Lou »', latitude: 44.1, longitude: 1.1 });
    await createMenuBoard(t.db, {
      establishmentId: place.id,
      date: today,
      title: 'Ardoise "du marché"\net du soir',
      items: [
        { ...dish('Œuf mayo'), allergens: ['eggs'], diets: ['vegetarian'], description: 'Fermier\tbio' },
        { ...dish('Tarte', desserts), allergens: null, homemade: true, meatOrigin: 'France' },
      ],
    });
    const asked = [
      NO_DISH_FILTERS,
      { ...NO_DISH_FILTERS, categories: [desserts] },
      { ...NO_DISH_FILTERS, excludeAllergens: ['gluten' as const] },
      { ...NO_DISH_FILTERS, diets: ['vegetarian' as const], homemade: true },
      { ...NO_DISH_FILTERS, categories: [plats], diets: ['vegetarian' as const] },
    ];
    const kept: string[] = [];
    for (const filters of asked) kept.push(await surroundingMenuBoardsJson(t.db, box, filters, today));
    expect(JSON.parse(kept[0]!)[0].items.map((i: { matches: boolean }) => i.matches)).toEqual([true, true]);
    expect(JSON.parse(kept[2]!)[0].items.map((i: { matches: boolean }) => i.matches)).toEqual([true, false]);

    // What is answered is the kept part: changed by hand here, the answer says so.
    await t.db.execute(
      sql`update menu_board_answers set establishment = replace(establishment, 'Lou', 'Lou (gardé)')`,
    );
    expect((await answered())[0]!.establishment.name).toBe('Chez « Lou (gardé) »');

    await t.db.delete(menuBoardAnswers);
    for (const [index, filters] of asked.entries()) {
      expect(await surroundingMenuBoardsJson(t.db, box, filters, today)).toBe(kept[index]);
    }
    await t.db.execute(sql`select refresh_menu_board_answers(array(select id from menu_boards))`);
    expect(await wrongAnswers()).toBe(0);
    for (const [index, filters] of asked.entries()) {
      expect(await surroundingMenuBoardsJson(t.db, box, filters, today)).toBe(kept[index]);
    }
  });
});

describe('a kept answer follows', () => {
  it('its establishment renamed and moved by the team: the search says so at once', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Vieux Nom', latitude: 44.2, longitude: 1.2 });
    const board = await createMenuBoard(t.db, {
      establishmentId: place.id,
      date: today,
      items: [dish('Plat du jour')],
    });
    const patch = async (payload: object) => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/establishment/${place.id}`,
        headers: admin.headers,
        payload,
      });
      expect(response.statusCode).toBe(200);
      return (await answered()).find((b) => b.id === board)!.establishment;
    };
    expect((await patch({ name: 'Le Nouveau Nom' })).name).toBe('Le Nouveau Nom');
    expect(await wrongAnswers()).toBe(0);
    expect((await patch({ location: { latitude: 44.21, longitude: 1.21 } })).location).toEqual({
      latitude: 44.21,
      longitude: 1.21,
    });
    expect(await wrongAnswers()).toBe(0);
  });

  it('its dishes written directly, whoever writes: added, changed, moved to another board, removed', async () => {
    const place = await createEstablishment(t.db, { latitude: 44.3, longitude: 1.3 });
    const other = await createEstablishment(t.db, { latitude: 44.31, longitude: 1.31 });
    const board = await createMenuBoard(t.db, {
      establishmentId: place.id,
      date: today,
      items: [dish('Soupe'), dish('Gratin')],
    });
    const second = await createMenuBoard(t.db, {
      establishmentId: other.id,
      date: today,
      items: [dish('Quiche')],
    });
    const namesOf = async (id: string) =>
      (await answered()).find((b) => b.id === id)!.items.map((i) => `${i.name} ${i.price}`);

    await t.db.execute(
      sql`insert into menu_board_items (menu_board_id, position, name, price_cents, category_id)
          values (${board}, 2, 'Crème brûlée', 650, ${desserts})`,
    );
    expect(await namesOf(board)).toEqual(['Soupe 12.5', 'Gratin 12.5', 'Crème brûlée 6.5']);
    await t.db.execute(
      sql`update menu_board_items set price_cents = 1390 where menu_board_id = ${board} and position = 1`,
    );
    expect(await namesOf(board)).toEqual(['Soupe 12.5', 'Gratin 13.9', 'Crème brûlée 6.5']);
    await t.db.execute(
      sql`update menu_board_items set menu_board_id = ${second}, position = 1
          where menu_board_id = ${board} and position = 2`,
    );
    expect(await namesOf(board)).toEqual(['Soupe 12.5', 'Gratin 13.9']);
    expect(await namesOf(second)).toEqual(['Quiche 12.5', 'Crème brûlée 6.5']);
    await t.db.execute(sql`delete from menu_board_items where menu_board_id = ${board}`);
    expect(await namesOf(board)).toEqual([]);
    expect(await wrongAnswers()).toBe(0);
  });

  it('a board given to another establishment, and a board with no dish yet', async () => {
    const first = await createEstablishment(t.db, { name: 'Premier', latitude: 44.35, longitude: 1.35 });
    const second = await createEstablishment(t.db, { name: 'Second', latitude: 44.36, longitude: 1.36 });
    const board = await createMenuBoard(t.db, {
      establishmentId: first.id,
      date: today,
      items: [dish('Salade')],
    });
    await t.db.update(menuBoards).set({ establishmentId: second.id }).where(eq(menuBoards.id, board));
    expect((await answered()).find((b) => b.id === board)!.establishment.name).toBe('Second');

    const empty = randomUUID();
    await t.db
      .insert(menuBoards)
      .values({ id: empty, establishmentId: first.id, title: 'Vide', date: today });
    expect((await answered()).find((b) => b.id === empty)).toMatchObject({ title: 'Vide', items: [] });
    expect(await wrongAnswers()).toBe(0);
  });
});

describe('the daily job', () => {
  it("drops the answers of past days' boards, which the search then builds from the tables", async () => {
    const place = await createEstablishment(t.db, { latitude: 44.4, longitude: 1.4 });
    const past = await createMenuBoard(t.db, {
      establishmentId: place.id,
      date: '2026-01-02',
      items: [dish('Galette des rois', desserts)],
    });
    const current = await createMenuBoard(t.db, {
      establishmentId: place.id,
      date: today,
      items: [dish('Pot-au-feu')],
    });
    const pastAnswer = await surroundingMenuBoardsJson(t.db, box, NO_DISH_FILTERS, '2026-01-02');
    const kept = async () =>
      (await t.db.select({ id: menuBoardAnswers.menuBoardId }).from(menuBoardAnswers)).map((a) => a.id);
    expect(await kept()).toEqual(expect.arrayContaining([past, current]));

    await t.app.ctx.jobs.runNow('closure-purge');
    expect(await kept()).not.toContain(past);
    expect(await kept()).toContain(current);
    expect(await surroundingMenuBoardsJson(t.db, box, NO_DISH_FILTERS, '2026-01-02')).toBe(pastAnswer);
    expect(await wrongAnswers()).toBe(0);
  });
});

/**
 * As a database written before a migration holds them: an establishment in the search's box, a category, and
 * two boards without dishes, today's (« Aujourd’hui ») and an old one (« Avant »), in that order by title.
 */
async function writeTwoBoards(db: Db): Promise<{ category: string; boards: [string, string] }> {
  const place = randomUUID();
  const boards: [string, string] = [randomUUID(), randomUUID()];
  await db.execute(sql`
    insert into establishments (id, uri, kind, name, venue_type, street, postcode, town, latitude, longitude,
      claim_code, search_text)
    values (${place}, 'a-albi', 'restaurant', 'A', 'brasserie', '1 rue', '81000', 'Albi', 44.1, 1.1,
            'CODE-A', 'a albi')`);
  const category = randomUUID();
  await db.execute(
    sql`insert into categories (id, slug, name_fr, name_en, search_fr, search_en)
        values (${category}, 'plats', 'Plats', 'Dishes', 'plats', 'dishes')`,
  );
  await db.execute(sql`
    insert into menu_boards (id, establishment_id, title, date)
    values (${boards[0]}, ${place}, 'Aujourd’hui', ${today}), (${boards[1]}, ${place}, 'Avant', '2020-01-02')`);
  return { category, boards };
}

describe('migration 0009', () => {
  it('gives the boards a search can still ask for their answer, the older ones none', async () => {
    const database = await blankDatabase();
    try {
      await migrateBefore(database, '0009_board_answers');
      const {
        category,
        boards: [recent, old],
      } = await writeTwoBoards(database.db);
      await database.db.execute(sql`
        insert into menu_board_items (menu_board_id, position, name, price_cents, category_id)
        values (${recent}, 0, 'Cassoulet', 1600, ${category}), (${old}, 0, 'Cassoulet', 1500, ${category})`);
      const versions = async () =>
        rowsOf<{ version: number }>(
          await database.db.execute(sql`select version from menu_boards order by title`),
        ).map((r) => r.version);
      const versionsBefore = await versions();
      await migrateDatabase(database);
      const rows = rowsOf<{ id: string; dishes: string[] }>(
        await database.db.execute(sql`select menu_board_id as id, dishes from menu_board_answers`),
      );
      expect(rows.map((r) => r.id)).toEqual([recent]);
      // Each board's dishes' categories, its version (ETag) left as it was.
      const boards = rowsOf<{ categories: string[] }>(
        await database.db.execute(sql`select dish_categories as categories from menu_boards order by title`),
      );
      expect(boards).toEqual([{ categories: [category] }, { categories: [category] }]);
      expect(await versions()).toEqual(versionsBefore);
      expect(JSON.parse(rows[0]!.dishes[0]!)).toMatchObject({ name: 'Cassoulet', price: 16, matches: true });
      expect(
        JSON.parse(await surroundingMenuBoardsJson(database.db, box, NO_DISH_FILTERS, today)),
      ).toMatchObject([{ id: recent, establishment: { name: 'A' }, items: [{ name: 'Cassoulet' }] }]);
      expect(await wrongAnswers(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe('migration 0010', () => {
  it("gives every board the union of its dishes' signatures, its version (ETag) left as it was", async () => {
    const database = await blankDatabase();
    try {
      await migrateBefore(database, '0010_dish_signatures_union');
      const {
        category,
        boards: [full],
      } = await writeTwoBoards(database.db);
      // Allergens stated (bit 0) with milk (bit 7); vegetarian (bit 15); fait maison (bit 19).
      await database.db.execute(sql`
        insert into menu_board_items (menu_board_id, position, name, price_cents, category_id, allergens, diets,
          homemade)
        values (${full}, 0, 'Gratin', 1600, ${category}, '{milk}', '{}', false),
               (${full}, 1, 'Salade', 900, ${category}, null, '{vegetarian}', true)`);
      const rows = async () =>
        rowsOf<{ version: number; bits: number }>(
          await database.db.execute(
            sql`select version, dish_signatures_union as bits from menu_boards order by title`,
          ),
        );
      const before = rowsOf<{ version: number }>(
        await database.db.execute(sql`select version from menu_boards order by title`),
      ).map((r) => r.version);
      await migrateDatabase(database);
      expect((await rows()).map((r) => [r.version, r.bits])).toEqual([
        [before[0], 1 | (1 << 7) | (1 << 15) | (1 << 19)],
        [before[1], 0],
      ]);
      // Then kept by PostgreSQL on every write of the signatures.
      await database.db.execute(
        sql`delete from menu_board_items where menu_board_id = ${full} and position = 1`,
      );
      expect((await rows()).map((r) => r.bits)).toEqual([1 | (1 << 7), 0]);
      expect(await wrongAnswers(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe('an establishment left as it was', () => {
  it('writes no answer again: an update of its other fields, or of its name to the same, leaves them', async () => {
    const place = await createEstablishment(t.db, { latitude: 44.45, longitude: 1.45 });
    await createMenuBoard(t.db, { establishmentId: place.id, date: today, items: [dish('Daube')] });
    const xmin = async () =>
      rowsOf<{ x: string }>(
        await t.db.execute(sql`select a.xmin::text as x from menu_board_answers a
          join menu_boards mb on mb.id = a.menu_board_id where mb.establishment_id = ${place.id}`),
      )[0]!.x;
    const before = await xmin();
    await t.db
      .update(establishments)
      .set({ phone: '05 63 00 00 00', name: place.name })
      .where(eq(establishments.id, place.id));
    expect(await xmin()).toBe(before);
  });
});

/** PostgreSQL only (PGlite has one connection): two writers at once. */
const { onPostgres, skipForbidden } = postgresOnly(
  'the two-writer test',
  'apps/api/src/modules/menu-boards/board-answers.test.ts',
);

describe('two writers at once on PostgreSQL', () => {
  it.runIf(!onPostgres && skipForbidden)('refuses to be skipped here', () => {
    throw new Error('The two-writer answer test needs DATABASE_URL (PostgreSQL); skipping is forbidden.');
  });

  it.skipIf(!onPostgres)(
    'keeps both the owner’s dishes and the team’s new name, whichever commits first',
    async () => {
      const place = await createEstablishment(t.db, { name: 'Nom 0', latitude: 44.05, longitude: 1.05 });
      const board = await createMenuBoard(t.db, {
        establishmentId: place.id,
        date: today,
        items: [dish('Plat 0')],
      });
      const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
      const [owner, team] = [await pool.connect(), await pool.connect()];
      const dishes = (c: pg.PoolClient, name: string) =>
        c.query('update menu_board_items set name = $1 where menu_board_id = $2', [name, board]);
      const rename = (c: pg.PoolClient, name: string) =>
        c.query('update establishments set name = $1 where id = $2', [name, place.id]);
      const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
      try {
        for (const [first, second, round] of [
          [owner, team, 1],
          [team, owner, 2],
        ] as const) {
          await first.query('begin');
          await second.query('begin');
          await (first === owner ? dishes(first, `Plat ${round}`) : rename(first, `Nom ${round}`));
          // The second waits for the first's answer, then reads what it committed.
          const waiting = second === owner ? dishes(second, `Plat ${round}`) : rename(second, `Nom ${round}`);
          await pause();
          await first.query('commit');
          await waiting;
          await second.query('commit');
          const found = (await answered()).find((b) => b.id === board)!;
          expect([found.establishment.name, found.items[0]!.name]).toEqual([`Nom ${round}`, `Plat ${round}`]);
        }
        expect(await wrongAnswers()).toBe(0);
      } finally {
        owner.release();
        team.release();
      }
    },
  );
});
