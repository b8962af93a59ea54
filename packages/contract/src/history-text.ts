/**
 * The change history of an establishment in French plain text. The owner's and the team's history pages
 * show it, and the server writes it into the e-mails telling an owner what the team changed on its page:
 * pure functions, no zod, no DOM.
 */
import { boardChangeText } from './history-board-text';
import { itemsText } from './history-dish-text';
import { formulasText } from './history-formula-text';
import { isEmpty, isRecord, valueText } from './history-values';
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
  closedForGood: 'Fermeture définitive',
  claimCode: 'Code de réclamation',
  restaurantOwner: 'Restaurateur',
  menuBoard: 'Ardoise',
  // A menu board's own history.
  title: 'Titre',
  date: 'Jour',
  items: 'Plats',
  formulas: 'Formules',
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
  if (field === 'closedForGood' && typeof value === 'boolean')
    return value ? 'fermé définitivement' : 'ouvert';
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
    case 'formulas':
      return formulasText(change.from, change.to);
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
      to.status === 'resolved'
        ? 'marqué corrigé'
        : to.status === 'dismissed'
          ? 'écarté'
          : to.status === 'open'
            ? 'rouvert'
            : 'modifié';
    return `Signalement ${reason}${outcome}`;
  }
  // A board the team published, changed or deleted, in its establishment's history: a line of its own.
  if (change.field === 'menuBoard') {
    const board = boardChangeText(change.from ?? null, change.to ?? null);
    if (board !== null) return board;
  }
  // The file an import came from: one line beside the fields it set (decision 0083).
  if (change.field === 'import' && typeof change.to === 'string') {
    return `Importé depuis le fichier « ${change.to} »`;
  }
  if (change.field === 'import' && typeof change.from === 'string') {
    return `Import du fichier « ${change.from} » annulé`;
  }
  // A secret: only its renewal is kept, never its value.
  if (change.field === 'claimCode') return 'Code de réclamation renouvelé (l’ancien ne fonctionne plus)';
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
