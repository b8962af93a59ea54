/** French formats for what visitors read: "12,50 €", "samedi 21 novembre". */
import { MONTHS_FR } from '@tables-voisines/contract/closures';
import { once } from '@tables-voisines/contract/once';

const EUROS = once(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }));

export function formatEuros(amount: number): string {
  return EUROS().format(amount);
}

const DAY_MONTH = once(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'Europe/Paris',
    }),
);

const FIRST_OF_MONTH = new RegExp(`(^|\\s)1(?= (?:${MONTHS_FR.join('|')})(?!\\p{L}))`, 'u');

/**
 * The first of a month as French writes it: `'1 juillet'` → `'1er juillet'`. Only before a month's name: an
 * hour is never one (`'à 1 h 15'` stays as it is).
 */
function firstOfMonth(text: string): string {
  return text.replace(FIRST_OF_MONTH, '$11er');
}

/**
 * The text of an establishment's photo. The name comes first and stands on its own: after « Photo de »
 * French would have to contract or elide it (« Photo de Le Bistrot », « de Au 52 »), and no rule written
 * here gets every name right.
 */
export function establishmentPhotoAlt(name: string): string {
  return `${name} : photo de l’établissement`;
}

/** `'2025-11-22'` → `'samedi 22 novembre'` (a calendar day, read at noon in Paris to avoid any shift). */
export function formatFrenchDay(isoDate: string): string {
  return firstOfMonth(DAY_MONTH().format(new Date(`${isoDate}T12:00:00+01:00`)));
}

const DAY_AND_TIME = once(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Europe/Paris',
    }),
);
const SHORT_DAY_AND_TIME = once(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    }),
);

/** Hours as French typography writes them: `21:22` → `21 h 22`, `9:05` → `9 h 05`. */
function frenchHours(text: string): string {
  return text.replace(/\b0?(\d{1,2}):(\d{2})\b/, '$1 h $2');
}

/** An instant in Paris: `'jeudi 26 novembre 2026 à 21 h 22'`. */
export function formatFrenchDateTime(instant: string | Date): string {
  return firstOfMonth(frenchHours(DAY_AND_TIME().format(new Date(instant))));
}

/** An instant in Paris, short, for tables: `'26/11/2026 9 h 05'`. */
export function formatShortFrenchDateTime(instant: string | Date): string {
  return frenchHours(SHORT_DAY_AND_TIME().format(new Date(instant)));
}

const COUNT = once(() => new Intl.NumberFormat('fr-FR'));

/** A count as French writes it: « 2 000 », a narrow no-break space between thousands. */
export function formatCount(count: number): string {
  return COUNT().format(count);
}

const ONE_DECIMAL = once(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }));

/**
 * How far a place is, as a French reader says it: « 350 m » (to 10 m), « 1,2 km » (to 100 m under 10 km),
 * « 12 km »; a no-break space before the unit.
 */
export function formatDistance(meters: number): string {
  if (meters < 995) return `${Math.max(10, Math.round(meters / 10) * 10)}\u00a0m`;
  const km = meters / 1000;
  return `${km < 9.95 ? ONE_DECIMAL().format(Math.round(km * 10) / 10) : Math.round(km)}\u00a0km`;
}
