/*
 * Issue 54, points 1 and 2 (server side): a dish's course, a board's formules, its `fromPrice` and the
 * surrounding search's `maxPrice` (docs/api.md, "Set menus, courses and the board's picture"; decision 0089).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeText } from '@tables-voisines/contract/history-text';
import { boardDayText } from '@tables-voisines/contract/history-board-text';
import { parisDay } from '@tables-voisines/contract/paris-time';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { blankDatabase, migrateBefore } from '../../../test/database';
import { createCategory, createEstablishment } from '../../../test/factories';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { migrateDatabase } from '../../db/migrate';
import { NO_DISH_FILTERS } from './dish-filters.queries';
import {
  findMenuBoardById,
  findSurroundingMenuBoards,
  surroundingMenuBoardsJson,
  surroundingMenuBoardsSql,
} from './menu-boards.queries';

let smtp: TestSmtp;
let t: TestApp;
let admin: TestAccount;
let plats: string;
// The app's clock, stopped at the file's start: `today` is the server's day, even past midnight in Paris.
const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
/** A box of its own, far from the other tests' places (near Rodez). */
const box = { southWest: { latitude: 44.3, longitude: 2.5 }, northEast: { latitude: 44.4, longitude: 2.6 } };
let lat = 44.31;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    clock: clock.now,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tables.example' },
  });
  admin = await createAdminAccount(t, { username: 'chef-de-salle' });
  plats = (await createCategory(t.db, 'Plats')).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A place inside the box, open every day (no hours given), each a little further north. */
const place = (name?: string) => {
  lat += 0.002;
  return createEstablishment(t.db, { name, latitude: lat, longitude: 2.55, openingHours: [] });
};
const dish = (name: string, price: number, course: string | null = null, extra: object = {}) => ({
  name,
  price,
  category: plats,
  course,
  ...extra,
});
const midi = {
  name: 'Formule du midi',
  price: 16.5,
  courses: [
    ['entree', 'plat'],
    ['plat', 'dessert'],
  ],
  description: 'Café compris',
};
const publish = (body: object, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/menuboard/', headers, payload: body });
const read = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/menuboard/${id}`, headers: admin.headers });
const patch = async (id: string, payload: object, headers: Record<string, string> = admin.headers) => {
  const etag = (await read(id)).headers.etag as string;
  return t.app.inject({
    method: 'PATCH',
    url: `/api/menuboard/${id}`,
    headers: { ...headers, 'if-match': etag },
    payload,
  });
};
const surrounding = (filters: object = {}) =>
  t.app.inject({ method: 'POST', url: '/menuboards/surrounding', payload: { ...box, ...filters } });
const idsAround = async (filters: object = {}) => {
  const response = await surrounding(filters);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: string }[]).map((b) => b.id).sort();
};
const board = (establishment: string, fields: object = {}) => ({
  establishment,
  title: 'Ardoise du jour',
  date: today,
  items: [dish('Salade de lentilles', 7, 'entree'), dish('Aligot saucisse', 14.5, 'plat')],
  ...fields,
});

describe('courses and formules', () => {
  it('are written and read back everywhere a board is answered', async () => {
    const at = await place();
    const created = await publish(board(at.id, { formulas: [midi] }));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    const expected = {
      items: [
        expect.objectContaining({ name: 'Salade de lentilles', course: 'entree' }),
        expect.objectContaining({ name: 'Aligot saucisse', course: 'plat' }),
      ],
      formulas: [midi],
      fromPrice: 14.5,
    };
    expect(created.json()).toMatchObject(expected);
    expect((await read(id)).json()).toMatchObject(expected);
    const todays = await t.app.inject({ method: 'GET', url: `/api/establishment/${at.id}/menuboard` });
    expect(todays.json()).toMatchObject(expected);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/menuboards/?establishment=${at.id}`,
      headers: admin.headers,
    });
    expect(list.json()).toMatchObject([expected]);
    const around = (await surrounding()).json() as { id: string }[];
    expect(around.find((b) => b.id === id)).toMatchObject({
      ...expected,
      items: [
        expect.objectContaining({ course: 'entree', matches: true }),
        expect.objectContaining({ course: 'plat', matches: true }),
      ],
    });
    // The answer made by the database is the one made in JavaScript.
    expect(JSON.parse(await surroundingMenuBoardsJson(t.db, box, NO_DISH_FILTERS, today))).toEqual(
      await findSurroundingMenuBoards(t.db, box, NO_DISH_FILTERS, today),
    );
  });

  it('keeps the formules when a write leaves them out, and removes them with []', async () => {
    const at = await place();
    const id = ((await publish(board(at.id, { formulas: [midi] }))).json() as { id: string }).id;
    const renamed = await patch(id, { title: 'Le midi', items: [dish('Truffade', 13, 'plat')] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Le midi', formulas: [midi], fromPrice: 13 });
    // Published again for the same day without formules: kept too.
    const again = await publish(board(at.id, { title: 'Encore' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, title: 'Encore', formulas: [midi] });
    const removed = await patch(id, { formulas: [] });
    expect(removed.json()).toMatchObject({ formulas: [], fromPrice: 14.5 });
    // A new board without formules has none; a description left out is null.
    const other = await place();
    const plain = await publish(board(other.id, { formulas: [{ ...midi, description: undefined }] }));
    expect(plain.json().formulas).toEqual([{ ...midi, description: null }]);
    const none = await publish(board((await place()).id));
    expect(none.json()).toMatchObject({ formulas: [] });
  });

  it('refuses a wrong formule or course at its exact path, in French', async () => {
    const at = await place();
    const formula = (fields: object) => ({ ...midi, ...fields });
    const cases: [object, string, RegExp][] = [
      [
        { formulas: [formula({ courses: [['plat'], ['fromage', 'dessert']] })] },
        'formulas.0.courses.1.0',
        /^Rubrique inconnue/,
      ],
      [
        { formulas: [midi, formula({ courses: [['plat', 'dessert', 'plat']] })] },
        'formulas.1.courses.0.2',
        /une fois/,
      ],
      [
        { formulas: Array.from({ length: 11 }, (_, i) => formula({ name: `F${i}` })) },
        'formulas',
        /Au plus 10 formules/,
      ],
      [
        {
          formulas: [
            formula({ courses: [['plat'], ['entree'], ['dessert'], ['autre'], ['plat', 'dessert']] }),
          ],
        },
        'formulas.0.courses',
        /au plus 4 combinaisons/,
      ],
      [{ formulas: [formula({ courses: [] })] }, 'formulas.0.courses', /au moins une combinaison/],
      [{ formulas: [formula({ courses: [[]] })] }, 'formulas.0.courses.0', /au moins une rubrique/],
      [{ formulas: [formula({ name: 'x'.repeat(81) })] }, 'formulas.0.name', /./],
      [{ formulas: [formula({ price: 16.555 })] }, 'formulas.0.price', /deux décimales/],
      [{ formulas: [formula({ description: 'x'.repeat(201) })] }, 'formulas.0.description', /./],
      [{ items: [dish('Aligot', 12, 'fromage')] }, 'items.0.course', /^Rubrique inconnue/],
    ];
    for (const [fields, path, message] of cases) {
      const response = await publish(board(at.id, fields));
      expect(response.statusCode, path).toBe(400);
      expect(response.json().code).toBe('ValidationError');
      const detail = (response.json().details as { path: string; message: string }[]).find(
        (d) => d.path === path,
      );
      expect(detail, `${path}: ${response.body}`).toBeDefined();
      expect(detail!.message).toMatch(message);
    }
    // Nothing was written.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/establishment/${at.id}/menuboard` })).statusCode,
    ).toBe(404);
  });
});

describe('fromPrice', () => {
  it('is the cheapest formule or dish of course plat or of no course; null when none', async () => {
    const cheaperFormula = await publish(
      board((await place()).id, {
        formulas: [
          { ...midi, price: 12.9 },
          { ...midi, name: 'Grande', price: 22 },
        ],
      }),
    );
    expect(cheaperFormula.json().fromPrice).toBe(12.9);
    // A cheaper starter and dessert do not count; a dish of no course does.
    const dessert = await publish(
      board((await place()).id, {
        items: [
          dish('Crème brûlée', 5.5, 'dessert'),
          dish('Soupe', 4, 'entree'),
          dish('Tripoux', 11.9, 'plat'),
        ],
      }),
    );
    expect(dessert.json().fromPrice).toBe(11.9);
    const noCourse = await publish(
      board((await place()).id, { items: [dish('Café gourmand', 6.5, 'autre'), dish('Omelette', 9)] }),
    );
    expect(noCourse.json().fromPrice).toBe(9);
    const none = await publish(
      board((await place()).id, { items: [dish('Crème brûlée', 5.5, 'dessert'), dish('Café', 2, 'autre')] }),
    );
    expect(none.json().fromPrice).toBeNull();
    // Kept by the database whoever writes the dishes: a course changed by hand moves it.
    const id = (dessert.json() as { id: string }).id;
    await t.db.execute(
      sql`update menu_board_items set course = 'plat' where menu_board_id = ${id} and name = 'Soupe'`,
    );
    expect((await findMenuBoardById(t.db, id))!.fromPrice).toBe(4);
    await t.db.execute(sql`delete from menu_board_items where menu_board_id = ${id} and name = 'Soupe'`);
    expect((await findMenuBoardById(t.db, id))!.fromPrice).toBe(11.9);
    // A value written by hand on the board row does not stay.
    await t.db.execute(sql`update menu_boards set from_price_cents = 1 where id = ${id}`);
    expect((await findMenuBoardById(t.db, id))!.fromPrice).toBe(11.9);
  });
});

describe('maxPrice', () => {
  it('keeps the boards whose fromPrice is at most it, with the dish filters too', async () => {
    const ids: Record<string, string> = {};
    const write = async (key: string, fields: object) => {
      ids[key] = ((await publish(board((await place()).id, fields))).json() as { id: string }).id;
    };
    await write('formula12', { formulas: [{ ...midi, price: 12 }], items: [dish('Entrecôte', 24, 'plat')] });
    await write('dish15', { items: [dish('Aligot', 15, 'plat', { diets: ['vegetarian'] })] });
    await write('dish15meat', { items: [dish('Saucisse', 15, 'plat')] });
    await write('dish18', { items: [dish('Pavé', 18, 'plat', { diets: ['vegetarian'] })] });
    await write('dessertOnly', { items: [dish('Fouace', 3, 'dessert', { diets: ['vegetarian'] })] });
    const mine = (found: string[]) => found.filter((id) => Object.values(ids).includes(id));
    const named = (...keys: string[]) => keys.map((k) => ids[k]!).sort();

    expect(mine(await idsAround({ maxPrice: 15 }))).toEqual(named('formula12', 'dish15', 'dish15meat'));
    expect(mine(await idsAround({ maxPrice: 12 }))).toEqual(named('formula12'));
    expect(mine(await idsAround({ maxPrice: 11.99 }))).toEqual([]);
    // Without maxPrice every board, a board with no fromPrice included.
    expect(mine(await idsAround())).toHaveLength(5);
    // Both must hold: a vegetarian dish, and a fromPrice of at most 15 €.
    expect(mine(await idsAround({ maxPrice: 15, diets: ['vegetarian'] }))).toEqual(named('dish15'));
    expect(mine(await idsAround({ maxPrice: 20, diets: ['vegetarian'] }))).toEqual(named('dish15', 'dish18'));
    for (const filters of [{ maxPrice: 15 }, { maxPrice: 15, diets: ['vegetarian' as const] }]) {
      const asked = { ...NO_DISH_FILTERS, ...filters };
      expect(JSON.parse(await surroundingMenuBoardsJson(t.db, box, asked, today))).toEqual(
        await findSurroundingMenuBoards(t.db, box, asked, today),
      );
    }
    for (const [maxPrice, path] of [
      [0, 'maxPrice'],
      [-3, 'maxPrice'],
      ['15', 'maxPrice'],
      [10_001, 'maxPrice'],
      [12.345, 'maxPrice'],
    ] as const) {
      const response = await surrounding({ maxPrice });
      expect(response.statusCode, String(maxPrice)).toBe(400);
      expect(response.json().details[0].path).toBe(path);
    }
  });

  it("is read on the board row given by the index of a day's boards by place", async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain (costs off) ${surroundingMenuBoardsSql(box, { ...NO_DISH_FILTERS, maxPrice: 15 }, today, 1000)}`,
      );
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    // A comparison on the row the index scan gives, before the cap: no look-up of dishes or formules.
    expect(plan, plan).toMatch(
      /Index Scan using menu_boards_day_place_idx on menu_boards mb\n\s+Index Cond: [^\n]+\n\s+Filter: \(from_price_cents <= 1500\)/,
    );
  });
});

describe('a change of formules by the team', () => {
  it('is told in words in the owner’s history and mail', async () => {
    const at = await place('Le Buron');
    const owner = await createOwnerAccount(t, { establishmentId: at.id, firstName: 'Fanny' });
    const id = ((await publish(board(at.id, { formulas: [midi] }), owner.headers)).json() as { id: string })
      .id;
    const changed = await patch(id, {
      formulas: [
        { ...midi, price: 17 },
        { name: 'Express', price: 11, courses: [['plat']], description: null },
      ],
      items: [dish('Salade de lentilles', 7, 'dessert'), dish('Aligot saucisse', 14.5, 'plat')],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/establishment/${at.id}/history`,
        headers: owner.headers,
      })
    ).json() as { action: string; actor: never; changes: { field: string; from: unknown; to: unknown }[] }[];
    const entry = history.find((e) => e.changes[0]?.field === 'menuBoard');
    expect(entry).toBeDefined();
    const reader = { role: 'restaurant-owner', ownerId: owner.id } as const;
    expect(changeText(entry!.changes[0]!, reader, entry!.actor)).toBe(
      `Ardoise du ${boardDayText(today, true)} modifiée : formule « Formule du midi » modifiée (prix : 16,50\u00a0€ → 17\u00a0€) ; formule « Express » ajoutée (plat ; 11\u00a0€) ; « Salade de lentilles » modifié (rubrique : entrée → dessert)`,
    );
    const mail = await smtp.waitFor(owner.email, (m) => /modifié votre ardoise/.test(m.subject));
    expect(mail.text).toContain('– formule « Formule du midi » modifiée (prix : 16,50\u00a0€ → 17\u00a0€)');
    expect(mail.text).toContain('– formule « Express » ajoutée (plat ; 11\u00a0€)');

    // Removing them is told too.
    await patch(id, { formulas: [] });
    const removal = (
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/establishment/${at.id}/history`,
          headers: owner.headers,
        })
      ).json() as {
        actor: never;
        changes: { field: string; from: unknown; to: unknown }[];
      }[]
    ).find((e) => e.changes[0]?.field === 'menuBoard');
    expect(changeText(removal!.changes[0]!, reader, removal!.actor)).toBe(
      `Ardoise du ${boardDayText(today, true)} modifiée : formule « Formule du midi » retirée ; formule « Express » retirée`,
    );
    // And the first one added to a board that has none.
    await patch(id, { formulas: [{ name: 'Express', price: 11, courses: [['plat']] }] });
    const added = (
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/establishment/${at.id}/history`,
          headers: owner.headers,
        })
      ).json() as {
        actor: never;
        changes: { field: string; from: unknown; to: unknown }[];
      }[]
    ).find((e) => e.changes[0]?.field === 'menuBoard');
    expect(changeText(added!.changes[0]!, reader, added!.actor)).toBe(
      `Ardoise du ${boardDayText(today, true)} modifiée : formule « Express » ajoutée (plat ; 11\u00a0€)`,
    );
  });
});

describe('the open data menus file', () => {
  it('gives each dish its course and its board’s formules', async () => {
    const at = await place('Chez Marthe');
    await publish(board(at.id, { formulas: [midi] }));
    const rows = (
      parse((await t.app.inject({ method: 'GET', url: '/api/open-data/menus.csv' })).body, {
        columns: true,
      }) as Record<string, string>[]
    ).filter((r) => r.establishment_id === at.id);
    expect(rows.map((r) => [r.dish, r.course])).toEqual([
      ['Salade de lentilles', 'entree'],
      ['Aligot saucisse', 'plat'],
    ]);
    expect(JSON.parse(rows[0]!.formulas!)).toEqual([midi]);
    expect(rows[1]!.formulas).toBe(rows[0]!.formulas);
  });
});

describe('migration 0019', () => {
  it('reads an older board with no course, no formule, its cheapest dish as fromPrice, its ETag kept', async () => {
    const database = await blankDatabase();
    try {
      await migrateBefore(database, '0019_formulas');
      const db = database.db;
      const category = randomUUID();
      const establishment = randomUUID();
      const board = randomUUID();
      await db.execute(sql`insert into categories (id, slug, name_fr, name_en, search_fr, search_en)
        values (${category}, 'plats', 'Plats', 'Dishes', 'plats', 'dishes')`);
      await db.execute(sql`insert into establishments (id, name, uri, kind, venue_type, latitude, longitude, street,
          postcode, town, claim_code, search_text)
        values (${establishment}, 'Ancien', 'ancien', 'restaurant', 'restaurant', 44.35, 2.55, '1 rue', '12000',
          'Rodez', 'ABCD-1234', 'ancien rodez')`);
      await db.execute(sql`insert into menu_boards (id, establishment_id, title, date)
        values (${board}, ${establishment}, 'Avant', ${today})`);
      await db.execute(sql`insert into menu_board_items (menu_board_id, position, name, price_cents, category_id)
        values (${board}, 0, 'Tarte', 450, ${category}), (${board}, 1, 'Aligot', 1300, ${category})`);
      const version = async () =>
        (
          (await db.execute(sql`select version from menu_boards where id = ${board}`)) as unknown as {
            rows: { version: number }[];
          }
        ).rows[0]!.version;
      const before = await version();
      await migrateDatabase(database);
      expect(await version()).toBe(before);
      const read = await findMenuBoardById(db, board);
      expect(read).toMatchObject({ formulas: [], fromPrice: 4.5 });
      expect(read!.items.map((i) => i.course)).toEqual([null, null]);
      const around = JSON.parse(await surroundingMenuBoardsJson(db, box, NO_DISH_FILTERS, today));
      expect(around).toEqual(await findSurroundingMenuBoards(db, box, NO_DISH_FILTERS, today));
      expect(around).toMatchObject([
        { id: board, formulas: [], fromPrice: 4.5, items: [{ course: null }, {}] },
      ]);
      // The kept answer was made again with the course.
      const kept = (
        (await db.execute(
          sql`select dishes from menu_board_answers where menu_board_id = ${board}`,
        )) as unknown as {
          rows: { dishes: string[] }[];
        }
      ).rows[0]!.dishes;
      expect(JSON.parse(kept[0]!)).toEqual(
        expect.objectContaining({ name: 'Tarte', course: null, matches: true }),
      );
    } finally {
      await database.close();
    }
  });
});
