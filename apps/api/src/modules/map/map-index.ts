import { and, asc, eq } from 'drizzle-orm';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import {
  MAP_CLUSTER_MAX_ZOOM,
  MAP_CLUSTER_RADIUS,
  type MapPointsAnswer,
  type MapPointsQuery,
} from '@tables-voisines/contract/schemas/map';
import type { DbOrTx } from '../../db/client';
import { establishments } from '../../db/schema';
import { afterByName, establishmentsFingerprint } from '../establishments/establishments.queries';
import type { DataVersion } from '../../lib/data-version';
import { OneAtATime } from '../../lib/answer-cache';
import { round6 } from './map-feed';

type Kind = 'restaurant' | 'remplisvert';
const KINDS: readonly Kind[] = ['restaurant', 'remplisvert'];

const BATCH = 2000;

/** Seven decimals: about a centimetre, more than the stored coordinates hold. */
const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

/**
 * What the map says of each establishment, in a few flat buffers rather than 200,000 objects and 600,000
 * strings (about 75 bytes a point instead of about 200): point `i` is the id the index gives back.
 */
class PointTable {
  /** UUIDs as their 16 bytes. */
  readonly #ids: Buffer;
  readonly #kinds: Uint8Array;
  /** Each point's name then its uri, UTF-8, one after the other. */
  readonly #text: Buffer;
  /** Where point i's name ends (`2i`) and its uri ends (`2i + 1`) in `#text`. */
  readonly #ends: Uint32Array;

  constructor(ids: Buffer, kinds: Uint8Array, text: Buffer, ends: Uint32Array) {
    this.#ids = ids;
    this.#kinds = kinds;
    this.#text = text;
    this.#ends = ends;
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

  name(i: number): string {
    return this.#text.toString('utf8', i === 0 ? 0 : this.#ends[2 * i - 1], this.#ends[2 * i]);
  }

  uri(i: number): string {
    return this.#text.toString('utf8', this.#ends[2 * i], this.#ends[2 * i + 1]);
  }
}

/** Fills a PointTable batch by batch (the number of rows is not known beforehand). */
class PointTableBuilder {
  readonly #ids: Buffer[] = [];
  readonly #kinds: Uint8Array[] = [];
  readonly #text: Buffer[] = [];
  readonly #ends: Uint32Array[] = [];
  #textLength = 0;
  /** Coordinates, for the index's load only. */
  readonly longitudes: number[] = [];
  readonly latitudes: number[] = [];

  add(
    rows: readonly {
      id: string;
      kind: Kind;
      name: string;
      uri: string;
      latitude: number;
      longitude: number;
    }[],
  ) {
    const ids = Buffer.alloc(16 * rows.length);
    const kinds = new Uint8Array(rows.length);
    const ends = new Uint32Array(2 * rows.length);
    const parts: string[] = [];
    for (const [i, r] of rows.entries()) {
      ids.write(r.id.replaceAll('-', ''), 16 * i, 16, 'hex');
      kinds[i] = KINDS.indexOf(r.kind);
      this.#textLength += Buffer.byteLength(r.name);
      ends[2 * i] = this.#textLength;
      this.#textLength += Buffer.byteLength(r.uri);
      ends[2 * i + 1] = this.#textLength;
      parts.push(r.name, r.uri);
      this.longitudes.push(round6(r.longitude));
      this.latitudes.push(round6(r.latitude));
    }
    this.#ids.push(ids);
    this.#kinds.push(kinds);
    this.#ends.push(ends);
    this.#text.push(Buffer.from(parts.join('')));
  }

  table(): PointTable {
    const kinds = new Uint8Array(this.longitudes.length);
    const ends = new Uint32Array(2 * this.longitudes.length);
    let at = 0;
    for (const [i, part] of this.#kinds.entries()) {
      kinds.set(part, at);
      ends.set(this.#ends[i]!, 2 * at);
      at += part.length;
    }
    return new PointTable(Buffer.concat(this.#ids), kinds, Buffer.concat(this.#text), ends);
  }
}

/** A point's properties: whether it is a restaurant, summed into each cluster (two objects shared by all). */
interface PointProperties {
  restaurants: number;
}
const RESTAURANT: PointProperties = Object.freeze({ restaurants: 1 });
const NOT_RESTAURANT: PointProperties = Object.freeze({ restaurants: 0 });

/**
 * The points as supercluster's `load` reads them: it takes their number, then goes through them twice, in
 * order, and keeps only their coordinates, ids and properties (in typed arrays and two flat arrays). Each
 * feature is made as it is read and dies young: 200,000 made at once were 40 MB of heap, the map's peak at
 * start (`npm run bench:api`, decision 0033's addendum). A `for...of` over this is all `load` needs (tested).
 */
function featuresOf(
  longitudes: readonly number[],
  latitudes: readonly number[],
  table: PointTable,
): PointFeature<PointProperties>[] {
  const features = {
    length: longitudes.length,
    *[Symbol.iterator](): Generator<PointFeature<PointProperties>> {
      for (let i = 0; i < longitudes.length; i += 1) {
        yield {
          type: 'Feature',
          id: i,
          properties: table.kind(i) === 'restaurant' ? RESTAURANT : NOT_RESTAURANT,
          geometry: { type: 'Point', coordinates: [longitudes[i]!, latitudes[i]!] },
        };
      }
    },
  };
  return features as unknown as PointFeature<PointProperties>[];
}

interface Built {
  version: number;
  /** Enabled establishments and their latest change when built: a write elsewhere leaves them equal. */
  fingerprint: string;
  /** A point's feature id is its row in `points`; clusters count their restaurants. */
  index: Supercluster<PointProperties, PointProperties>;
  points: PointTable;
  total: number;
}

/**
 * The map's spatial index: every enabled establishment's id, kind, name, uri and coordinates, clustered per
 * zoom by supercluster (decision 0010). Built on the first read, rebuilt after a write (the data version
 * changed); meanwhile reads are answered from the previous index, so a burst of writes never stalls the map.
 */
export class MapIndex {
  readonly #db: DbOrTx;
  readonly #dataVersion: DataVersion;
  #built: Built | null = null;
  #building: Promise<Built> | null = null;
  readonly #heavy: OneAtATime;

  /** `heavy`: builds wait for the other big productions (the list, the map feed) under way. */
  constructor(db: DbOrTx, dataVersion: DataVersion, heavy: OneAtATime = new OneAtATime()) {
    this.#db = db;
    this.#dataVersion = dataVersion;
    this.#heavy = heavy;
  }

  /** How many builds ran (tests check that a menu board does not rebuild the map). */
  builds = 0;

  #fingerprint(): Promise<string> {
    return establishmentsFingerprint(this.#db);
  }

  /** After a write: rebuild only when the establishments changed (a menu board post leaves the map alone). */
  async #refresh(built: Built | null): Promise<Built> {
    const version = this.#dataVersion.value;
    if (built !== null && (await this.#fingerprint()) === built.fingerprint) return { ...built, version };
    return this.#heavy.run(() => this.#load());
  }

  async #load(): Promise<Built> {
    this.builds += 1;
    const version = this.#dataVersion.value;
    const fingerprint = await this.#fingerprint();
    const table = new PointTableBuilder();
    let last: { searchText: string; id: string } | null = null;
    // Keyset batches: a few megabytes at a time, whatever the number of establishments. In the feed's
    // order and with its coordinates (map-feed.ts): supercluster groups points in the order it is given
    // them, and the browser's map clusters the feed with the same settings (see MAP_CLUSTER_RADIUS).
    for (;;) {
      const rows: {
        id: string;
        searchText: string;
        kind: Kind;
        name: string;
        uri: string;
        latitude: number;
        longitude: number;
      }[] = await this.#db
        .select({
          id: establishments.id,
          searchText: establishments.searchText,
          kind: establishments.kind,
          name: establishments.name,
          uri: establishments.uri,
          latitude: establishments.latitude,
          longitude: establishments.longitude,
        })
        .from(establishments)
        .where(and(eq(establishments.disabled, false), afterByName(last)))
        .orderBy(asc(establishments.searchText), asc(establishments.id))
        .limit(BATCH);
      table.add(rows);
      if (rows.length < BATCH) break;
      const end = rows[rows.length - 1]!;
      last = { searchText: end.searchText, id: end.id };
    }
    const points = table.table();
    const index = new Supercluster<PointProperties, PointProperties>({
      radius: MAP_CLUSTER_RADIUS,
      maxZoom: MAP_CLUSTER_MAX_ZOOM,
      minPoints: 2,
      map: (p) => ({ restaurants: p.restaurants }),
      reduce: (sum, p) => {
        sum.restaurants += p.restaurants;
      },
    });
    index.load(featuresOf(table.longitudes, table.latitudes, points));
    return { version, fingerprint, index, points, total: points.length };
  }

  /** The index of the current data version, or the previous one while the new one is built. */
  async #current(): Promise<Built> {
    const built = this.#built;
    if (built !== null && built.version === this.#dataVersion.value) return built;
    if (this.#building === null) {
      this.#building = this.#refresh(built).then(
        (fresh) => {
          this.#built = fresh;
          this.#building = null;
          return fresh;
        },
        (error: unknown) => {
          this.#building = null;
          throw error;
        },
      );
    }
    return built ?? this.#building;
  }

  /** Points and clusters inside the box at this zoom. */
  async query(query: MapPointsQuery): Promise<MapPointsAnswer> {
    const { index, points, total } = await this.#current();
    const zoom = Math.min(query.zoom, MAP_CLUSTER_MAX_ZOOM + 1);
    const found = index.getClusters([query.west, query.south, query.east, query.north], zoom);
    return {
      zoom: query.zoom,
      total,
      features: found.map((f) => {
        const [longitude, latitude] = f.geometry.coordinates as [number, number];
        const props = f.properties as Partial<ClusterProperties> & PointProperties;
        if (props.cluster === true && props.cluster_id !== undefined && props.point_count !== undefined) {
          return {
            type: 'cluster' as const,
            id: props.cluster_id,
            count: props.point_count,
            restaurants: props.restaurants,
            latitude,
            longitude,
            expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
          };
        }
        const i = f.id as number;
        // Supercluster hands back projected-then-unprojected coordinates: 48.85 comes out as 48.850000000000016.
        return {
          type: 'point' as const,
          id: points.id(i),
          kind: points.kind(i),
          name: points.name(i),
          uri: points.uri(i),
          latitude: round7(latitude),
          longitude: round7(longitude),
        };
      }),
    };
  }

  /** Builds the index now (at start, so the first visitor does not wait). */
  async warm(): Promise<void> {
    await this.#current();
  }
}
