import { and, asc, eq, gt } from 'drizzle-orm';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import type { MapPointsAnswer, MapPointsQuery } from '@tables-voisines/contract/schemas/map';
import type { DbOrTx } from '../../db/client';
import { establishments } from '../../db/schema';
import { establishmentsFingerprint } from '../establishments/establishments.queries';
import type { DataVersion } from '../../lib/data-version';

interface PointProps {
  id: string;
  kind: 'restaurant' | 'remplisvert';
  name: string;
  uri: string;
}

/** Past this zoom every establishment is drawn on its own. */
export const MAP_CLUSTER_MAX_ZOOM = 15;
const BATCH = 20_000;

/** Seven decimals: about a centimetre, more than the stored coordinates hold. */
const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

interface Built {
  version: number;
  /** Enabled establishments and their latest change when built: a write elsewhere leaves them equal. */
  fingerprint: string;
  index: Supercluster<PointProps>;
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

  constructor(db: DbOrTx, dataVersion: DataVersion) {
    this.#db = db;
    this.#dataVersion = dataVersion;
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
    return this.#load();
  }

  async #load(): Promise<Built> {
    this.builds += 1;
    const version = this.#dataVersion.value;
    const fingerprint = await this.#fingerprint();
    const features: PointFeature<PointProps>[] = [];
    let last: string | null = null;
    // Keyset batches: a few megabytes at a time, whatever the number of establishments.
    for (;;) {
      const rows: {
        id: string;
        kind: PointProps['kind'];
        name: string;
        uri: string;
        latitude: number;
        longitude: number;
      }[] = await this.#db
        .select({
          id: establishments.id,
          kind: establishments.kind,
          name: establishments.name,
          uri: establishments.uri,
          latitude: establishments.latitude,
          longitude: establishments.longitude,
        })
        .from(establishments)
        .where(
          and(eq(establishments.disabled, false), last === null ? undefined : gt(establishments.id, last)),
        )
        .orderBy(asc(establishments.id))
        .limit(BATCH);
      for (const r of rows) {
        features.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [r.longitude, r.latitude] },
          properties: { id: r.id, kind: r.kind, name: r.name, uri: r.uri },
        });
      }
      if (rows.length < BATCH) break;
      last = rows[rows.length - 1]!.id;
    }
    const index = new Supercluster<PointProps>({ radius: 60, maxZoom: MAP_CLUSTER_MAX_ZOOM, minPoints: 2 });
    index.load(features);
    return { version, fingerprint, index, total: features.length };
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
    const { index, total } = await this.#current();
    const zoom = Math.min(query.zoom, MAP_CLUSTER_MAX_ZOOM + 1);
    const found = index.getClusters([query.west, query.south, query.east, query.north], zoom);
    return {
      zoom: query.zoom,
      total,
      features: found.map((f) => {
        const [longitude, latitude] = f.geometry.coordinates as [number, number];
        const props = f.properties as PointProps | ClusterProperties;
        if ('cluster' in props && props.cluster) {
          return {
            type: 'cluster' as const,
            id: props.cluster_id,
            count: props.point_count,
            latitude,
            longitude,
            expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
          };
        }
        const p = props as PointProps;
        // Supercluster hands back projected-then-unprojected coordinates: 48.85 comes out as 48.850000000000016.
        return {
          type: 'point' as const,
          id: p.id,
          kind: p.kind,
          name: p.name,
          uri: p.uri,
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
