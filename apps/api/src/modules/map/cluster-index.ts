import Supercluster, { type PointFeature } from 'supercluster';
import { MAP_CLUSTER_MAX_ZOOM, MAP_CLUSTER_RADIUS } from '@tables-voisines/contract/schemas/map';
import type { PointTable } from './point-table';

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
 * next zoom's tree and makes a GeoJSON feature of each child, for every cluster of every answer (most of a
 * query's time where a view holds hundreds of clusters: decision 0010, session 19). A cluster is made at
 * one zoom from at least two entries of the zoom above (`minPoints` 2, and the children are looked for
 * within the same radius that merged them), so it always splits at the zoom above the one it was made at,
 * which supercluster writes into the cluster's id and reads back with `_getOriginZoom`. Checked against
 * `getClusterExpansionZoom` for every cluster of an index at every zoom (map-index.test.ts; once at 200,000
 * establishments too, none different), so an upgrade that changes this fails there.
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
 * feature is made as it is read and dies young: 200,000 made at once were the map's peak of memory at
 * start (`npm run bench:api`, decision 0033's addendum). A `for...of` over this is all `load` needs (tested).
 */
export function featuresOf(
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
