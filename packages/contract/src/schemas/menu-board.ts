import { z } from 'zod';
import { contractRegistry } from '../registry';
import { crossesAntimeridian, isDegenerateBounds } from '../geo';
import {
  clearable,
  intQuery,
  IsoDateSchema,
  IsoDateTimeSchema,
  LatLngBodySchema,
  LatLngSchema,
  PageQuerySchema,
  UuidSchema,
  nameSchema,
  textSchema,
} from './common';
import { KindSchema } from './establishment';
import {
  ALLERGENS,
  DIETS,
  MAX_DISH_DESCRIPTION_LENGTH,
  MAX_MEAT_ORIGIN_LENGTH,
  normalizeAllergens,
  normalizeDiets,
} from '../dishes';
import { addDays } from '../paris-time';
import { COURSES } from '../courses';

export const MAX_PRICE_EUROS = 10_000;

/** Whether a number of euros has at most two decimals, despite binary floating point (`0.29 * 100`). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** A price in euros, stored as cents by the server. */
export const PriceSchema = z
  .number({ error: 'Le prix doit être un nombre (en euros).' })
  .min(0, 'Le prix ne peut être négatif.')
  .max(MAX_PRICE_EUROS, 'Le prix ne peut dépasser 10 000 €.')
  .refine(hasAtMostTwoDecimals, { message: 'Le prix a au plus deux décimales (centimes).' });

/** A dish's name, in characters: the owner's form stops typing there. */
export const MAX_DISH_NAME_LENGTH = 120;

export const AllergenSchema = z.enum(ALLERGENS, {
  error: `Allergène inconnu (valeurs possibles : ${ALLERGENS.join(', ')}).`,
});
export const DietSchema = z.enum(DIETS, {
  error: `Régime inconnu (valeurs possibles : ${DIETS.join(', ')}).`,
});
/** A dish's course (`courses.ts`): « Entrées », « Plats », « Desserts », « Et aussi ». */
export const CourseSchema = z.enum(COURSES, {
  error: `Rubrique inconnue (valeurs possibles : ${COURSES.join(', ')}).`,
});

/**
 * A dish as answered: every field present. `allergens` null means the owner did not say; `[]` means none of
 * the 14.
 */
export const MenuBoardItemSchema = z
  .object({
    name: z.string(),
    price: z.number(),
    category: UuidSchema,
    description: z.string().nullable(),
    allergens: z.array(AllergenSchema).nullable(),
    diets: z.array(DietSchema),
    homemade: z.boolean(),
    meatOrigin: z.string().nullable(),
    /** `null`: the owner did not say (every dish written before courses existed). */
    course: CourseSchema.nullable(),
  })
  .register(contractRegistry, { id: 'MenuBoardItem' });
export type MenuBoardItem = z.infer<typeof MenuBoardItemSchema>;

/** The diets a dish suits, as written on a board or asked of a search: normalized, none by default. */
const dietsSchema = () =>
  z
    .array(DietSchema, { error: 'Une liste de régimes est attendue.' })
    .max(DIETS.length * 2, 'Trop de régimes.')
    .transform(normalizeDiets)
    .default([]);

/**
 * A dish as sent. Only `name`, `price` and `category` are required: a client that knows nothing of the other
 * fields keeps working (not stated, no diet, not fait maison). Lists come back each code once, in order.
 */
export const MenuBoardItemBodySchema = z
  .strictObject({
    name: nameSchema(1, MAX_DISH_NAME_LENGTH),
    price: PriceSchema,
    category: UuidSchema,
    description: clearable(textSchema(1, MAX_DISH_DESCRIPTION_LENGTH)).default(null),
    allergens: z
      .array(AllergenSchema, { error: 'Une liste d’allergènes (ou null : non renseignés) est attendue.' })
      .max(ALLERGENS.length * 2, 'Trop d’allergènes.')
      .transform(normalizeAllergens)
      .nullable()
      .default(null),
    diets: dietsSchema(),
    homemade: z.boolean({ error: 'Un booléen est attendu.' }).default(false),
    meatOrigin: clearable(textSchema(1, MAX_MEAT_ORIGIN_LENGTH)).default(null),
    course: CourseSchema.nullable().default(null),
  })
  .superRefine((item, ctx) => {
    // A vegan dish is vegetarian too (`normalizeDiets`): neither holds meat whose origin could be told.
    if (item.meatOrigin !== null && item.diets.includes('vegetarian')) {
      ctx.addIssue({
        code: 'custom',
        path: ['meatOrigin'],
        message: `Un plat ${item.diets.includes('vegan') ? 'végan' : 'végétarien'} ne contient pas de viande : retirez l’origine de la viande ou ce régime.`,
      });
    }
  });
export type MenuBoardItemBody = z.output<typeof MenuBoardItemBodySchema>;
export type MenuBoardItemInput = z.input<typeof MenuBoardItemBodySchema>;

export const MAX_FORMULAS = 10;
export const MAX_FORMULA_NAME_LENGTH = 80;
export const MAX_FORMULA_DESCRIPTION_LENGTH = 200;
/** A formule offers at most this many combinations, of at most this many courses each. */
export const MAX_FORMULA_COMBINATIONS = 4;

/** A formule as answered: `courses` its combinations (`[["entree","plat"],["plat","dessert"]]`). */
export const MenuBoardFormulaSchema = z
  .object({
    name: z.string(),
    price: z.number(),
    courses: z.array(z.array(CourseSchema)),
    description: z.string().nullable(),
  })
  .register(contractRegistry, { id: 'MenuBoardFormula' });
export type MenuBoardFormula = z.infer<typeof MenuBoardFormulaSchema>;

/** One combination of a formule: 1 to 4 courses, each once (« entrée + plat »). */
const FormulaCombinationSchema = z
  .array(CourseSchema, { error: 'Une liste de rubriques est attendue (par exemple ["entree", "plat"]).' })
  .min(1, 'Une combinaison a au moins une rubrique.')
  .max(COURSES.length, `Une combinaison a au plus ${COURSES.length} rubriques.`)
  .superRefine((courses, ctx) => {
    courses.forEach((course, index) => {
      if (courses.indexOf(course) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: 'Chaque rubrique n’apparaît qu’une fois dans une combinaison.',
        });
      }
    });
  });

/** A formule as sent: a name, a price as a dish's, 1 to 4 combinations, a description or nothing. */
export const MenuBoardFormulaBodySchema = z.strictObject({
  name: nameSchema(1, MAX_FORMULA_NAME_LENGTH),
  price: PriceSchema,
  courses: z
    .array(FormulaCombinationSchema, { error: 'Une liste de combinaisons est attendue.' })
    .min(1, 'Une formule a au moins une combinaison.')
    .max(MAX_FORMULA_COMBINATIONS, `Une formule a au plus ${MAX_FORMULA_COMBINATIONS} combinaisons.`),
  description: clearable(textSchema(1, MAX_FORMULA_DESCRIPTION_LENGTH)).default(null),
});
export type MenuBoardFormulaBody = z.output<typeof MenuBoardFormulaBodySchema>;
export type MenuBoardFormulaInput = z.input<typeof MenuBoardFormulaBodySchema>;

/** A board's formules as sent: left out, they stay as they are; `[]` removes them. */
const FormulasSchema = z
  .array(MenuBoardFormulaBodySchema, { error: 'Une liste de formules est attendue.' })
  .max(MAX_FORMULAS, `Au plus ${MAX_FORMULAS} formules.`);

/** The establishment a menu board belongs to, enough to place it on the map and link to its page. */
export const MenuBoardEstablishmentSchema = z
  .object({ id: UuidSchema, uri: z.string(), name: z.string(), kind: KindSchema, location: LatLngSchema })
  .register(contractRegistry, { id: 'MenuBoardEstablishment' });

/**
 * An establishment's menu of the day; `date` is the day it is for, in Europe/Paris. `closedOnDate`: its
 * establishment is closed that day (a closure covers it, or it has weekly hours and none that weekday; no
 * hours at all is not closed), so the board is not that day's lunch: the page says so, the map leaves it out.
 */
export const MenuBoardSchema = z
  .object({
    id: UuidSchema,
    establishment: MenuBoardEstablishmentSchema,
    title: z.string(),
    date: IsoDateSchema,
    closedOnDate: z.boolean(),
    items: z.array(MenuBoardItemSchema),
    /** The set menus, first on the board; `[]` when it has none. */
    formulas: z.array(MenuBoardFormulaSchema),
    /**
     * The cheapest way to eat there, in euros: the lowest price among its formules and its dishes of course
     * `plat` or of no course; `null` when there is none (only starters and desserts).
     */
    fromPrice: z.number().nullable(),
    createdAt: IsoDateTimeSchema,
  })
  .register(contractRegistry, { id: 'MenuBoard' });
export type MenuBoard = z.infer<typeof MenuBoardSchema>;

/**
 * A board as those who may change it read it (`GET /api/menuboard/{id}`, the back office's list, a change's
 * answer): `hasOwner` says its establishment has an owner, who is told by e-mail of every change the team
 * makes to it (decision 0069).
 */
export const BackOfficeMenuBoardSchema = MenuBoardSchema.extend({ hasOwner: z.boolean() }).register(
  contractRegistry,
  { id: 'BackOfficeMenuBoard' },
);
export type BackOfficeMenuBoard = z.infer<typeof BackOfficeMenuBoardSchema>;

/**
 * `GET /api/establishment/{id}/dishes?q=&limit=`: the dishes this establishment's boards already had, for the
 * owner's form to suggest as it types. `q` keeps those whose name holds it (ignoring case and accents; names
 * starting with it first); without `q`, the most used first.
 */
export const EstablishmentDishesQuerySchema = z.object({
  q: z.string().trim().max(MAX_DISH_NAME_LENGTH, `Au plus ${MAX_DISH_NAME_LENGTH} caractères.`).optional(),
  limit: intQuery(1, 50).default(10),
});
export type EstablishmentDishesQuery = z.output<typeof EstablishmentDishesQuerySchema>;

/** A dish used before, as last written, with how many boards had it and the last day one did. */
export const DishSuggestionSchema = MenuBoardItemSchema.extend({
  uses: z.number().int(),
  lastUsed: IsoDateSchema,
}).register(contractRegistry, { id: 'DishSuggestion' });
export type DishSuggestion = z.infer<typeof DishSuggestionSchema>;

/** `meatOrigins`: the origins of meat this establishment wrote, the latest first (the form offers them). */
export const EstablishmentDishesSchema = z
  .object({ dishes: z.array(DishSuggestionSchema), meatOrigins: z.array(z.string()) })
  .register(contractRegistry, { id: 'EstablishmentDishes' });
export type EstablishmentDishes = z.infer<typeof EstablishmentDishesSchema>;

export const MAX_MENU_BOARD_ITEMS = 50;

const ItemsSchema = z
  .array(MenuBoardItemBodySchema, { error: 'Une liste de plats est attendue.' })
  .min(1, 'Ajoutez au moins un plat.')
  .max(MAX_MENU_BOARD_ITEMS, `Au plus ${MAX_MENU_BOARD_ITEMS} plats.`);

/** A board may be prepared this many days ahead at most (the owner's space offers tomorrow's). */
export const MAX_BOARD_DAYS_AHEAD = 28;

/**
 * What is wrong with a board's day, given `today` (Paris, from the server's clock), in French; `null` when
 * it may be published: from today to `MAX_BOARD_DAYS_AHEAD` days ahead (a board dated 9999-12-31 is a slip).
 */
export function menuBoardDateProblem(date: string, today: string): string | null {
  if (date < today) return 'Une ardoise ne peut être publiée pour un jour passé.';
  if (date > addDays(today, MAX_BOARD_DAYS_AHEAD)) {
    return `Une ardoise se prépare au plus ${MAX_BOARD_DAYS_AHEAD} jours à l’avance.`;
  }
  return null;
}

export const CreateMenuBoardBodySchema = z.strictObject({
  establishment: UuidSchema,
  title: nameSchema(1, 120),
  date: IsoDateSchema,
  items: ItemsSchema,
  /** Left out: a new board has none, a board published again keeps its own. */
  formulas: FormulasSchema.optional(),
});
export type CreateMenuBoardBody = z.output<typeof CreateMenuBoardBodySchema>;

/** A menu board stays with its establishment: only title, date, items and formules change. */
export const PatchMenuBoardBodySchema = z
  .strictObject({
    title: nameSchema(1, 120),
    date: IsoDateSchema,
    items: ItemsSchema,
    formulas: FormulasSchema,
  })
  .partial();
export type PatchMenuBoardBody = z.output<typeof PatchMenuBoardBodySchema>;

/** `GET /api/establishment/{id}/menuboard?date=`: the board of that Paris day, today's by default. */
export const EstablishmentMenuBoardQuerySchema = z.object({ date: IsoDateSchema.optional() });
export type EstablishmentMenuBoardQuery = z.output<typeof EstablishmentMenuBoardQuerySchema>;

export const MENU_BOARD_SORTS = ['date', 'createdAt', 'title'] as const;

/**
 * Every board, for the back office: always one page (`page` default 1, `perPage` default 50, at most 200)
 * and `X-Total-Count`, newest day first by default; `date` and `establishment` filter, `q` searches the
 * establishment's name and town and the board's title ignoring case and accents.
 */
export const ListMenuBoardsQuerySchema = PageQuerySchema.extend({
  page: PageQuerySchema.shape.page.default(1),
  date: IsoDateSchema.optional(),
  establishment: UuidSchema.optional(),
  q: z.string().trim().max(100, 'La recherche ne peut dépasser 100 caractères.').optional(),
  sort: z
    .enum(MENU_BOARD_SORTS, { error: `Tri inconnu (valeurs possibles : ${MENU_BOARD_SORTS.join(', ')}).` })
    .default('date'),
  order: z
    .enum(['asc', 'desc'], { error: 'Ordre inconnu : « asc » ou « desc » est attendu.' })
    .default('desc'),
});
export type ListMenuBoardsQuery = z.output<typeof ListMenuBoardsQuerySchema>;

export const MAX_SURROUNDING_CATEGORIES = 100;

/** A dish of `POST /menuboards/surrounding`: `matches` says whether it passes every filter given. */
export const SurroundingMenuBoardItemSchema = MenuBoardItemSchema.extend({ matches: z.boolean() }).register(
  contractRegistry,
  { id: 'SurroundingMenuBoardItem' },
);
export type SurroundingMenuBoardItem = z.infer<typeof SurroundingMenuBoardItemSchema>;

export const SurroundingMenuBoardSchema = MenuBoardSchema.extend({
  items: z.array(SurroundingMenuBoardItemSchema),
}).register(contractRegistry, { id: 'SurroundingMenuBoard' });
export type SurroundingMenuBoard = z.infer<typeof SurroundingMenuBoardSchema>;

/**
 * Today's menu boards inside the map's box having a dish that passes every filter given (`dishMatches`):
 * its category among `categories` (any when empty), its allergens stated and none of `excludeAllergens`,
 * every diet of `diets`, fait maison when `homemade`; and, with `maxPrice`, whose `fromPrice` is at most it
 * (both must hold). The box must have two distinct corners, its south-west corner south of and west of its
 * north-east corner: a box crossing the antimeridian is refused (no French town needs one at the zoom
 * levels where the map asks).
 */
export const SurroundingMenuBoardsBodySchema = z
  .strictObject({
    categories: z
      .array(UuidSchema, { error: 'Une liste de catégories est attendue.' })
      .max(MAX_SURROUNDING_CATEGORIES, `Au plus ${MAX_SURROUNDING_CATEGORIES} catégories.`)
      .default([]),
    excludeAllergens: z
      .array(AllergenSchema, { error: 'Une liste d’allergènes est attendue.' })
      .max(ALLERGENS.length * 2, 'Trop d’allergènes.')
      .transform(normalizeAllergens)
      .default([]),
    diets: dietsSchema(),
    homemade: z.boolean({ error: 'Un booléen est attendu.' }).default(false),
    /** Only boards whose `fromPrice` is at most this many euros; left out, any price (and none). */
    maxPrice: z
      .number({ error: 'Le prix maximal doit être un nombre (en euros).' })
      .positive('Le prix maximal doit être positif.')
      .max(MAX_PRICE_EUROS, 'Le prix maximal ne peut dépasser 10 000 €.')
      .refine(hasAtMostTwoDecimals, { message: 'Le prix maximal a au plus deux décimales (centimes).' })
      .optional(),
    northEast: LatLngBodySchema,
    southWest: LatLngBodySchema,
  })
  .superRefine((body, ctx) => {
    if (isDegenerateBounds(body)) {
      ctx.addIssue({
        code: 'custom',
        path: ['northEast'],
        message: 'La zone demandée est vide : ses deux coins sont identiques.',
      });
    } else if (body.southWest.latitude > body.northEast.latitude) {
      ctx.addIssue({
        code: 'custom',
        path: ['southWest', 'latitude'],
        message: 'Le coin sud-ouest doit être au sud du coin nord-est.',
      });
    } else if (crossesAntimeridian(body)) {
      ctx.addIssue({
        code: 'custom',
        path: ['southWest', 'longitude'],
        message: 'Le coin sud-ouest doit être à l’ouest du coin nord-est.',
      });
    }
  });
export type SurroundingMenuBoardsBody = z.output<typeof SurroundingMenuBoardsBodySchema>;
