import { and, asc, eq } from 'drizzle-orm';
import { around as nearestOf } from 'geokdbush';
import KDBush from 'kdbush';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { circleContainsPoint, distanceKm, EARTH_RADIUS_KM, type LatLng } from '@tables-voisines/contract/geo';
import { VENUE_TYPES, type VenueType } from '@tables-voisines/contract/schemas/establishment';
import {
  MAP_CLUSTER_MAX_ZOOM,
  MAP_CLUSTER_RADIUS,
  type MapAroundQuery,
  type MapListAnswer,
  type MapListEstablishment,
  type MapNearestQuery,
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
 * What the map says of each establishment, in a few flat buffers rather than 200,000 objects and 800,000
 * strings (about 65 bytes a point: names 16 bytes on average, uris 29 in `npm run bench:data`; as objects
 * and strings, more than 200): point `i` is the id the index gives back.
 */
class PointTable {
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
   * `npm run bench:data`, some 35,000 communes in France), so 0.4 MB and a few kilobytes of names instead of
   * 2 MB of text and 0.8 MB of ends beside the names.
   */
  readonly #townOf: Uint16Array | Uint32Array;
  readonly #towns: readonly string[];

  constructor(
    ids: Buffer,
    kinds: Uint8Array,
    venueTypes: Uint8Array,
    text: Buffer,
    ends: Uint32Array,
    townOf: Uint16Array | Uint32Array,
    towns: readonly string[],
  ) {
    this.#ids = ids;
    this.#kinds = kinds;
    this.#venueTypes = venueTypes;
    this.#text = text;
    this.#ends = ends;
    this.#townOf = townOf;
    this.#towns = towns;
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

/** Fills a PointTable batch by batch (the number of rows is not known beforehand). */
class PointTableBuilder {
  readonly #ids: Buffer[] = [];
  readonly #kinds: Uint8Array[] = [];
  readonly #venueTypes: Uint8Array[] = [];
  readonly #text: Buffer[] = [];
  readonly #ends: Uint32Array[] = [];
  readonly #townOf: Uint32Array[] = [];
  readonly #towns: string[] = [];
  readonly #townIndex = new Map<string, number>();
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
      venueType: VenueType;
      town: string;
      latitude: number;
      longitude: number;
    }[],
  ) {
    const ids = Buffer.alloc(16 * rows.length);
    const kinds = new Uint8Array(rows.length);
    const venueTypes = new Uint8Array(rows.length);
    const ends = new Uint32Array(2 * rows.length);
    const townOf = new Uint32Array(rows.length);
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
      let town = this.#townIndex.get(r.town);
      if (town === undefined) {
        town = this.#towns.length;
        this.#towns.push(r.town);
        this.#townIndex.set(r.town, town);
      }
      townOf[i] = town;
      this.longitudes.push(round6(r.longitude));
      this.latitudes.push(round6(r.latitude));
    }
    this.#ids.push(ids);
    this.#kinds.push(kinds);
    this.#venueTypes.push(venueTypes);
    this.#ends.push(ends);
    this.#townOf.push(townOf);
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
    let at = 0;
    for (const [i, part] of this.#kinds.entries()) {
      kinds.set(part, at);
      venueTypes.set(this.#venueTypes[i]!, at);
      ends.set(this.#ends[i]!, 2 * at);
      townOf.set(this.#townOf[i]!, at);
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
    );
  }
}

/**
 * The points' coordinates (the feed's, six decimals) in a kd-tree, for the map's lists: kdbush sorts them
 * into two typed arrays (4 MB at 200,000; Float64, as a Float32 keeps seven digits, not the eight of
 * 48.856614), plus where each point went in them (0.8 MB). Nothing per point on the heap.
 */
export class PointLocations {
  readonly tree: KDBush;
  /** The tree's arrays, typed as what they are. */
  readonly #ids: Uint16Array | Uint32Array;
  readonly #coords: Float64Array;
  /** Point i's coordinates are `tree.coords[2 * slots[i]]` (longitude) and the next one (latitude). */
  readonly #slots: Uint32Array;
  /** The points' extent: the root of the tree's box, so a box holding them all is counted at once. */
  readonly #extent: readonly [number, number, number, number];

  constructor(longitudes: readonly number[], latitudes: readonly number[]) {
    const tree = new KDBush(longitudes.length);
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < longitudes.length; i += 1) {
      const [lng, lat] = [longitudes[i]!, latitudes[i]!];
      tree.add(lng, lat);
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
    tree.finish();
    const slots = new Uint32Array(longitudes.length);
    for (let slot = 0; slot < tree.ids.length; slot += 1) slots[tree.ids[slot]!] = slot;
    this.tree = tree;
    this.#ids = tree.ids;
    this.#coords = tree.coords as Float64Array;
    this.#slots = slots;
    this.#extent = [west, south, east, north];
  }

  longitude(i: number): number {
    return this.#coords[2 * this.#slots[i]!]!;
  }

  latitude(i: number): number {
    return this.#coords[2 * this.#slots[i]! + 1]!;
  }

  location(i: number): LatLng {
    return { latitude: this.latitude(i), longitude: this.longitude(i) };
  }

  /**
   * How many points lie in `[minX, maxX] x [minY, maxY]`, edges included, without listing them: kdbush's
   * `range` walk, but a node whose whole box lies inside is counted by its size (kdbush keeps the left half
   * of a node at or below its middle point on its axis, the right half at or above). A box over France,
   * 200,000 points, visits a few thousand of them instead of giving back an array of 200,000 ids.
   */
  count(minX: number, minY: number, maxX: number, maxY: number): number {
    return this.#walk(minX, minY, maxX, maxY, null);
  }

  /**
   * Calls `visit` with each point in the box (its id and coordinates), in no particular order. Not kdbush's
   * `range`: it also serves supercluster's trees, of Float32Array coordinates, and its reads of either kind
   * were several times slower in the server than alone (10 ms for the 86,000 points in the box around
   * Paris's 200 km, against under 1 ms for 32,000 in a script); with this walk, `around` of that circle went
   * from 33 to 15 ms.
   */
  forEachIn(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    visit: (i: number, longitude: number, latitude: number) => void,
  ): void {
    this.#walk(minX, minY, maxX, maxY, visit);
  }

  #walk(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    visit: ((i: number, longitude: number, latitude: number) => void) | null,
  ): number {
    const ids = this.#ids;
    const coords = this.#coords;
    const nodeSize = this.tree.nodeSize;
    const inside = (x: number, y: number) => x >= minX && x <= maxX && y >= minY && y <= maxY;
    // Each node: left, right, axis, then its box (west, south, east, north).
    const stack: number[] = [0, ids.length - 1, 0, ...this.#extent];
    let found = 0;
    while (stack.length > 0) {
      const y1 = stack.pop()!;
      const x1 = stack.pop()!;
      const y0 = stack.pop()!;
      const x0 = stack.pop()!;
      const axis = stack.pop()!;
      const right = stack.pop()!;
      const left = stack.pop()!;
      if (right < left) continue;
      if (x0 >= minX && x1 <= maxX && y0 >= minY && y1 <= maxY) {
        found += right - left + 1;
        if (visit !== null) {
          for (let k = left; k <= right; k += 1) visit(ids[k]!, coords[2 * k]!, coords[2 * k + 1]!);
        }
        continue;
      }
      if (right - left <= nodeSize) {
        for (let k = left; k <= right; k += 1) {
          const [x, y] = [coords[2 * k]!, coords[2 * k + 1]!];
          if (inside(x, y)) {
            found += 1;
            visit?.(ids[k]!, x, y);
          }
        }
        continue;
      }
      const m = (left + right) >> 1;
      const x = coords[2 * m]!;
      const y = coords[2 * m + 1]!;
      if (inside(x, y)) {
        found += 1;
        visit?.(ids[m]!, x, y);
      }
      if (axis === 0 ? minX <= x : minY <= y) {
        stack.push(left, m - 1, 1 - axis, x0, y0, axis === 0 ? x : x1, axis === 0 ? y1 : y);
      }
      if (axis === 0 ? maxX >= x : maxY >= y) {
        stack.push(m + 1, right, 1 - axis, axis === 0 ? x : x0, axis === 0 ? y0 : y, x1, y1);
      }
    }
    return found;
  }
}

/** A point's properties: whether it is a restaurant, summed into each cluster (two objects shared by all). */
export interface PointProperties {
  restaurants: number;
}
const RESTAURANT: PointProperties = Object.freeze({ restaurants: 1 });
const NOT_RESTAURANT: PointProperties = Object.freeze({ restaurants: 0 });

/** A supercluster index with the web map's settings, each cluster counting its restaurants. */
export function newClusterIndex(): Supercluster<PointProperties, PointProperties> {
  return new Supercluster<PointProperties, PointProperties>({
    radius: MAP_CLUSTER_RADIUS,
    maxZoom: MAP_CLUSTER_MAX_ZOOM,
    minPoints: 2,
    map: (p) => ({ restaurants: p.restaurants }),
    reduce: (sum, p) => {
      sum.restaurants += p.restaurants;
    },
  });
}

/**
 * The zoom at which a cluster splits, as `getClusterExpansionZoom` says, without its work: that walks the
 * next zoom's tree and makes a GeoJSON feature of each child, for every cluster of every answer (more than
 * half of a query's time at zooms 11 to 13, where a view holds hundreds of clusters). A cluster is made at
 * one zoom from at least two entries of the zoom above (`minPoints` 2, and the children are looked for
 * within the same radius that merged them), so it always splits at the zoom above the one it was made at,
 * which supercluster writes into the cluster's id and reads back with `_getOriginZoom`. Checked against
 * `getClusterExpansionZoom` for every cluster of an index at every zoom (map-index.test.ts; 55,821 clusters
 * at 200,000 establishments, none different), so an upgrade that changes this fails there.
 */
export function clusterExpansionZoom(
  index: Supercluster<PointProperties, PointProperties>,
  clusterId: number,
) {
  return (index as unknown as { _getOriginZoom(clusterId: number): number })._getOriginZoom(clusterId);
}

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

/**
 * Slack on geokdbush's distances, in kilometres (a millimetre): it ranks by its own haversine (an Earth of
 * 6,371 km, computed a little differently), the site by `distanceKm` (6,371.0088 km). The two keep the same
 * order but for the last bits of a float, so a search within a distance is widened by this, then the
 * contract's own test or order decides.
 */
const EPSILON_KM = 1e-6;

/**
 * Up to this many points in the box, the list ranks them all (a range of the kd-tree, then a sort: well
 * under a millisecond); beyond, only the nearest that geokdbush finds, however many the box holds.
 */
const RANK_ALL_UP_TO = 1000;

/** One collator for every comparison, as the site's (`localeCompare` with a locale builds one per call). */
const byFrenchName = new Intl.Collator('fr');

/** About a millimetre, in degrees: the box around a circle is made this much wider. */
const EPSILON_DEGREES = 1e-8;

const DEGREES = 180 / Math.PI;

/**
 * A box holding the circle of `radiusKm` around `center` (a spherical cap), a little wider: its latitudes
 * are the centre's give or take the radius's angle; its longitudes the centre's give or take
 * asin(sin(angle) / cos(latitude)), or all of them when the cap holds a pole or comes near one (asin is
 * too steep there to trust its last bits); split in two across the antimeridian. The points in it are then
 * tested by `circleContainsPoint`.
 */
export function boxAround(
  center: LatLng,
  radiusKm: number,
): { south: number; north: number; spans: [number, number][] } {
  const angle = radiusKm / EARTH_RADIUS_KM;
  const south = center.latitude - angle * DEGREES - EPSILON_DEGREES;
  const north = center.latitude + angle * DEGREES + EPSILON_DEGREES;
  const ratio = Math.sin(angle) / Math.cos(center.latitude / DEGREES);
  if (south <= -90 || north >= 90 || !(ratio < 0.99)) {
    return { south: Math.max(south, -90), north: Math.min(north, 90), spans: [[-180, 180]] };
  }
  const half = Math.asin(ratio) * DEGREES + EPSILON_DEGREES;
  const west = center.longitude - half;
  const east = center.longitude + half;
  let spans: [number, number][] = [[west, east]];
  // Across the antimeridian: from west to 180, and from -180 to east.
  if (west < -180) {
    spans = [
      [west + 360, 180],
      [-180, east],
    ];
  } else if (east > 180) {
    spans = [
      [west, 180],
      [-180, east - 360],
    ];
  }
  return { south, north, spans };
}

/** What a list of the map gives of point i. */
function listEntry(points: PointTable, locations: PointLocations, i: number): MapListEstablishment {
  return {
    kind: points.kind(i),
    name: points.name(i),
    uri: points.uri(i),
    venueType: points.venueType(i),
    town: points.town(i),
    latitude: locations.latitude(i),
    longitude: locations.longitude(i),
  };
}

interface Built {
  version: number;
  /** Enabled establishments and their latest change when built: a write elsewhere leaves them equal. */
  fingerprint: string;
  /** A point's feature id is its row in `points`; clusters count their restaurants. */
  index: Supercluster<PointProperties, PointProperties>;
  points: PointTable;
  /** The same points (same ids) in a kd-tree, for the lists (`nearest`, `around`). */
  locations: PointLocations;
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
        venueType: VenueType;
        town: string;
        latitude: number;
        longitude: number;
      }[] = await this.#db
        .select({
          id: establishments.id,
          searchText: establishments.searchText,
          kind: establishments.kind,
          name: establishments.name,
          uri: establishments.uri,
          venueType: establishments.venueType,
          town: establishments.town,
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
    const index = newClusterIndex();
    index.load(featuresOf(table.longitudes, table.latitudes, points));
    const locations = new PointLocations(table.longitudes, table.latitudes);
    return { version, fingerprint, index, points, locations, total: points.length };
  }

  /** The index of the current data version, or the previous one while the new one is built. */
  async #current(): Promise<Built> {
    const built = this.#built;
    if (built !== null && built.version === this.#dataVersion.value) return built;
    if (this.#building === null) {
      const building = this.#refresh(built).then(
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
      this.#building = building;
      // While the previous index answers, nobody waits for the new one: a build that fails (the database
      // gone, or closed as the server stops) is tried again at the next call, not left unhandled.
      if (built !== null) building.catch(() => undefined);
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
            expansionZoom: clusterExpansionZoom(index, props.cluster_id),
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

  /**
   * The establishments inside the box, the nearest to the point first, as the site's list ranks the feed
   * (`pointsInView`): by `distanceKm`, ties in the feed's order (a point's id in the index). A box over
   * France holds all 200,000; the list shows 30: geokdbush finds the nearest 30 without measuring the others,
   * then every point inside the box within the 30th's distance (and a millimetre) is ranked exactly, so
   * near-ties at the edge of the list and places at the same coordinates come out in the site's order.
   */
  async nearest(query: MapNearestQuery): Promise<MapListAnswer> {
    const { points, locations, total } = await this.#current();
    const { west, south, east, north } = query;
    // Across the antimeridian (west > east) the box is two: from west to 180 and from -180 to east.
    const spans: [number, number][] =
      west <= east
        ? [[west, east]]
        : [
            [west, 180],
            [-180, east],
          ];
    const count = spans.reduce((n, [w, e]) => n + locations.count(w, south, e, north), 0);
    const wanted = Math.min(query.limit, count);
    if (wanted === 0) return { total, count, establishments: [] };
    const center = { latitude: query.latitude, longitude: query.longitude };
    const ranked: { i: number; distance: number }[] = [];
    // All of them when the list wants them all anyway (a search of geokdbush would walk the whole tree).
    if (count <= Math.max(RANK_ALL_UP_TO, query.limit)) {
      for (const [w, e] of spans) {
        locations.forEachIn(w, south, e, north, (i, longitude, latitude) => {
          ranked.push({ i, distance: distanceKm(center, { latitude, longitude }) });
        });
      }
    } else {
      const inBox = (i: number) => {
        const latitude = locations.latitude(i);
        if (latitude < south || latitude > north) return false;
        const longitude = locations.longitude(i);
        return west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east;
      };
      const first = nearestOf(locations.tree, center.longitude, center.latitude, wanted, Infinity, inBox);
      let farthest = 0;
      for (const i of first) farthest = Math.max(farthest, distanceKm(center, locations.location(i)));
      const within = nearestOf(
        locations.tree,
        center.longitude,
        center.latitude,
        Infinity,
        farthest + EPSILON_KM,
        inBox,
      );
      for (const i of within) ranked.push({ i, distance: distanceKm(center, locations.location(i)) });
    }
    ranked.sort((a, b) => a.distance - b.distance || a.i - b.i);
    return {
      total,
      count,
      establishments: ranked.slice(0, wanted).map(({ i }) => listEntry(points, locations, i)),
    };
  }

  /**
   * The establishments in the circle (a group's), in the order of their French names, ties in the feed's
   * order, as the site's group banner shows them. A circle of 200 km around Paris holds 80,000 of the
   * 196,000 of `npm run bench:data`: the box around the circle is read from the kd-tree (not geokdbush's
   * search within the radius, which ranks them all by distance through its queue), each is tested by the
   * contract's own rule, and the best `limit` are kept in a sorted array while they are read, rather than
   * all of them sorted: 15 ms a call (p50), against 62 ms with geokdbush and every name read.
   */
  async around(query: MapAroundQuery): Promise<MapListAnswer> {
    const { points, locations, total } = await this.#current();
    const center = { latitude: query.latitude, longitude: query.longitude };
    const { south, north, spans } = boxAround(center, query.radius);
    const order = (a: { i: number; name: string }, b: { i: number; name: string }) =>
      byFrenchName.compare(a.name, b.name) || a.i - b.i;
    const best: { i: number; name: string }[] = [];
    /** The initial of the last name kept, once `limit` are: a name of a later initial cannot be kept. */
    let worstInitial = -1;
    let count = 0;
    const consider = (i: number, longitude: number, latitude: number) => {
      if (!circleContainsPoint(center, query.radius, { latitude, longitude })) return;
      count += 1;
      // Most names are turned away by their first letter alone, neither decoded nor collated: 200 km around
      // Paris (80,000 names), this took 20 ms off the 53 a call with each decoded and compared.
      if (worstInitial >= 0 && points.nameInitial(i) > worstInitial) return;
      const entry = { i, name: points.name(i) };
      if (best.length === query.limit && order(entry, best[best.length - 1]!) >= 0) return;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (order(best[middle]!, entry) < 0) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, entry);
      if (best.length > query.limit) best.pop();
      if (best.length === query.limit) worstInitial = initialOf(best[best.length - 1]!.name.charCodeAt(0));
    };
    for (const [west, east] of spans) locations.forEachIn(west, south, east, north, consider);
    return { total, count, establishments: best.map(({ i }) => listEntry(points, locations, i)) };
  }

  /** Builds the index now (at start, so the first visitor does not wait). */
  async warm(): Promise<void> {
    await this.#current();
  }
}
