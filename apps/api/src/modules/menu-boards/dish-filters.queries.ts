import { sql, type SQL } from 'drizzle-orm';
import {
  ALLERGENS,
  DIETS,
  type Allergen,
  type Diet,
  type DishFilters,
} from '@tables-voisines/contract/dishes';

/*
 * The map's dish filters (`excludeAllergens`, `diets`, `homemade`, categories) in SQL, on a board's row and
 * its dishes: the reference is the contract's `dishMatches` (decision 0049).
 */

/** No filter: every dish matches, every board in the box is answered. */
export const NO_DISH_FILTERS: DishFilters = {
  categories: [],
  excludeAllergens: [],
  diets: [],
  homemade: false,
};

export const hasDishFilter = (filters: DishFilters) =>
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
export function dishMatchesSql(alias: string, filters: DishFilters): SQL {
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

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/**
 * `dishMatches` on one dish's `signature` and `category` as a board row keeps them (`dish_signatures`,
 * `dish_categories`, in the dishes' order): `true` when no filter is given.
 */
export function dishPassesSql(filters: DishFilters, signature: SQL, category: SQL): SQL {
  const masks = signatureMasks(filters);
  const conditions: SQL[] = [];
  if (filters.categories.length > 0)
    conditions.push(sql`${category} = any(${uuidArray(filters.categories)})`);
  if (masks !== null) {
    conditions.push(
      sql`${signature} & ${masks.required}::int = ${masks.required}::int and ${signature} & ${masks.forbidden}::int = 0`,
    );
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/**
 * A board having a dish that passes every filter; nothing to add when no filter is given. Read on the board's
 * own row, which the search reads anyway: a category by the overlap of its `dish_categories`; the allergens,
 * diets and fait maison first on `dish_signatures_union`, every bit any of its dishes has (migration 0010),
 * which sets aside the boards none of whose dishes has a required bit and decides alone a filter asking one
 * bit and forbidding none; otherwise dish by dish (`someDishPasses`), on the same dish as the category when
 * both are asked (decision 0063).
 */
export function hasMatchingDish(filters: DishFilters, board: string): SQL | undefined {
  if (!hasDishFilter(filters)) return undefined;
  const row = sql.raw(board);
  const byCategory =
    filters.categories.length === 0
      ? undefined
      : sql`${row}.dish_categories && ${uuidArray(filters.categories)}`;
  const masks = signatureMasks(filters);
  if (masks === null) return byCategory;
  const conditions: SQL[] = [];
  if (byCategory !== undefined) conditions.push(byCategory);
  if (masks.required !== 0) {
    conditions.push(sql`${row}.dish_signatures_union & ${masks.required}::int = ${masks.required}::int`);
  }
  const decidedByUnion = byCategory === undefined && masks.forbidden === 0 && isSingleBit(masks.required);
  if (!decidedByUnion) conditions.push(someDishPasses(filters, board));
  return sql.join(conditions, sql` and `);
}

const isSingleBit = (bits: number) => bits !== 0 && (bits & (bits - 1)) === 0;

/** Boards of at most this many dishes (nearly all) are checked dish by dish in one expression. */
const UNROLLED_DISHES = 8;

/**
 * Some dish of the board row `board` passing every filter, on its signature and its category. A board of at
 * most `UNROLLED_DISHES` dishes is read by position (`s[1]`, `s[2]`…, null past the end): about a third of the
 * cost of unnesting its arrays, which a longer board still takes (decision 0063).
 */
function someDishPasses(filters: DishFilters, board: string): SQL {
  const row = sql.raw(board);
  const at = (k: number) =>
    dishPassesSql(
      filters,
      sql.raw(`${board}.dish_signatures[${k}]`),
      sql.raw(`${board}.dish_categories[${k}]`),
    );
  const positions = Array.from({ length: UNROLLED_DISHES }, (_, i) => sql`(${at(i + 1)})`);
  const dishes =
    filters.categories.length === 0
      ? sql`unnest(${row}.dish_signatures) as d(signature)`
      : sql`unnest(${row}.dish_signatures, ${row}.dish_categories) as d(signature, category)`;
  const passes = dishPassesSql(filters, sql`d.signature`, sql`d.category`);
  return sql`case when cardinality(${row}.dish_signatures) <= ${sql.raw(String(UNROLLED_DISHES))}
    then coalesce(${sql.join(positions, sql` or `)}, false)
    else exists (select 1 from ${dishes} where ${passes}) end`;
}
