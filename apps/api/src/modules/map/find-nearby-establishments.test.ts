import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment, disableEstablishment } from '../../../test/factories';
import { createPublicData } from '../../web/public-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A point `meters` north of Lyon's place Bellecour (a degree of latitude is 111.2 km). */
const north = (meters: number) => ({ latitude: 45.757 + meters / 111_195, longitude: 4.832 });

describe('the places nearby a page links to', () => {
  it('gives the nearest public establishments, nearest first, with their distance, never itself nor a hidden one', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Bouchon', ...north(0) });
    const hidden = await createEstablishment(t.db, { name: 'Fermé', ...north(100) });
    await disableEstablishment(t.db, hidden.id);
    await createEstablishment(t.db, { name: 'Café Éole', kind: 'remplisvert', ...north(350) });
    await createEstablishment(t.db, { name: 'La Brasserie', ...north(1200) });
    await createEstablishment(t.db, { name: 'Au Vieux Lyon', ...north(4000) });
    await createEstablishment(t.db, { name: 'La Crêperie', town: 'Villeurbanne', ...north(9000) });
    await createEstablishment(t.db, { name: 'Le Sixième', ...north(15_000) });
    await createEstablishment(t.db, { name: 'Bien trop loin', town: 'Mâcon', ...north(60_000) });

    const publicData = createPublicData(t.app.ctx);
    const nearby = await publicData.getNearbyEstablishments(place.id, 5);
    expect(nearby.map((e) => e.name)).toEqual([
      'Café Éole',
      'La Brasserie',
      'Au Vieux Lyon',
      'La Crêperie',
      'Le Sixième',
    ]);
    expect(nearby[0]).toMatchObject({ kind: 'remplisvert', town: 'Lyon' });
    expect(nearby.map((e) => Math.round(e.distanceMeters / 50) * 50)).toEqual([
      350, 1200, 4000, 9000, 15_000,
    ]);
    // Three asked, three given; none further than a town's surroundings.
    expect(await publicData.getNearbyEstablishments(place.id, 3)).toHaveLength(3);
    const far = await createEstablishment(t.db, { name: 'Seul au monde', latitude: 43.3, longitude: 5.4 });
    expect(await publicData.getNearbyEstablishments(far.id, 5)).toEqual([]);
    expect(await publicData.getNearbyEstablishments(hidden.id, 5)).toEqual([]);
  });
});
