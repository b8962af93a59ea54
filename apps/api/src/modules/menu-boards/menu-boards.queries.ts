import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { escapeLike } from '../../lib/sql';
import type { DbOrTx } from '../../db/client';
import { establishments, menuBoardItems, menuBoards } from '../../db/schema';
import type { Bounds } from '@tables-voisines/contract/geo';
import {
  ALLERGENS,
  DIETS,
  dishMatches,
  type Allergen,
  type Diet,
  type DishFilters,
} from '@tables-voisines/contract/dishes';

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
      version: menuBoards.version,
      createdAt: menuBoards.createdAt,
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
    })),
    createdAt: board.createdAt.toISOString(),
  }));
}

export type MenuBoardAnswer = Awaited<ReturnType<typeof findMenuBoards>>[number];

/** No filter: every dish matches, every board in the box is answered. */
export const NO_DISH_FILTERS: DishFilters = {
  categories: [],
  excludeAllergens: [],
  diets: [],
  homemade: false,
};

const hasDishFilter = (filters: DishFilters) =>
  filters.categories.length > 0 ||
  filters.excludeAllergens.length > 0 ||
  filters.diets.length > 0 ||
  filters.homemade;

const textArray = (codes: readonly string[]) =>
  sql`array[${sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;

/**
 * `dishMatches` in SQL, on the item table under `alias`: category among `categories`, allergens stated and
 * none of `excludeAllergens`, every diet of `diets`, fait maison when asked. `true` when no filter is given.
 */
function dishMatchesSql(alias: string, filters: DishFilters): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const conditions: SQL[] = [];
  if (filters.categories.length > 0) {
    conditions.push(
      sql`${column('category_id')} in (${sql.join(
        filters.categories.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (filters.excludeAllergens.length > 0) {
    // Not stated (null) never passes: `not (null && …)` is null, not true.
    conditions.push(
      sql`${column('allergens')} is not null and not (${column('allergens')} && ${textArray(filters.excludeAllergens)})`,
    );
  }
  if (filters.diets.length > 0) conditions.push(sql`${column('diets')} @> ${textArray(filters.diets)}`);
  if (filters.homemade) conditions.push(sql`${column('homemade')}`);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** The bits of `dish_signature` (migration 0006): allergens stated, each allergen, each diet, fait maison. */
const STATED_BIT = 1;
const allergenBit = (allergen: Allergen) => 1 << (1 + ALLERGENS.indexOf(allergen));
const dietBit = (diet: Diet) => 1 << (1 + ALLERGENS.length + DIETS.indexOf(diet));
const HOMEMADE_BIT = 1 << (1 + ALLERGENS.length + DIETS.length);

/**
 * `dishMatches` without the categories, on one of a board's `dish_signatures`: the bits it must have
 * (allergens stated when some are excluded, each diet, fait maison) and those it must not (the excluded
 * allergens). `null` when no such filter is given.
 */
export function signatureMasks(filters: DishFilters): { required: number; forbidden: number } | null {
  const required =
    (filters.excludeAllergens.length > 0 ? STATED_BIT : 0) |
    filters.diets.reduce((bits, diet) => bits | dietBit(diet), 0) |
    (filters.homemade ? HOMEMADE_BIT : 0);
  const forbidden = filters.excludeAllergens.reduce((bits, allergen) => bits | allergenBit(allergen), 0);
  return required === 0 && forbidden === 0 ? null : { required, forbidden };
}

/**
 * A board having a dish that passes every filter; nothing to add when no filter is given. The allergens,
 * diets and fait maison are read on the board's own row (`dish_signatures`), which the search reads anyway;
 * only a category asks its dishes (by the category index), then for the same dish as the other filters.
 */
function hasMatchingDish(filters: DishFilters, board: string): SQL | undefined {
  const masks = signatureMasks(filters);
  const bySignature =
    masks === null
      ? undefined
      : sql`exists (select 1 from unnest(${sql.raw(board)}.dish_signatures) s where s & ${masks.required}::int = ${masks.required}::int and s & ${masks.forbidden}::int = 0)`;
  const byItems =
    filters.categories.length === 0
      ? undefined
      : sql`exists (select 1 from menu_board_items f where f.menu_board_id = ${sql.raw(board)}.id and ${dishMatchesSql('f', filters)})`;
  return and(bySignature, byItems);
}

/** A board of `POST /menuboards/surrounding`: each dish says whether it passes the filters. */
export type SurroundingMenuBoardAnswer = Omit<MenuBoardAnswer, 'version' | 'items'> & {
  items: (MenuBoardAnswer['items'][number] & { matches: boolean })[];
};

/**
 * Today's boards of enabled establishments inside the box having a dish that passes every filter
 * (`dishMatches`), each dish marked with `matches`: the answer assembled in JavaScript, which
 * `surroundingMenuBoardsJson` must equal (surrounding.test.ts).
 */
export async function findSurroundingMenuBoards(
  db: DbOrTx,
  box: Bounds,
  filters: DishFilters,
  day: string,
): Promise<SurroundingMenuBoardAnswer[]> {
  const boards = await findMenuBoards(db, {
    where: and(
      eq(menuBoards.date, day),
      eq(establishments.disabled, false),
      insideBox(box),
      hasMatchingDish(filters, 'menu_boards'),
    ),
    orderBy: [asc(menuBoards.createdAt), asc(menuBoards.id)],
  });
  return boards.map(({ version: _version, ...board }) => ({
    ...board,
    items: board.items.map((item) => ({ ...item, matches: dishMatches(item, filters) })),
  }));
}

/** At most this many boards per answer: the map shows a city's worth, not a region's (docs/api.md). */
export const SURROUNDING_LIMIT = 1000;

/**
 * The same answer as `findSurroundingMenuBoards`, built by PostgreSQL as one JSON text (json_agg): at a
 * million boards, making and parsing thousands of row objects in JavaScript cost more than the query itself.
 * The text is sent as it is; `surrounding.test.ts` checks it equals the answer made in JavaScript.
 */
export async function surroundingMenuBoardsJson(
  db: DbOrTx,
  box: Bounds,
  filters: DishFilters,
  day: string,
  limit = SURROUNDING_LIMIT,
): Promise<string> {
  const result = await db.execute<{ body: string }>(sql`
    select coalesce(json_agg(json_build_object(
      'id', b.id,
      'establishment', json_build_object(
        'id', b.establishment_id, 'uri', b.uri, 'name', b.name, 'kind', b.kind,
        'location', json_build_object('latitude', b.latitude, 'longitude', b.longitude)),
      'title', b.title,
      'date', b.date,
      'items', coalesce((
        select json_agg(json_build_object(
          'name', i.name, 'price', i.price_cents::float8 / 100, 'category', i.category_id,
          'description', i.description, 'allergens', i.allergens, 'diets', i.diets, 'homemade', i.homemade,
          'meatOrigin', i.meat_origin, 'matches', ${dishMatchesSql('i', filters)}) order by i.position)
        from menu_board_items i where i.menu_board_id = b.id), '[]'::json),
      'createdAt', to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by b.created_at, b.id), '[]'::json)::text as body
    from (
      select mb.id, mb.establishment_id, mb.title, mb.date, mb.created_at,
             e.uri, e.name, e.kind, e.latitude, e.longitude
      from menu_boards mb
      join establishments e on e.id = mb.establishment_id
      where mb.date = ${day}::date and not e.disabled
        and point(e.longitude, e.latitude) <@ box(point(${box.southWest.longitude}, ${box.southWest.latitude}), point(${box.northEast.longitude}, ${box.northEast.latitude}))
        ${hasDishFilter(filters) ? sql`and ${hasMatchingDish(filters, 'mb')}` : sql``}
      order by mb.created_at, mb.id
      limit ${limit}
    ) b`);
  return (result as unknown as { rows: { body: string }[] }).rows[0]?.body ?? '[]';
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
