import { VENUE_TYPES, type VenueType } from '@tables-voisines/contract/schemas/establishment';
import { KINDS, type Kind } from '@tables-voisines/contract/labels';
import { round6 } from './map-feed';

/**
 * What the map says of each establishment, in a few flat buffers rather than 200,000 objects and 800,000
 * strings (a few times less memory: decision 0026, "Measurements"): point `i` is the id the index gives
 * back.
 */
export class PointTable {
  /** UUIDs as their 16 bytes. */
  readonly #ids: Buffer;
  readonly #kinds: Uint8Array;
  /** Each point's venue type, as its place in VENUE_TYPES. */
  readonly #venueTypes: Uint8Array;
  /** Each point's name then its uri, UTF-8, one after the other. */
  readonly #text: Buffer;
  /** Where point i's name ends (`2i`) and its uri ends (`2i + 1`) in `#text`. */
  readonly #ends: Uint32Array;
  /**
   * Each point's town, as its place in `#towns`: towns repeat (1,880 distinct for 196,000 establishments in
   * `npm run bench:data`, some 35,000 communes in France), so an index per point and each name once instead
   * of a text and its end beside every name (the sizes: decision 0038, "Measurements").
   */
  readonly #townOf: Uint16Array | Uint32Array;
  readonly #towns: readonly string[];
  /**
   * The street of the points whose name and town read the same as another's (`sameNameStreets`), as towns
   * are kept: its place in `#streets` plus one, 0 for every other point. A map by point would do for the demo
   * data's 31, but `npm run bench:data` gives a street to 80,001 of 196,000 points (its names repeat in a
   * town): 80,001 entries and strings on the heap, against an index per point here and each distinct street
   * once (decision 0038, "Measurements").
   */
  readonly #streetOf: Uint16Array | Uint32Array;
  readonly #streets: readonly string[];

  constructor(
    ids: Buffer,
    kinds: Uint8Array,
    venueTypes: Uint8Array,
    text: Buffer,
    ends: Uint32Array,
    townOf: Uint16Array | Uint32Array,
    towns: readonly string[],
    streetOf: Uint16Array | Uint32Array,
    streets: readonly string[],
  ) {
    this.#ids = ids;
    this.#kinds = kinds;
    this.#venueTypes = venueTypes;
    this.#text = text;
    this.#ends = ends;
    this.#townOf = townOf;
    this.#towns = towns;
    this.#streetOf = streetOf;
    this.#streets = streets;
  }

  get length(): number {
    return this.#kinds.length;
  }

  id(i: number): string {
    const hex = this.#ids.toString('hex', 16 * i, 16 * i + 16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  kind(i: number): Kind {
    return KINDS[this.#kinds[i]!]!;
  }

  venueType(i: number): VenueType {
    return VENUE_TYPES[this.#venueTypes[i]!]!;
  }

  name(i: number): string {
    return this.#text.toString('utf8', i === 0 ? 0 : this.#ends[2 * i - 1], this.#ends[2 * i]);
  }

  /** The name's first letter in lower case when it is an ASCII letter (see `initialOf`), else -1. */
  nameInitial(i: number): number {
    const start = i === 0 ? 0 : this.#ends[2 * i - 1]!;
    return start < this.#ends[2 * i]! ? initialOf(this.#text[start]!) : -1;
  }

  uri(i: number): string {
    return this.#text.toString('utf8', this.#ends[2 * i], this.#ends[2 * i + 1]);
  }

  town(i: number): string {
    return this.#towns[this.#townOf[i]!]!;
  }

  /** The street the lists show for point i, only when another point has its name and town. */
  street(i: number): string | undefined {
    const street = this.#streetOf[i]!;
    return street === 0 ? undefined : this.#streets[street - 1];
  }
}

/**
 * A character code's letter in lower case when it is an ASCII letter, else -1. Two names whose first
 * characters are different ASCII letters are in the order of these letters for the French collator, whatever
 * follows: the first letter's weight comes first and the letters' weights are a < b < ... < z, case and
 * accents being lesser differences (tested against `Intl.Collator('fr')`).
 */
export function initialOf(code: number): number {
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x7a ? lower : -1;
}

/** `value`'s place in `values`, added at the end the first time. */
function intern(values: string[], index: Map<string, number>, value: string): number {
  let at = index.get(value);
  if (at === undefined) {
    at = values.length;
    values.push(value);
    index.set(value, at);
  }
  return at;
}

/** What the table keeps of an establishment, as the index reads it from the database. */
export interface PointRow {
  id: string;
  kind: Kind;
  name: string;
  uri: string;
  venueType: VenueType;
  town: string;
  latitude: number;
  longitude: number;
}

/** Fills a PointTable batch by batch (the number of rows is not known beforehand). */
export class PointTableBuilder {
  readonly #ids: Buffer[] = [];
  readonly #kinds: Uint8Array[] = [];
  readonly #venueTypes: Uint8Array[] = [];
  readonly #text: Buffer[] = [];
  readonly #ends: Uint32Array[] = [];
  readonly #townOf: Uint32Array[] = [];
  readonly #towns: string[] = [];
  readonly #townIndex = new Map<string, number>();
  readonly #streetOf: Uint32Array[] = [];
  readonly #streets: string[] = [];
  readonly #streetIndex = new Map<string, number>();
  #textLength = 0;
  /** Coordinates, for the index's load only. */
  readonly longitudes: number[] = [];
  readonly latitudes: number[] = [];

  /** `streets`: those of the points of the same name and town as another, by id (`sameNameStreets`). */
  add(rows: readonly PointRow[], streets: ReadonlyMap<string, string>) {
    const ids = Buffer.alloc(16 * rows.length);
    const kinds = new Uint8Array(rows.length);
    const venueTypes = new Uint8Array(rows.length);
    const ends = new Uint32Array(2 * rows.length);
    const townOf = new Uint32Array(rows.length);
    const streetOf = new Uint32Array(rows.length);
    const parts: string[] = [];
    for (const [i, r] of rows.entries()) {
      ids.write(r.id.replaceAll('-', ''), 16 * i, 16, 'hex');
      kinds[i] = KINDS.indexOf(r.kind);
      venueTypes[i] = VENUE_TYPES.indexOf(r.venueType);
      this.#textLength += Buffer.byteLength(r.name);
      ends[2 * i] = this.#textLength;
      this.#textLength += Buffer.byteLength(r.uri);
      ends[2 * i + 1] = this.#textLength;
      parts.push(r.name, r.uri);
      townOf[i] = intern(this.#towns, this.#townIndex, r.town);
      const street = streets.get(r.id);
      if (street !== undefined) streetOf[i] = intern(this.#streets, this.#streetIndex, street) + 1;
      this.longitudes.push(round6(r.longitude));
      this.latitudes.push(round6(r.latitude));
    }
    this.#ids.push(ids);
    this.#kinds.push(kinds);
    this.#venueTypes.push(venueTypes);
    this.#ends.push(ends);
    this.#townOf.push(townOf);
    this.#streetOf.push(streetOf);
    this.#text.push(Buffer.from(parts.join('')));
  }

  table(): PointTable {
    const kinds = new Uint8Array(this.longitudes.length);
    const venueTypes = new Uint8Array(this.longitudes.length);
    const ends = new Uint32Array(2 * this.longitudes.length);
    const townOf =
      this.#towns.length <= 0x10000
        ? new Uint16Array(this.longitudes.length)
        : new Uint32Array(this.longitudes.length);
    const streetOf =
      this.#streets.length < 0x10000
        ? new Uint16Array(this.longitudes.length)
        : new Uint32Array(this.longitudes.length);
    let at = 0;
    for (const [i, part] of this.#kinds.entries()) {
      kinds.set(part, at);
      venueTypes.set(this.#venueTypes[i]!, at);
      ends.set(this.#ends[i]!, 2 * at);
      townOf.set(this.#townOf[i]!, at);
      streetOf.set(this.#streetOf[i]!, at);
      at += part.length;
    }
    return new PointTable(
      Buffer.concat(this.#ids),
      kinds,
      venueTypes,
      Buffer.concat(this.#text),
      ends,
      townOf,
      this.#towns,
      streetOf,
      this.#streets,
    );
  }
}
