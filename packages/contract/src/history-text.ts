/**
 * The change history of an establishment in French plain text. The owner's and the team's history pages
 * show it, and the server writes it into the e-mails telling an owner what the team changed on its page:
 * pure functions, no zod, no DOM.
 */
import {
  ALLERGENS,
  DIETS,
  DIET_LABELS,
  HOMEMADE_LABEL,
  allergensSentence,
  type Allergen,
  type Diet,
} from './dishes';
import { dayNumber, MONTHS_FR, parisDayText } from './closures';
import { KIND_LABELS, VENUE_TYPE_LABELS } from './labels';

import { DAY_NAMES_FR } from './opening-hours';
import { REPORT_REASON_LABELS, type ReportReason } from './reports';

/** The actions of `EstablishmentHistoryEntry`, restated here so that this module needs no schema. */
export type HistoryAction =
  'create' | 'update' | 'delete' | 'link' | 'unlink' | 'share' | 'verify' | 'report';

/** Who made a change, as the history keeps it. */
export interface HistoryActor {
  role: 'admin' | 'restaurant-owner' | 'system';
  id: string | null;
  name: string | null;
}

/** One field of a history entry, with its values before and after. */
export interface HistoryChange {
  field: string;
  from?: unknown;
  to?: unknown;
}

/** Who reads the history: an owner reads its own establishment's, an administrator any. */
export type HistoryReader = { role: 'restaurant-owner'; ownerId: string | null } | { role: 'admin' };

export const ACTION_LABELS: Readonly<Record<HistoryAction, string>> = {
  create: 'Création de la page',
  update: 'Modification',
  delete: 'Suppression',
  link: 'Rattachement à un restaurateur',
  unlink: 'Détachement du restaurateur',
  share: 'Photo partagée sur Facebook',
  verify: 'Informations confirmées à jour',
  report: 'Signalement traité',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Nom',
  uri: 'Adresse de la page',
  kind: 'Type',
  venueType: 'Type d’établissement',
  description: 'Description',
  address: 'Adresse',
  street: 'Rue',
  postcode: 'Code postal',
  town: 'Ville',
  location: 'Position sur la carte',
  phone: 'Téléphone',
  email: 'E-mail',
  website: 'Site web',
  openingHours: 'Horaires',
  closures: 'Fermetures exceptionnelles',
  verifiedAt: 'Informations vérifiées',
  priceRange: 'Gamme de prix',
  categories: 'Catégories',
  photo: 'Photo',
  'photo.url': 'Photo',
  'photo.isFacebookShared': 'Photo partagée sur Facebook',
  facebookPost: 'Publication Facebook',
  disabled: 'Visibilité',
  disabledReason: 'Raison du masquage',
  restaurantOwner: 'Restaurateur',
  menuBoard: 'Ardoise',
  // A menu board's own history.
  title: 'Titre',
  date: 'Jour',
  items: 'Plats',
};

// Vocabulary values are stored as slugs (`hotel-restaurant`): the reader knows them by their label.
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  kind: KIND_LABELS,
  venueType: VENUE_TYPE_LABELS,
};

const CLOSED = 'fermé';
const TIME_PATTERN = /^[0-9]{2}:[0-9]{2}$/;

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short French rendering of a value; `null` when it is too structured to show in a line. */
export function valueText(value: unknown): string | null {
  if (isEmpty(value)) return 'vide';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  return null;
}

/** Ids are compared as the server stores them (lower case), whatever case a client kept. */
const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The owner a change links or unlinks, as the reader may know it: its e-mail address for the team, « vous »
 * or « un autre restaurateur » for an owner (never another owner's address), never a bare database id.
 * A bare id is an account deleted since: the server names the ones that still exist.
 */
function ownerText(value: unknown, reader: HistoryReader): string | null {
  if (isEmpty(value)) return 'aucun';
  const deleted = typeof value === 'string';
  const id =
    typeof value === 'string' ? value : isRecord(value) && typeof value.id === 'string' ? value.id : null;
  if (id === null) return null;
  if (reader.role === 'restaurant-owner') {
    return reader.ownerId !== null && sameId(id, reader.ownerId) ? 'vous' : 'un autre restaurateur';
  }
  if (deleted) return 'un restaurateur supprimé';
  const email = isRecord(value) ? value.email : undefined;
  return typeof email === 'string' && email !== '' ? email : 'un restaurateur';
}

/** An address on one line, as on an envelope: « 12 rue des Lilas, 44000 Nantes ». */
function addressLine(value: Record<string, unknown>): string | null {
  const part = (key: string) => (typeof value[key] === 'string' ? (value[key] as string).trim() : '');
  if (!Object.values(value).every((v) => v === null || typeof v === 'string')) return null;
  const town = [part('postcode'), part('town')].filter((p) => p !== '').join(' ');
  return [part('street'), town].filter((p) => p !== '').join(', ');
}

/** One value of a change in a line: quoted when it is text the owner or the team wrote. */
function changeValue(field: string, value: unknown, reader: HistoryReader): string | null {
  if (field === 'restaurantOwner') return ownerText(value, reader);
  if (field === 'disabled' && typeof value === 'boolean') return value ? 'masquée' : 'visible';
  // A share's post: its id on Facebook, or none when the site has no Facebook settings (dry run).
  if (field === 'facebookPost' && value === 'dry-run') return 'essai, rien publié';
  const label = typeof value === 'string' ? VALUE_LABELS[field]?.[value] : undefined;
  if (label !== undefined) return label;
  const shown = field === 'address' && isRecord(value) ? addressLine(value) : value;
  if (shown === null && !isEmpty(value)) return null;
  const text = valueText(shown);
  if (text === null || text === 'vide' || typeof shown === 'boolean') return text;
  return `« ${text} »`;
}

type Range = { opens: string; closes: string };

/** Each day's ranges, Monday first; `null` when the value is not opening hours (no hours: all closed). */
function hoursByDay(value: unknown): Range[][] | null {
  const days: Range[][] = DAY_NAMES_FR.map(() => []);
  if (value === null || value === undefined) return days;
  if (!Array.isArray(value)) return null;
  for (const entry of value as unknown[]) {
    if (!isRecord(entry)) return null;
    const { day, opens, closes } = entry;
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 7) return null;
    if (typeof opens !== 'string' || !TIME_PATTERN.test(opens)) return null;
    if (typeof closes !== 'string' || !TIME_PATTERN.test(closes)) return null;
    days[day - 1]!.push({ opens, closes });
  }
  return days;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A day's hours: « 12:00–14:30 et 19:00–01:00 » (a range past midnight is its opening day's). */
function dayHoursText(ranges: readonly Range[]): string {
  if (ranges.length === 0) return CLOSED;
  return [...ranges]
    .sort((a, b) => compareText(a.opens, b.opens) || compareText(a.closes, b.closes))
    .map((r) => `${r.opens}–${r.closes}`)
    .join(' et ');
}

/** The days whose hours changed, in week order; `null` when a value is not opening hours. */
function openingHoursText(from: unknown, to: unknown): string | null {
  const before = hoursByDay(from);
  const after = hoursByDay(to);
  if (before === null || after === null) return null;
  const days: string[] = [];
  DAY_NAMES_FR.forEach((day, index) => {
    const was = dayHoursText(before[index]!);
    const is = dayHoursText(after[index]!);
    // Times bring their own colons: the day takes one only before a word, « mardi : fermé → … ».
    if (was !== is) days.push(`${day}${was === CLOSED ? ' : ' : ' '}${was} → ${is}`);
  });
  // The history compares values as JSON: the same ranges listed in another order count as a change.
  return days.length > 0 ? days.join(' ; ') : 'inchangés, seul l’ordre des plages a changé';
}

const isPoint = (value: unknown) =>
  isRecord(value) && typeof value.latitude === 'number' && typeof value.longitude === 'number';

/** Coordinates mean nothing to a reader: only whether the pin was set, moved or removed. */
function locationText(from: unknown, to: unknown): string | null {
  if (!(isEmpty(from) || isPoint(from)) || !(isEmpty(to) || isPoint(to))) return null;
  if (isEmpty(to)) return isEmpty(from) ? null : 'retirée';
  return isEmpty(from) ? 'définie' : 'déplacée';
}

const isPhoto = (value: unknown): value is { url: string; isFacebookShared?: unknown } =>
  isRecord(value) && typeof value.url === 'string';

/** A photo is a stored file's address: what happened to it, not the address. */
function photoText(from: unknown, to: unknown): string | null {
  if (!(isEmpty(from) || isPhoto(from)) || !(isEmpty(to) || isPhoto(to))) return null;
  if (!isPhoto(to)) return isPhoto(from) ? 'retirée' : null;
  if (!isPhoto(from)) return 'ajoutée';
  if (from.url !== to.url) return 'remplacée';
  return to.isFacebookShared === true && from.isFacebookShared !== true ? 'partagée sur Facebook' : null;
}

/** A price in euros as a French menu writes it: « 9,90 € », « 12 € ». */
function euros(value: number): string {
  return `${Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',')}\u00a0€`;
}

/**
 * A dish as a menu board's history keeps it (the board's answer at the time). Entries written before dishes
 * said what is in them have only `name`, `price` and `category`: a field absent is not compared.
 */
interface HistoryDish {
  name: string;
  price?: unknown;
  category?: unknown;
  description?: unknown;
  allergens?: unknown;
  diets?: unknown;
  homemade?: unknown;
  meatOrigin?: unknown;
}

const isDish = (value: unknown): value is HistoryDish => isRecord(value) && typeof value.name === 'string';

/** The dishes of a value, `[]` for none; `null` when it is not a list of dishes. */
function dishesOf(value: unknown): HistoryDish[] | null {
  if (isEmpty(value)) return [];
  return Array.isArray(value) && value.every(isDish) ? value : null;
}

const isCodeList = <T extends string>(value: unknown, codes: readonly T[]): value is T[] =>
  Array.isArray(value) && value.every((v) => (codes as readonly unknown[]).includes(v));

function allergensText(value: unknown): string | null {
  if (value === null) return 'non renseignés';
  if (!isCodeList<Allergen>(value, ALLERGENS)) return null;
  // « Allergènes : lait, œufs » without its first word, which the line already says.
  return value.length === 0 ? 'aucun des 14' : allergensSentence(value).replace(/^[^:]*: /u, '');
}

function dietsText(value: unknown): string | null {
  if (!isCodeList<Diet>(value, DIETS)) return null;
  if (value.length === 0) return 'aucun';
  return DIETS.filter((d) => value.includes(d))
    .map((d) => DIET_LABELS[d].toLocaleLowerCase('fr'))
    .join(', ');
}

/** A dish field's value in words; `null` when it cannot be told. */
function dishFieldText(field: keyof HistoryDish, value: unknown): string | null {
  switch (field) {
    case 'price':
      return typeof value === 'number' ? euros(value) : null;
    case 'allergens':
      return allergensText(value);
    case 'diets':
      return dietsText(value);
    case 'homemade':
      return typeof value === 'boolean' ? (value ? 'oui' : 'non') : null;
    case 'description':
    case 'meatOrigin': {
      const text = valueText(value);
      return text === null || text === 'vide' ? text : `« ${text} »`;
    }
    default:
      return null;
  }
}

const DISH_FIELDS: readonly [keyof HistoryDish, string][] = [
  ['price', 'prix'],
  ['description', 'description'],
  ['allergens', 'allergènes'],
  ['diets', 'régimes'],
  ['homemade', HOMEMADE_LABEL.toLocaleLowerCase('fr')],
  ['meatOrigin', 'origine de la viande'],
];

/** What a new dish says of itself: « 9,90 € ; allergènes : gluten, lait ; végétarien ; fait maison ». */
function addedDishText(dish: HistoryDish): string {
  const parts: string[] = [];
  if (typeof dish.price === 'number') parts.push(euros(dish.price));
  if (typeof dish.description === 'string' && dish.description !== '') {
    parts.push(`« ${valueText(dish.description)} »`);
  }
  if (dish.allergens !== undefined) {
    const allergens = allergensText(dish.allergens);
    if (allergens !== null) parts.push(`allergènes : ${allergens}`);
  }
  const diets = dietsText(dish.diets);
  if (diets !== null && diets !== 'aucun') parts.push(diets);
  if (dish.homemade === true) parts.push(HOMEMADE_LABEL.toLocaleLowerCase('fr'));
  if (typeof dish.meatOrigin === 'string' && dish.meatOrigin !== '') {
    parts.push(`viande : ${valueText(dish.meatOrigin)}`);
  }
  return parts.length === 0 ? '' : ` (${parts.join(' ; ')})`;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What changed in one dish kept from before: « prix : 9,90 € → 10,50 € ; allergènes : non renseignés → lait ». */
function changedDishText(before: HistoryDish, after: HistoryDish): string[] {
  const parts: string[] = [];
  for (const [field, label] of DISH_FIELDS) {
    // An entry from before this field existed does not say it: not a change.
    if (!(field in before) || !(field in after) || sameJson(before[field], after[field])) continue;
    const from = dishFieldText(field, before[field]);
    const to = dishFieldText(field, after[field]);
    parts.push(from === null || to === null ? `${label} modifié` : `${label} : ${from} → ${to}`);
  }
  if ('category' in before && 'category' in after && before.category !== after.category) {
    parts.push('catégorie modifiée');
  }
  return parts;
}

/**
 * A board's dishes, before and after, in words, dishes matched by name: « « Far breton » ajouté (4,50 € ;
 * allergènes : gluten, œufs, lait ; végétarien) ; « Crêpe » retiré ; « Galette » modifié (allergènes : non
 * renseignés → œufs, lait) ». `null` when a value is not a list of dishes.
 */
function itemsText(from: unknown, to: unknown): string | null {
  const before = dishesOf(from);
  const after = dishesOf(to);
  if (before === null || after === null) return null;
  // The first dish of each name is the one compared (a board seldom has two of the same name).
  const first = (dishes: HistoryDish[]) => {
    const found = new Map<string, HistoryDish>();
    for (const dish of dishes) if (!found.has(dish.name)) found.set(dish.name, dish);
    return found;
  };
  const beforeByName = first(before);
  const afterByName = first(after);
  const parts: string[] = [];
  for (const [name, dish] of afterByName) {
    const was = beforeByName.get(name);
    if (was === undefined) {
      parts.push(`« ${name} » ajouté${addedDishText(dish)}`);
    } else {
      const changed = changedDishText(was, dish);
      if (changed.length > 0) parts.push(`« ${name} » modifié (${changed.join(' ; ')})`);
    }
  }
  for (const name of beforeByName.keys()) {
    if (!afterByName.has(name)) parts.push(`« ${name} » retiré`);
  }
  if (parts.length === 0) {
    const names = (dishes: HistoryDish[]) => dishes.map((d) => d.name).join('\n');
    return names(before) !== names(after) ? 'ordre modifié' : null;
  }
  return parts.join(' ; ');
}

const ISO_DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** `YYYY-MM-DD` as its parts: year, month name, day as French writes it (« 1er », « 2 »); `null` otherwise. */
function dateParts(value: unknown): { year: string; month: string; day: string } | null {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (match === null) return null;
  const month = MONTHS_FR[Number(match[2]) - 1];
  const day = Number(match[3]);
  if (month === undefined || day < 1 || day > 31) return null;
  return { year: match[1]!, month, day: dayNumber(day) };
}

/**
 * One closure in words: « du 1er au 15 août 2026 (Congés annuels) », « du 28 juillet au 3 août 2026 », « le
 * 15 août 2026 », « à partir du 3 août 2026, jusqu’à nouvel ordre ». `null` when it is not a closure.
 */
export function closureText(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const from = dateParts(value.from);
  const to = value.to === null || value.to === undefined ? null : dateParts(value.to);
  if (from === null || (to === null && value.to !== null && value.to !== undefined)) return null;
  let text: string;
  if (to === null) {
    text = `à partir du ${from.day} ${from.month} ${from.year}, jusqu’à nouvel ordre`;
  } else if (value.from === value.to) {
    text = `le ${from.day} ${from.month} ${from.year}`;
  } else if (from.year !== to.year) {
    text = `du ${from.day} ${from.month} ${from.year} au ${to.day} ${to.month} ${to.year}`;
  } else if (from.month !== to.month) {
    text = `du ${from.day} ${from.month} au ${to.day} ${to.month} ${to.year}`;
  } else {
    text = `du ${from.day} au ${to.day} ${to.month} ${to.year}`;
  }
  const reason = typeof value.reason === 'string' && value.reason !== '' ? value.reason : null;
  return reason === null ? text : `${text} (${reason})`;
}

/** A list of closures in words, « aucune » for none; `null` when it is not a list of closures. */
function closureListText(value: unknown): string | null {
  if (isEmpty(value)) return 'aucune';
  if (!Array.isArray(value)) return null;
  if (value.length === 0) return 'aucune';
  const texts = value.map(closureText);
  return texts.every((t) => t !== null) ? texts.join(' ; ') : null;
}

/**
 * Closures before and after: the ones added and the ones removed, « du 1er au 15 août 2026 (Congés annuels)
 * ajoutée ; le 2 mai 2026 retirée », or the whole lists when nothing can be matched.
 */
function closuresText(from: unknown, to: unknown): string | null {
  const before = closureListText(from);
  const after = closureListText(to);
  if (before === null || after === null) return null;
  const list = (value: unknown) => (Array.isArray(value) ? value.map((c) => JSON.stringify(c)) : []);
  const was = list(from);
  const is = list(to);
  const added = is.filter((c) => !was.includes(c)).map((c) => `${closureText(JSON.parse(c))} ajoutée`);
  const removed = was.filter((c) => !is.includes(c)).map((c) => `${closureText(JSON.parse(c))} retirée`);
  const parts = [...added, ...removed];
  return parts.length === 0 ? `${before} → ${after}` : parts.join(' ; ');
}

/** When the information was confirmed: « le 3 novembre 2026 » (Paris day). */
function verifiedAtText(to: unknown): string | null {
  if (typeof to !== 'string') return null;
  const text = parisDayText(new Date(to));
  return text === null ? null : `le ${text}`;
}

/** The rest of a line for the fields whose values do not read as values; `null` for the general case. */
function structuredText(change: HistoryChange): string | null {
  switch (change.field) {
    case 'openingHours':
      return openingHoursText(change.from, change.to);
    case 'location':
      return locationText(change.from, change.to);
    case 'photo':
      return photoText(change.from, change.to);
    case 'items':
      return itemsText(change.from, change.to);
    case 'closures':
      return closuresText(change.from, change.to);
    case 'verifiedAt':
      return verifiedAtText(change.to);
    default:
      return null;
  }
}

/**
 * A change in one French line: « Nom : « Chez Léa » → « Chez Léa et Paul » », « Description : vide → « … » »,
 * « Horaires : lundi 12:00–14:30 → 12:00–15:00 ; mardi : fermé → 19:00–23:00 », « Catégories modifiées »,
 * « Restaurateur : marie@exemple.fr → aucun (retiré par l’équipe) »; « Photo : modification » as the last
 * resort when a value is too structured to tell. `actor` is the entry's: the team's removal of an owner
 * says so.
 */
export function changeText(
  change: HistoryChange,
  reader: HistoryReader,
  actor?: HistoryActor | null,
): string {
  // A visitor's report the team handled (`PATCH /api/report/{id}`): its reason travels with its status.
  if (change.field === 'report') {
    const to = isRecord(change.to) ? change.to : { status: change.to };
    const reason =
      typeof to.reason === 'string' && Object.hasOwn(REPORT_REASON_LABELS, to.reason)
        ? `« ${REPORT_REASON_LABELS[to.reason as ReportReason]} » `
        : '';
    const outcome =
      to.status === 'resolved' ? 'marqué corrigé' : to.status === 'dismissed' ? 'écarté' : 'modifié';
    return `Signalement ${reason}${outcome}`;
  }
  const label = fieldLabel(change.field);
  // Only ids are kept: the categories cannot be named, and their count says nothing useful.
  if (change.field === 'categories') return `${label} modifiées`;
  const structured = structuredText(change);
  if (structured !== null) return `${label} : ${structured}`;
  const from = changeValue(change.field, change.from, reader);
  const to = changeValue(change.field, change.to, reader);
  if (from === null || to === null) return `${label} : modification`;
  const line = `${label} : ${from} → ${to}`;
  const removedByTeam =
    change.field === 'restaurantOwner' &&
    !isEmpty(change.from) &&
    isEmpty(change.to) &&
    actor?.role === 'admin';
  return removedByTeam ? `${line} (retiré par l’équipe)` : line;
}

/**
 * Who made a change, as the owner reads it: itself is « vous ». Another owner's name in the history is its
 * e-mail address, which an owner must not learn.
 */
export function actorText(actor: HistoryActor | null, ownerId: string | null): string {
  if (actor === null || actor.role === 'system') return 'modification automatique';
  if (actor.role === 'admin') return actor.name === null ? 'l’équipe' : `l’équipe (${actor.name})`;
  if (actor.id !== null && ownerId !== null && sameId(actor.id, ownerId)) return 'vous';
  return 'un autre restaurateur';
}
