import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { escapeLike } from '../../lib/sql';
import type { DbOrTx } from '../../db/client';
import { establishments, menuBoardAnswers, menuBoardItems, menuBoards } from '../../db/schema';
import { dishMatchesSql, dishPassesSql, hasDishFilter, hasMatchingDish } from './dish-filters.queries';
import type { Bounds } from '@tables-voisines/contract/geo';
import { dishMatches, type DishFilters } from '@tables-voisines/contract/dishes';
import { closedOnDateSql } from '../establishments/closure-dates';

/**
 * The surrounding search's filters: the dish filters, and `maxPrice` (euros), the most a board's `fromPrice`
 * may be; left out, any price.
 */
export type BoardFilters = DishFilters & { maxPrice?: number | undefined };

/** Euros (at most two decimals, checked by the schema) to integer cents. */
const cents = (euros: number) => Math.round(euros * 100);

/** Whether a board's establishment is closed on the board's day (`closedOnDateSql`, the only rule). */
const boardClosedOnDate = closedOnDateSql(
  { closures: sql`${establishments.closures}`, openingHours: sql`${establishments.openingHours}` },
  sql`${menuBoards.date}`,
);

/** Inside the box, on the expression the GiST index covers. */
function insideBox(box: Bounds) {
  return sql`point(${establishments.longitude}, ${establishments.latitude}) <@ box(point(${box.southWest.longitude}, ${box.southWest.latitude}), point(${box.northEast.longitude}, ${box.northEast.latitude}))`;
}

/**
 * Menu boards in the API's shape (establishment summary, items in order, prices in euros), the ones
 * `where` selects in `orderBy` order: two queries whatever the number of boards.
 */
export async function findMenuBoards(
  db: DbOrTx,
  options: { where: SQL | undefined; orderBy: SQL[]; limit?: number; offset?: number; forUpdate?: boolean },
) {
  const query = db
    .select({
      id: menuBoards.id,
      title: menuBoards.title,
      date: menuBoards.date,
      formulas: menuBoards.formulas,
      fromPriceCents: menuBoards.fromPriceCents,
      version: menuBoards.version,
      createdAt: menuBoards.createdAt,
      hasOwner: sql<boolean>`${establishments.ownerId} is not null`,
      closedOnDate: sql<boolean>`${boardClosedOnDate}`,
      establishment: {
        id: establishments.id,
        uri: establishments.uri,
        name: establishments.name,
        kind: establishments.kind,
        latitude: establishments.latitude,
        longitude: establishments.longitude,
      },
    })
    .from(menuBoards)
    .innerJoin(establishments, eq(establishments.id, menuBoards.establishmentId))
    .where(options.where)
    .orderBy(...options.orderBy)
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  if (options.forUpdate === true) query.for('update', { of: menuBoards });
  const boards = await query;

  const items =
    boards.length === 0
      ? []
      : await db
          .select()
          .from(menuBoardItems)
          .where(
            inArray(
              menuBoardItems.menuBoardId,
              boards.map((b) => b.id),
            ),
          )
          .orderBy(asc(menuBoardItems.menuBoardId), asc(menuBoardItems.position));
  const itemsByBoard = new Map<string, typeof items>();
  for (const item of items) {
    const list = itemsByBoard.get(item.menuBoardId);
    if (list === undefined) itemsByBoard.set(item.menuBoardId, [item]);
    else list.push(item);
  }

  return boards.map((board) => ({
    id: board.id,
    establishment: {
      id: board.establishment.id,
      uri: board.establishment.uri,
      name: board.establishment.name,
      kind: board.establishment.kind,
      location: { latitude: board.establishment.latitude, longitude: board.establishment.longitude },
    },
    title: board.title,
    date: board.date,
    /**
     * Its establishment is closed that day (a closure, or no hours that weekday): the board is not that
     * day's lunch. Read from the establishment's row, which the board's version does not follow: in its
     * `ETag` too.
     */
    closedOnDate: board.closedOnDate,
    /** Not answered (the schema leaves it out): the `ETag`. */
    version: board.version,
    items: (itemsByBoard.get(board.id) ?? []).map((item) => ({
      name: item.name,
      price: item.priceCents / 100,
      category: item.categoryId,
      description: item.description,
      allergens: item.allergens,
      diets: item.diets,
      homemade: item.homemade,
      meatOrigin: item.meatOrigin,
      course: item.course,
    })),
    formulas: board.formulas.map((formula) => ({
      name: formula.name,
      price: formula.priceCents / 100,
      courses: formula.courses,
      description: formula.description,
    })),
    /** Kept by the database (migration 0019), the value `maxPrice` filters on. */
    fromPrice: board.fromPriceCents === null ? null : board.fromPriceCents / 100,
    createdAt: board.createdAt.toISOString(),
    /**
     * Answered to those who may change the board (`BackOfficeMenuBoard`), in its `ETag`: its establishment
     * has an owner, who is told of the team's changes.
     */
    hasOwner: board.hasOwner,
  }));
}

export type MenuBoardAnswer = Awaited<ReturnType<typeof findMenuBoards>>[number];

/** A board of `POST /menuboards/surrounding`: each dish says whether it passes the filters. */
export type SurroundingMenuBoardAnswer = Omit<MenuBoardAnswer, 'version' | 'hasOwner' | 'items'> & {
  items: (MenuBoardAnswer['items'][number] & { matches: boolean })[];
};

/**
 * Today's boards of enabled establishments inside the box having a dish that passes every filter
 * (`dishMatches`), each dish marked with `matches`: the answer assembled in JavaScript, which
 * `surroundingMenuBoardsJson` must equal (surrounding.test.ts). It reads the establishments' own place and
 * hidden state, not the boards' copy of them (migration 0008): the test checks the copy against them.
 */
export async function findSurroundingMenuBoards(
  db: DbOrTx,
  box: Bounds,
  filters: BoardFilters,
  day: string,
): Promise<SurroundingMenuBoardAnswer[]> {
  const boards = await findMenuBoards(db, {
    where: and(
      eq(menuBoards.date, day),
      eq(establishments.disabled, false),
      isNull(establishments.closedForGoodAt),
      insideBox(box),
      hasMatchingDish(filters, 'menu_boards'),
      filters.maxPrice === undefined ? undefined : lte(menuBoards.fromPriceCents, cents(filters.maxPrice)),
    ),
    orderBy: [asc(menuBoards.createdAt), asc(menuBoards.id)],
  });
  return boards.map(({ version: _version, hasOwner: _hasOwner, ...board }) => ({
    ...board,
    items: board.items.map((item) => ({ ...item, matches: dishMatches(item, filters) })),
  }));
}

/** At most this many boards per answer: the map shows a city's worth, not a region's (docs/api.md). */
export const SURROUNDING_LIMIT = 1000;

/**
 * The same answer as `findSurroundingMenuBoards`, made by PostgreSQL as one JSON text: at a million boards,
 * making and parsing thousands of row objects in JavaScript cost more than the query itself. The text is sent
 * as it is; `surrounding.test.ts` checks it equals the answer made in JavaScript.
 *
 * The day's boards of the box are found on the boards' own copy of their establishment's place and hidden
 * state (`menu_boards_day_place_idx`, migration 0008, decision 0058), capped; each is then answered from its
 * part kept ready (`menu_board_answers`, migration 0009, decision 0062), or built as before when it has none.
 */
export async function surroundingMenuBoardsJson(
  db: DbOrTx,
  box: Bounds,
  filters: BoardFilters,
  day: string,
  limit = SURROUNDING_LIMIT,
): Promise<string> {
  const result = await db.execute<{ body: string }>(surroundingMenuBoardsSql(box, filters, day, limit));
  return (result as unknown as { rows: { body: string }[] }).rows[0]?.body ?? '[]';
}

/** A board's `createdAt` as the contract writes it (JSON string, milliseconds, UTC). */
const createdAtSql = sql`to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The board `b`'s formules as JSON text, from its row (`formulas`, prices in cents): `[]` without a look at
 * them for the many boards that have none.
 */
const formulasJsonSql = sql`case when b.formulas = '[]'::jsonb then '[]' else (
    select json_agg(json_build_object('name', f.value->>'name', 'price', (f.value->>'priceCents')::float8 / 100,
      'courses', f.value->'courses', 'description', f.value->>'description') order by f.k)::text
    from jsonb_array_elements(b.formulas) with ordinality as f(value, k)) end`;

/** The board `b`'s `fromPrice` in euros, from its row. */
const fromPriceSql = sql`b.from_price_cents::float8 / 100`;

/**
 * The board `b` as JSON text built from its tables, byte for byte what its kept part makes (`keptBoardSql`):
 * json_build_object writes `"key" : value`, and json_agg separates with `, `.
 */
function builtBoardSql(filters: DishFilters): SQL {
  return sql`(select json_build_object(
      'id', b.id,
      'establishment', json_build_object(
        'id', e.id, 'uri', e.uri, 'name', e.name, 'kind', e.kind,
        'location', json_build_object('latitude', e.latitude, 'longitude', e.longitude)),
      'title', b.title,
      'date', b.date,
      'closedOnDate', c.closed_on_date,
      'items', coalesce((
        select json_agg(json_build_object(
          'name', i.name, 'price', i.price_cents::float8 / 100, 'category', i.category_id,
          'description', i.description, 'allergens', i.allergens, 'diets', i.diets, 'homemade', i.homemade,
          'meatOrigin', i.meat_origin, 'course', i.course, 'matches', ${dishMatchesSql('i', filters)})
          order by i.position)
        from menu_board_items i where i.menu_board_id = b.id), '[]'::json),
      'formulas', (${formulasJsonSql})::json,
      'fromPrice', ${fromPriceSql},
      'createdAt', ${createdAtSql})::text
    from establishments e where e.id = b.establishment_id)`;
}

/**
 * The dishes of the board's kept part `a`, joined as json_agg does: as kept (`"matches" : true` last) with no
 * filter; under filters, the ones that fail end in `"matches" : false` instead, read on each dish's signature
 * and category as the board row keeps them (in the same order).
 */
function keptDishesSql(filters: DishFilters): SQL {
  if (!hasDishFilter(filters)) return sql`array_to_string(a.dishes, ', ')`;
  return sql`coalesce((
    select string_agg(case when ${dishPassesSql(filters, sql`x.signature`, sql`x.category`)} then x.dish
      else left(x.dish, -length('true}')) || 'false}' end, ', ' order by x.k)
    from unnest(a.dishes, b.dish_signatures, b.dish_categories) with ordinality as x(dish, signature, category, k)
  ), '')`;
}

/** The board `b` as JSON text from its kept part `a` and `c.closed_on_date`; null when it has none. */
function keptBoardSql(filters: DishFilters): SQL {
  return sql`'{"id" : ' || to_json(b.id)::text || ', "establishment" : ' || a.establishment
    || ', "title" : ' || to_json(b.title)::text || ', "date" : ' || to_json(b.date)::text
    || ', "closedOnDate" : ' || to_json(c.closed_on_date)::text || ', "items" : [' || ${keptDishesSql(filters)} || '], "formulas" : ' || ${formulasJsonSql}
    || ', "fromPrice" : ' || coalesce(to_json(${fromPriceSql})::text, 'null')
    || ', "createdAt" : ' || to_json(${createdAtSql})::text || '}'`;
}

/**
 * The query of `surroundingMenuBoardsJson` (its plan is tested in boards-by-place.test.ts). Whether each
 * board's establishment is closed on its day (`c.closed_on_date`) is read after the cap, on the
 * establishment's row by its key: at most `limit` look-ups, none for the boards left out. It is not kept
 * with the board's part (`menu_board_answers`): a closure written today must change today's answer.
 * `maxPrice` is, as the dish filters, a comparison on the board row the day-and-place index gives (its
 * `from_price_cents`, kept by the database): no look-up of dishes or formules per board (decision 0089).
 * A hidden place and one closed for good are left out by the board's copy of that state
 * (`establishment_disabled`, migrations 0008 and 0020), in the index's own condition: no look-up either.
 */
export function surroundingMenuBoardsSql(
  box: Bounds,
  filters: BoardFilters,
  day: string,
  limit: number,
): SQL {
  return sql`
    select coalesce('[' || string_agg(coalesce(${keptBoardSql(filters)}, ${builtBoardSql(filters)}), ', '
      order by b.created_at, b.id) || ']', '[]') as body
    from (
      select mb.id, mb.establishment_id, mb.title, mb.date, mb.created_at, mb.dish_signatures, mb.dish_categories,
        mb.formulas, mb.from_price_cents
      from menu_boards mb
      where mb.date = ${day}::date and not mb.establishment_disabled
        and point(mb.establishment_longitude, mb.establishment_latitude) <@ box(point(${box.southWest.longitude}, ${box.southWest.latitude}), point(${box.northEast.longitude}, ${box.northEast.latitude}))
        ${hasDishFilter(filters) ? sql`and ${hasMatchingDish(filters, 'mb')}` : sql``}
        ${filters.maxPrice === undefined ? sql`` : sql`and mb.from_price_cents <= ${cents(filters.maxPrice)}::int`}
      order by mb.created_at, mb.id
      limit ${limit}
    ) b
    cross join lateral (
      select ${closedOnDateSql({ closures: sql`e.closures`, openingHours: sql`e.opening_hours` }, sql`b.date`)} as closed_on_date
      from establishments e where e.id = b.establishment_id
    ) c
    left join menu_board_answers a on a.menu_board_id = b.id`;
}

/**
 * Drops the kept answers (`menu_board_answers`) of boards dated before `keepFrom` (YYYY-MM-DD): the search
 * asks only for today's boards, and builds one that has none as before. Answers how many were dropped.
 */
export async function dropBoardAnswersBefore(db: DbOrTx, keepFrom: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    with dropped as (
      delete from ${menuBoardAnswers} a using ${menuBoards} mb
      where mb.id = a.menu_board_id and mb.date < ${keepFrom}::date
      returning 1)
    select count(*)::int as n from dropped`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * The establishment's menu board for `day` (YYYY-MM-DD, Europe/Paris): there is at most one. `forUpdate`
 * locks it until the transaction ends, for a write that checks its version.
 */
export async function findTodayMenuBoard(
  db: DbOrTx,
  establishmentId: string,
  day: string,
  options: { forUpdate?: boolean } = {},
): Promise<MenuBoardAnswer | null> {
  const [board] = await findMenuBoards(db, {
    where: and(eq(menuBoards.establishmentId, establishmentId), eq(menuBoards.date, day)),
    orderBy: [],
    limit: 1,
    forUpdate: options.forUpdate,
  });
  return board ?? null;
}

/** `findTodayMenuBoard` of each of these establishments, read at once (the static export): by establishment. */
export async function findTodayMenuBoards(
  db: DbOrTx,
  establishmentIds: readonly string[],
  day: string,
): Promise<Map<string, MenuBoardAnswer | null>> {
  const found = new Map<string, MenuBoardAnswer | null>(establishmentIds.map((id) => [id, null]));
  if (establishmentIds.length === 0) return found;
  const boards = await findMenuBoards(db, {
    where: and(inArray(menuBoards.establishmentId, [...establishmentIds]), eq(menuBoards.date, day)),
    orderBy: [desc(menuBoards.createdAt), desc(menuBoards.id)],
  });
  // The first of each establishment in the single read's order.
  for (const board of boards) {
    if (found.get(board.establishment.id) === null) found.set(board.establishment.id, board);
  }
  return found;
}

export async function findMenuBoardById(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<MenuBoardAnswer | null> {
  const [board] = await findMenuBoards(db, {
    where: eq(menuBoards.id, id),
    orderBy: [],
    forUpdate: options.forUpdate,
  });
  return board ?? null;
}

export interface MenuBoardFilter {
  date?: string | undefined;
  establishmentId?: string | undefined;
  /** Part of the establishment's name or town, or of the board's title, ignoring case and accents. */
  q?: string | undefined;
}

function menuBoardsWhere(filter: MenuBoardFilter): SQL | undefined {
  const term = filter.q === undefined ? '' : normalizeForSearch(filter.q);
  return and(
    filter.date === undefined ? undefined : eq(menuBoards.date, filter.date),
    filter.establishmentId === undefined ? undefined : eq(menuBoards.establishmentId, filter.establishmentId),
    term === ''
      ? undefined
      : or(
          sql`${establishments.searchText} like ${`%${escapeLike(term)}%`}`,
          sql`${foldedTitle} like ${`%${escapeLike(term)}%`}`,
        ),
  );
}

/** The title as `normalizeForSearch` would write it, for the letters of French text. */
const foldedTitle = sql`replace(replace(translate(lower(${menuBoards.title}), 'àáâäãåçèéêëìíîïñòóôöõùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'), 'œ', 'oe'), 'æ', 'ae')`;

/** One page of every board (the back office's list), and how many there are in all. */
export async function findMenuBoardsPage(
  db: DbOrTx,
  filter: MenuBoardFilter,
  options: { sort: 'date' | 'createdAt' | 'title'; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ boards: MenuBoardAnswer[]; total: number }> {
  const dir = options.order === 'asc' ? asc : desc;
  const primary = {
    date: [dir(menuBoards.date), dir(menuBoards.createdAt)],
    createdAt: [dir(menuBoards.createdAt)],
    title: [dir(foldedTitle)],
  }[options.sort];
  const where = menuBoardsWhere(filter);
  const [boards, [count]] = await Promise.all([
    findMenuBoards(db, {
      where,
      orderBy: [...primary, asc(menuBoards.id)],
      limit: options.limit,
      offset: options.offset,
    }),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(menuBoards)
      .innerJoin(establishments, eq(establishments.id, menuBoards.establishmentId))
      .where(where),
  ]);
  return { boards, total: count?.n ?? 0 };
}
