import { and, asc, eq } from 'drizzle-orm';
import { around as nearestOf } from 'geokdbush';
import type Supercluster from 'supercluster';
import type { ClusterProperties } from 'supercluster';
import { circleContainsPoint, distanceKm, EARTH_RADIUS_KM, type LatLng } from '@tables-voisines/contract/geo';
import {
  MAP_CLUSTER_MAX_ZOOM,
  type MapAroundQuery,
  type MapListAnswer,
  type MapListEstablishment,
  type MapNearestQuery,
  type MapPointsAnswer,
  type MapPointsQuery,
} from '@tables-voisines/contract/schemas/map';
import type { DbOrTx } from '../../db/client';
import { establishments } from '../../db/schema';
import {
  afterByName,
  establishmentsFingerprint,
  openForGood,
} from '../establishments/establishments.queries';
import type { DataVersion } from '../../lib/data-version';
import { OneAtATime } from '../../lib/one-at-a-time';
import { clusterExpansionZoom, featuresOf, newClusterIndex, type PointProperties } from './cluster-index';
import { PointLocations } from './point-locations';
import { sameNameStreets } from './same-name';
import { initialOf, type PointRow, type PointTable, PointTableBuilder } from './point-table';

const BATCH = 2000;

/** Seven decimals: about a centimetre, more than the stored coordinates hold. */
const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

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
  const street = points.street(i);
  return {
    kind: points.kind(i),
    name: points.name(i),
    uri: points.uri(i),
    venueType: points.venueType(i),
    town: points.town(i),
    ...(street === undefined ? {} : { street }),
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
    const streets = await sameNameStreets(this.#db);
    let last: { searchText: string; id: string } | null = null;
    // Keyset batches: a few megabytes at a time, whatever the number of establishments. In the feed's
    // order and with its coordinates (map-feed.ts): supercluster groups points in the order it is given
    // them, and the browser's map clusters the feed with the same settings (see MAP_CLUSTER_RADIUS).
    for (;;) {
      const rows: (PointRow & { searchText: string })[] = await this.#db
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
        .where(and(eq(establishments.disabled, false), openForGood, afterByName(last)))
        .orderBy(asc(establishments.searchText), asc(establishments.id))
        .limit(BATCH);
      table.add(rows, streets);
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
   * all of them sorted: several times faster than geokdbush with every name read (decision 0038).
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
      // Most names are turned away by their first letter alone, neither decoded nor collated: decoding and
      // comparing each was much of a large circle's time (decision 0038).
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
