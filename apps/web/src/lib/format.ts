/** French formats for what visitors read: "12,50 €", "samedi 21 novembre". */
import { MONTHS_FR } from '@tables-voisines/contract/closures';
import { once } from '@tables-voisines/contract/once';
import { DAY_NAMES_FR } from '@tables-voisines/contract/opening-hours';

/*
 * The numbers and days a public page shows are written here without `Intl`: the first `Intl` object a page
 * makes loads ICU's data, about 30 ms on this machine and five times that on a low-end phone, inside the
 * hydration of a place's page (issue 55, decision 0091). They read exactly as `Intl`'s fr-FR (the tests
 * compare them): a narrow no-break space between thousands, a decimal comma, ICU's rounding of the number's
 * shortest form. The signed-in areas' dates and times keep `Intl`.
 */

/**
 * `digits` (a decimal without sign or exponent, as `String` writes a number: its shortest form) rounded to
 * `maxFraction` decimals, half away from zero, as ICU rounds that same shortest form (« 0,015 » → « 0,02 »,
 * which `toFixed` makes « 0,01 » from the binary value just under it).
 */
function roundDecimal(digits: string, maxFraction: number): { whole: string; fraction: string } {
  const [whole = '0', fraction = ''] = digits.split('.');
  if (fraction.length <= maxFraction) return { whole, fraction: fraction.padEnd(maxFraction, '0') };
  const kept = `${whole}${fraction.slice(0, maxFraction)}`;
  const roundsUp = fraction.charCodeAt(maxFraction) >= 53; // '5'
  const rounded = roundsUp ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const wholeLength = rounded.length - maxFraction;
  return { whole: rounded.slice(0, wholeLength), fraction: rounded.slice(wholeLength) };
}

/** `value` as fr-FR writes it with `minFraction` to `maxFraction` decimals: « 1 234,5 », « -0,75 ». */
function frenchNumber(value: number, minFraction: number, maxFraction: number): string {
  const shortest = String(Math.abs(value));
  if (!Number.isFinite(value) || shortest.includes('e')) {
    return new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
    }).format(value);
  }
  const rounded = roundDecimal(shortest, maxFraction);
  let fraction = rounded.fraction;
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const whole = rounded.whole.replace(/\B(?=(\d{3})+$)/g, '\u202f');
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `,${fraction}`}`;
}

/** An amount in euros: « 12,50 € », « 1 300,00 € ». */
export function formatEuros(amount: number): string {
  return `${frenchNumber(amount, 2, 2)}\u00a0€`;
}

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

/** `'2025-11-22'` → `'samedi 22 novembre'`; `'2026-07-01'` → `'mercredi 1er juillet'`. */
export function formatFrenchDay(isoDate: string): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = DAY_NAMES_FR[(date.getUTCDay() + 6) % 7]!;
  return `${weekday} ${day === 1 ? '1er' : String(day)} ${MONTHS_FR[month - 1]!}`;
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

/** A count as French writes it: « 2 000 », a narrow no-break space between thousands. */
export function formatCount(count: number): string {
  return frenchNumber(count, 0, 3);
}

/**
 * How far a place is, as a French reader says it: « 350 m » (to 10 m), « 1,2 km » (to 100 m under 10 km),
 * « 12 km »; a no-break space before the unit.
 */
export function formatDistance(meters: number): string {
  if (meters < 995) return `${Math.max(10, Math.round(meters / 10) * 10)}\u00a0m`;
  const km = meters / 1000;
  return `${km < 9.95 ? frenchNumber(Math.round(km * 10) / 10, 0, 1) : Math.round(km)}\u00a0km`;
}
