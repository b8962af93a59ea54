import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Place } from '@tables-voisines/contract/schemas/place';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { apiRoot } from '../../paths';

/**
 * Towns and postcodes, searched in memory (`GET /api/places/search`). The data is `generated/places.json`,
 * made at build time by `scripts/build-places.mjs` (decision 0045); read on the first search, then held as a
 * few typed arrays and two sorted lists of keys, so that a search is two binary searches and a short scan:
 *
 * - every normalized name, and each of its endings that starts a word (« rochelle » for La Rochelle,
 *   « etienne » for Saint-Étienne), sorted: the names starting with the query are one range of that list;
 * - every postcode as a number, sorted: the postcodes starting with « 690 » are the range 69000–69099.
 */

/** The generated file's shape (see `scripts/build-places.mjs`). */
export interface PlacesData {
  departments: Readonly<Record<string, string>>;
  places: readonly (readonly [string, string, string, readonly string[], number, number, number])[];
}

export const PLACES_FILE = path.join(apiRoot, 'generated', 'places.json');

const ARTICLES = new Set(['le', 'la', 'les', 'l']);
const SAINTS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  sts: 'saints',
  stes: 'saintes',
};
/** « 3e », « 3ème », « 1er », « 2nd »: the number alone, so « Lyon 3ème » finds « Lyon 3e arrondissement ». */
const ORDINAL = /^(\d+)(?:e|eme|er|ere|nd|nde)$/;

/** A word that `normalizeToken` changes. */
const TOKEN_TO_CHANGE = /(?:^| )(?:st|ste|sts|stes|\d+(?:e|eme|er|ere|nd|nde))(?: |$)/;

function normalizeToken(token: string): string {
  return SAINTS[token] ?? token.replace(ORDINAL, '$1');
}

const foldedChars = new Map<string, string>();

/** `normalizeForSearch` one character at a time, remembered: 15,000 names are normalized at load. */
function foldChar(c: string): string {
  let folded = foldedChars.get(c);
  if (folded === undefined) {
    folded = normalizeForSearch(c);
    // The names' few hundred characters; not every character a query may send.
    if (foldedChars.size < 1000) foldedChars.set(c, folded);
  }
  return folded;
}

/**
 * The one normalization of names and queries: lower case, no accents (as `normalizeForSearch`), hyphens and
 * apostrophes as spaces, « St »/« Ste » as « saint »/« sainte », ordinals as their number.
 */
export function normalizePlaceName(s: string): string {
  const folded = s
    .replace(/\s/g, ' ')
    .toLowerCase()
    .replace(/[^ -~]/g, foldChar)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  // Most names have no word to change: they are not split.
  return TOKEN_TO_CHANGE.test(folded) ? folded.split(' ').map(normalizeToken).join(' ') : folded;
}

/**
 * The forms of a query to look for: its last word « st » may be « Saint » or the start of « Strasbourg »
 * still being typed; a first word typed without its apostrophe (« lhay », « lisle ») may be « L’Haÿ »,
 * « L’Isle ».
 */
export function queryForms(q: string): string[] {
  const normalized = normalizePlaceName(q);
  if (normalized === '') return [];
  const forms = [normalized];
  const last =
    normalizeForSearch(q)
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .split(' ')
      .at(-1) ?? '';
  if (SAINTS[last] !== undefined) forms.push([...normalized.split(' ').slice(0, -1), last].join(' '));
  if (ELIDED.test(normalized)) forms.push(`${normalized[0]} ${normalized.slice(1)}`);
  return forms;
}

/** A first word that may be « l’ » or « d’ » written without its apostrophe, before a vowel or an h. */
const ELIDED = /^[ld][aeiouyh][a-z]/;

/**
 * How a name matches, best first: the name itself, its start (at a word's end or not), a later word of the
 * name, then the name or its start within one typo. The first two are ranked together by population, the name
 * itself weighing `EXACT_WEIGHT` times its own (« mars » → Marseille, then Mars).
 */
const enum Tier {
  Exact = 0,
  WordStart = 1,
  Start = 2,
  InnerExact = 3,
  InnerStart = 4,
  Typo = 5,
}

/** A name matched whole comes first unless a name that starts with the query has 10 times its population. */
const EXACT_WEIGHT = 10;
/** Shorter queries would find a typo in too many names. */
const TYPO_MIN_LENGTH = 4;

/**
 * The group a tier is ranked in (lower first), population deciding within it. A query ending with a number
 * means that number (« marseille 1 » is the 1st arrondissement, not the 13th, larger).
 */
function group(tier: number, endsWithNumber: boolean): number {
  if (tier <= Tier.WordStart) return 0;
  if (tier === Tier.Start) return endsWithNumber ? 0.5 : 0;
  return tier <= Tier.InnerStart ? 1 : 2;
}

/**
 * Whether `key` (from `start`) begins with something within one edit of `form` (a letter left out, added,
 * changed, or two swapped): « marseile » and « bordaux » start « marseille » and « bordeaux ». Bounded
 * Damerau–Levenshtein on the prefix, two rows kept.
 */
function startsWithinOneEdit(key: string, start: number, form: string, rows: Int32Array[]): boolean {
  const n = form.length;
  const m = Math.min(key.length - start, n + 1);
  if (m < n - 1) return false;
  const [twoBack, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let i = 0; i <= n; i++) previous[i] = i;
  let best = n;
  let previousRowMin = 0;
  let a = twoBack;
  let b = previous;
  let c = current;
  for (let j = 1; j <= m; j++) {
    c[0] = j;
    const kj = key.charCodeAt(start + j - 1);
    let rowMin = j;
    for (let i = 1; i <= n; i++) {
      const fi = form.charCodeAt(i - 1);
      let d = Math.min(b[i]! + 1, c[i - 1]! + 1, b[i - 1]! + (fi === kj ? 0 : 1));
      if (i > 1 && j > 1 && fi === key.charCodeAt(start + j - 2) && form.charCodeAt(i - 2) === kj) {
        d = Math.min(d, a[i - 2]! + 1);
      }
      c[i] = d;
      if (d < rowMin) rowMin = d;
    }
    if (c[n]! < best) best = c[n]!;
    // A swap reads two rows back: only two rows past one edit end the search.
    if (rowMin > 1 && previousRowMin > 1) break;
    previousRowMin = rowMin;
    [a, b, c] = [b, c, a];
  }
  return best <= 1;
}

/** Paris, Lyon and Marseille's municipal arrondissements (their INSEE codes). */
function isArrondissement(code: string): boolean {
  const n = Number(code);
  return (n > 75100 && n <= 75120) || (n > 69380 && n <= 69389) || (n > 13200 && n <= 13216);
}

function lowerBound<T>(sorted: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** `a` from `offsetA` against `b` from `offsetB`, as strings compare, without making either substring. */
function compareFrom(a: string, offsetA: number, b: string, offsetB: number): number {
  const lengthA = a.length - offsetA;
  const lengthB = b.length - offsetB;
  const n = Math.min(lengthA, lengthB);
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(offsetA + i) - b.charCodeAt(offsetB + i);
    if (d !== 0) return d;
  }
  return lengthA - lengthB;
}

export interface PlaceIndex {
  readonly size: number;
  search(q: string, limit: number): Place[];
}

export function createPlaceIndex(data: PlacesData): PlaceIndex {
  const count = data.places.length;
  const departments = { ...data.departments };
  const departmentCodes = Object.keys(departments).sort();
  const codes: string[] = new Array<string>(count);
  const names: string[] = new Array<string>(count);
  /** Each name normalized; the keys searched are these strings from a word's start on. */
  const normalized: string[] = new Array<string>(count);
  const departmentOf = new Uint16Array(count);
  const latitudes = new Float64Array(count);
  const longitudes = new Float64Array(count);
  const populations = new Int32Array(count);
  const arrondissement = new Uint8Array(count);
  const postcodeStart = new Int32Array(count + 1);
  const postcodeValues: number[] = [];
  const keyPlaceList: number[] = [];
  /** Where the key starts in the normalized name, plus 256 for a later word (not the name itself). */
  const keyStartList: number[] = [];

  data.places.forEach(([code, name, department, postcodes, latitude, longitude, population], i) => {
    codes[i] = code;
    names[i] = name;
    departmentOf[i] = lowerBound(departmentCodes, department);
    latitudes[i] = latitude;
    longitudes[i] = longitude;
    populations[i] = population;
    arrondissement[i] = isArrondissement(code) ? 1 : 0;
    postcodeStart[i] = postcodeValues.length;
    for (const postcode of postcodes) postcodeValues.push(Number(postcode));
    const key = normalizePlaceName(name);
    normalized[i] = key;
    keyPlaceList.push(i);
    keyStartList.push(0);
    const firstWord = key.slice(0, key.indexOf(' '));
    for (let at = key.indexOf(' '); at !== -1 && at + 1 < 256; at = key.indexOf(' ', at + 1)) {
      // After an article (« Le Havre » as « havre ») the name is the name; after anything else, a later word.
      const inner = !(at === firstWord.length && ARTICLES.has(firstWord));
      keyPlaceList.push(i);
      keyStartList.push(at + 1 + (inner ? 256 : 0));
    }
  });
  postcodeStart[count] = postcodeValues.length;

  // Sorted as plain strings (made for the sort only): a comparator reading the names in place was much slower
  // (decision 0045, "Measurements").
  const order = keyPlaceList
    .map((place, k) => [normalized[place]!.slice(keyStartList[k]! & 255), k] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))
    .map(([, k]) => k);
  const keyPlaces = Int32Array.from(order, (k) => keyPlaceList[k]!);
  const keyStarts = Uint16Array.from(order, (k) => keyStartList[k]!);

  /** The first key not below `form`. */
  function firstKey(form: string): number {
    let low = 0;
    let high = keyPlaces.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareFrom(normalized[keyPlaces[mid]!]!, keyStarts[mid]! & 255, form, 0) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  // Postcodes: a city whose arrondissements are in the index is found by their postcodes through them.
  const arrondissementPostcodes = new Set<number>();
  for (let i = 0; i < count; i++) {
    if (arrondissement[i] === 1) {
      for (let p = postcodeStart[i]!; p < postcodeStart[i + 1]!; p++)
        arrondissementPostcodes.add(postcodeValues[p]!);
    }
  }
  const postcodePairs: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    for (let p = postcodeStart[i]!; p < postcodeStart[i + 1]!; p++) {
      const value = postcodeValues[p]!;
      if (arrondissement[i] === 0 && arrondissementPostcodes.has(value)) continue;
      postcodePairs.push([value, i]);
    }
  }
  postcodePairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const postcodes = Int32Array.from(postcodePairs, (p) => p[0]);
  const postcodePlaces = Int32Array.from(postcodePairs, (p) => p[1]);
  const placePostcodes = Int32Array.from(postcodeValues);

  /** Records the best tier found per place. */
  function byName(forms: readonly string[], found: Map<number, number>): void {
    for (const form of forms) {
      for (let k = firstKey(form); k < keyPlaces.length; k++) {
        const place = keyPlaces[k]!;
        const key = normalized[place]!;
        const start = keyStarts[k]! & 255;
        if (!key.startsWith(form, start)) break;
        const inner = keyStarts[k]! >= 256;
        const end = start + form.length;
        const tier =
          end === key.length
            ? inner
              ? Tier.InnerExact
              : Tier.Exact
            : inner
              ? Tier.InnerStart
              : key[end] === ' '
                ? Tier.WordStart
                : Tier.Start;
        const best = found.get(place);
        if (best === undefined || tier < best) found.set(place, tier);
      }
    }
  }

  const typoRows = [0, 1, 2].map(() => new Int32Array(64));

  /**
   * Names (or their start after an article) within one typo of the query, for queries no name starts with. Only
   * the names starting with the query's first or second letter are read (a typo is rarely the first letter;
   * the second covers the first two swapped or the first one doubled): a few hundred, not 20,000.
   */
  function byTypo(form: string, found: Map<number, number>): void {
    if (form.length < TYPO_MIN_LENGTH || form.length > 60 || /\d/.test(form)) return;
    for (const letter of new Set([form[0]!, form[1]!])) {
      const end = firstKey(String.fromCharCode(letter.charCodeAt(0) + 1));
      for (let k = firstKey(letter); k < end; k++) {
        if (keyStarts[k]! >= 256) continue;
        const place = keyPlaces[k]!;
        if (found.has(place)) continue;
        if (startsWithinOneEdit(normalized[place]!, keyStarts[k]!, form, typoRows))
          found.set(place, Tier.Typo);
      }
    }
  }

  function byPostcode(digits: string, found: Map<number, number>): void {
    const scale = 10 ** (5 - digits.length);
    const first = Number(digits) * scale;
    const last = first + scale;
    const tier = digits.length === 5 ? Tier.Exact : Tier.Start;
    for (let k = lowerBound(postcodes, first); k < postcodes.length && postcodes[k]! < last; k++) {
      const place = postcodePlaces[k]!;
      const best = found.get(place);
      if (best === undefined || tier < best) found.set(place, tier);
    }
  }

  function toPlace(i: number): Place {
    const department = departmentCodes[departmentOf[i]!]!;
    const own: string[] = [];
    for (let p = postcodeStart[i]!; p < postcodeStart[i + 1]!; p++) {
      own.push(String(placePostcodes[p]).padStart(5, '0'));
    }
    return {
      code: codes[i]!,
      name: names[i]!,
      postcodes: own,
      department: { code: department, name: departments[department]! },
      latitude: latitudes[i]!,
      longitude: longitudes[i]!,
      population: populations[i]!,
    };
  }

  return {
    size: count,
    search(q, limit) {
      const found = new Map<number, number>();
      const digits = q.replace(/\s+/g, '');
      // Arrondissements come after the towns unless the query names one (« lyon 3 », a postcode).
      let deferArrondissements = true;
      let endsWithNumber = false;
      if (/^\d{1,5}$/.test(digits)) {
        byPostcode(digits, found);
        deferArrondissements = false;
      } else {
        const forms = queryForms(q);
        byName(forms, found);
        // Typos only when no name starts with the query: « nice » is not also « Nîmes ».
        const named = [...found.values()].some((tier) => tier <= Tier.Start);
        if (!named && forms[0] !== undefined) byTypo(forms[0], found);
        deferArrondissements = !/\d/.test(forms[0] ?? '');
        endsWithNumber = /\d$/.test(forms[0] ?? '');
      }
      // The best `limit` of what was found: a short list kept sorted (a one-letter query finds thousands).
      const rank = (place: number, tier: number) =>
        group(tier, endsWithNumber) + (deferArrondissements && arrondissement[place] === 1 ? 10 : 0);
      const weight = (place: number, tier: number) =>
        populations[place]! * (tier === Tier.Exact ? EXACT_WEIGHT : 1);
      const better = (a: number, tierA: number, b: number, tierB: number) => {
        const ra = rank(a, tierA);
        const rb = rank(b, tierB);
        if (ra !== rb) return ra < rb;
        const wa = weight(a, tierA);
        const wb = weight(b, tierB);
        if (wa !== wb) return wa > wb;
        // « At least 10 times »: a tie goes to the name that starts with the query.
        if ((tierA === Tier.Exact) !== (tierB === Tier.Exact)) return tierB === Tier.Exact;
        if (tierA !== tierB) return tierA < tierB;
        return codes[a]! < codes[b]!;
      };
      const best: [number, number][] = [];
      for (const [place, tier] of found) {
        if (best.length === limit) {
          const [worst, worstTier] = best[limit - 1]!;
          if (!better(place, tier, worst, worstTier)) continue;
          best.pop();
        }
        let at = best.length;
        while (at > 0 && better(place, tier, best[at - 1]![0], best[at - 1]![1])) at--;
        best.splice(at, 0, [place, tier]);
      }
      return best.map(([place]) => toPlace(place));
    },
  };
}

let loaded: PlaceIndex | undefined;

/** The index of the shipped data, read on first use (an idle server does not hold it). */
export function placeIndex(): PlaceIndex {
  loaded ??= createPlaceIndex(JSON.parse(readFileSync(PLACES_FILE, 'utf8')) as PlacesData);
  return loaded;
}
