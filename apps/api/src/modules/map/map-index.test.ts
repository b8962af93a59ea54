import type { PointFeature } from 'supercluster';
import { describe, expect, it } from 'vitest';
import { MAP_CLUSTER_MAX_ZOOM } from '@tables-voisines/contract/schemas/map';
import { createRandom } from '../../db/seed/demo-data';
import { clusterExpansionZoom, newClusterIndex, type PointProperties } from './cluster-index';

describe('clusterExpansionZoom', () => {
  it('says what getClusterExpansionZoom says, for every cluster at every zoom', () => {
    const random = createRandom('cluster-expansion-zoom');
    // Dense towns, sparse countryside, and places at the very same coordinates.
    const towns = [
      [48.8566, 2.3522, 0.08],
      [45.764, 4.8357, 0.05],
      [43.2965, 5.3698, 0.05],
      [47.2184, -1.5536, 0.03],
    ] as const;
    const features: PointFeature<PointProperties>[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const [latitude, longitude] =
        i % 5 === 4
          ? [42.5 + random() * 8.5, -4.5 + random() * 12.5]
          : i % 50 === 3
            ? [48.85, 2.35]
            : ((town) => [
                town[0] + (random() - 0.5) * town[2] * random(),
                town[1] + (random() - 0.5) * town[2] * 1.5 * random(),
              ])(towns[i % towns.length]!);
      features.push({
        type: 'Feature',
        id: i,
        properties: { restaurants: i % 3 === 0 ? 0 : 1 },
        geometry: { type: 'Point', coordinates: [longitude, latitude] },
      });
    }
    const index = newClusterIndex();
    index.load(features);
    let clusters = 0;
    for (let zoom = 0; zoom <= MAP_CLUSTER_MAX_ZOOM; zoom += 1) {
      for (const feature of index.getClusters([-180, -85, 180, 85], zoom)) {
        if (!('cluster' in feature.properties)) continue;
        const id = feature.properties.cluster_id;
        expect(clusterExpansionZoom(index, id), `cluster ${id} at zoom ${zoom}`).toBe(
          index.getClusterExpansionZoom(id),
        );
        clusters += 1;
      }
    }
    // Enough clusters at every level for the check to mean something.
    expect(clusters).toBeGreaterThan(3_000);
  });
});
