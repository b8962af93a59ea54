import type { OwnerSignInResult, RestaurantOwner } from '@tables-voisines/contract/schemas/account';
import type { Category } from '@tables-voisines/contract/schemas/category';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import type { MapFeed, MapFeedEntry } from '@tables-voisines/contract/schemas/map';
import type {
  MenuBoard,
  MenuBoardItem,
  SurroundingMenuBoard,
  SurroundingMenuBoardItem,
} from '@tables-voisines/contract/schemas/menu-board';

/*
 * Contract objects as the API answers them, valid as they are; a test overrides only what it is about. Ids are
 * UUIDs numbered per call, so that two records made in one test never share one.
 */

let sequence = 0;

/** A fresh version-4 UUID, readable in a failure message (`…-000000000007`). */
export function uuid(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

const CREATED_AT = '2026-11-01T08:00:00.000Z';

export function aCategory(overrides: Partial<Category> = {}): Category {
  return { id: uuid(), name: 'Plat du jour', slug: 'plat-du-jour', ...overrides };
}

export function aRestaurantOwner(overrides: Partial<RestaurantOwner> = {}): RestaurantOwner {
  return {
    id: uuid(),
    email: 'lea@la-marmite.fr',
    firstName: 'Léa',
    lastName: 'Martin',
    phone: null,
    confirmed: true,
    establishment: null,
    confirmationCodeSentAt: null,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  };
}

/**
 * A sign-in answer. The short token is no JWT: the session schedules no refresh for a token whose expiry it
 * cannot read, so no timer outlives the test.
 */
export function anOwnerSignIn(overrides: Partial<RestaurantOwner> = {}): OwnerSignInResult {
  return {
    restaurantOwner: aRestaurantOwner(overrides),
    authentication: { token: 'jeton-court', longLifeToken: 'jeton-long' },
  };
}

export function anEstablishment(overrides: Partial<Establishment> = {}): Establishment {
  return {
    id: uuid(),
    uri: 'la-marmite-a-lyon',
    kind: 'restaurant',
    name: 'La Marmite',
    venueType: 'restaurant',
    description: null,
    address: { street: '3 rue Mercière', postcode: '69002', town: 'Lyon' },
    location: { latitude: 45.76, longitude: 4.83 },
    phone: null,
    email: null,
    website: null,
    openingHours: [],
    closures: [],
    verifiedAt: null,
    priceRange: null,
    categories: [],
    photo: null,
    restaurantOwner: null,
    disabled: false,
    disabledAt: null,
    disabledReason: null,
    closedForGood: false,
    previousUris: [],
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  };
}

export function aMenuBoardItem(overrides: Partial<MenuBoardItem> = {}): MenuBoardItem {
  return {
    name: 'Blanquette de veau',
    price: 14.5,
    category: uuid(),
    description: null,
    allergens: null,
    diets: [],
    homemade: false,
    meatOrigin: null,
    course: null,
    ...overrides,
  };
}

/** A board of `establishment` (its id, name, address and place are copied as the API gives them). */
export function aMenuBoard(
  establishment: Establishment = anEstablishment(),
  overrides: Partial<MenuBoard> = {},
): MenuBoard {
  const { id, uri, name, kind, location } = establishment;
  return {
    id: uuid(),
    establishment: { id, uri, name, kind, location },
    title: 'Ardoise du jour',
    date: '2026-11-23',
    closedOnDate: false,
    items: [aMenuBoardItem()],
    formulas: [],
    fromPrice: null,
    createdAt: CREATED_AT,
    ...overrides,
  };
}

export function aSurroundingMenuBoard(
  establishment: Establishment = anEstablishment(),
  items: Partial<SurroundingMenuBoardItem>[] = [{}],
): SurroundingMenuBoard {
  return {
    ...aMenuBoard(establishment),
    items: items.map((item) => ({ ...aMenuBoardItem(), matches: true, ...item })),
  };
}

/**
 * The map feed of these establishments, with their categories; no hours, no closure. `withStreet`: the uris
 * whose street it gives, as the server does for a place of the same name in the same town as another.
 */
export function aMapFeed(
  establishments: readonly Establishment[],
  withStreet: readonly string[] = [],
): MapFeed {
  const categorySets: string[][] = [];
  const setOf = (categories: readonly string[]) => {
    const index = categorySets.findIndex((set) => set.join() === categories.join());
    return index >= 0 ? index : categorySets.push([...categories]) - 1;
  };
  return {
    establishments: establishments.map((e) => {
      const entry: MapFeedEntry = [
        e.kind,
        e.name,
        e.uri,
        e.location.latitude,
        e.location.longitude,
        e.venueType,
        e.address.town,
        0,
        setOf(e.categories),
        0,
      ];
      if (withStreet.includes(e.uri) && e.address.street !== null) entry.push(e.address.street);
      return entry;
    }),
    openingHours: [[]],
    categorySets,
    closures: [[]],
    count: establishments.length,
  };
}
