import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapPointsAnswerSchema } from '@tables-voisines/contract/schemas/map';
import { createAdminAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment, disableEstablishment } from '../../../test/factories';
import { postEstablishment } from '../../../test/requests';
import { parisDay } from '@tables-voisines/contract/paris-time';

// The app's clock, stopped at the file's start: the board's day below is the server's, even past midnight.
const clock = new TestClock(new Date().toISOString());
let t: TestApp;
let admin: TestAccount;
const france = 'west=-5.5&south=41&east=10&north=51.5';
const lyon = 'west=4.8&south=45.7&east=4.9&north=45.8';
const bordeaux = 'west=-0.6&south=44.8&east=-0.5&north=44.9';

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = await createAdminAccount(t, { permissions: [{ action: 'manage', subject: 'all' }] });
  for (const [i, offset] of [0, 0.001, 0.002].entries()) {
    await createEstablishment(t.db, {
      name: `Bouchon n°${i}`,
      latitude: 45.76 + offset,
      longitude: 4.83 + offset,
    });
  }
  await createEstablishment(t.db, { name: 'Le Parisien', town: 'Paris', latitude: 48.85, longitude: 2.35 });
  for (const [i, kind] of (['restaurant', 'remplisvert', 'remplisvert'] as const).entries()) {
    await createEstablishment(t.db, {
      name: `Quai n°${i}`,
      town: 'Bordeaux',
      kind,
      latitude: 44.84 + i * 0.001,
      longitude: -0.57,
    });
  }
  const hidden = await createEstablishment(t.db, { name: 'Fermé', latitude: 45.761, longitude: 4.831 });
  await disableEstablishment(t.db, hidden.id);
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/map/points?${query}` });

describe('GET /api/map/points', () => {
  it('groups close establishments at a country-wide zoom and counts only the enabled ones', async () => {
    const answer = await get(`${france}&zoom=5`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.total).toBe(7);
    const cluster = body.features.find(
      (f: { type: string; latitude: number }) => f.type === 'cluster' && f.latitude > 45,
    );
    expect(cluster).toMatchObject({
      type: 'cluster',
      count: 3,
      restaurants: 3,
      expansionZoom: expect.any(Number),
    });
    expect(cluster.latitude).toBeCloseTo(45.761, 2);
    const paris = body.features.find((f: { type: string }) => f.type === 'point');
    expect(paris).toEqual({
      type: 'point',
      id: expect.any(String),
      kind: 'restaurant',
      name: 'Le Parisien',
      uri: 'le-parisien-a-paris',
      latitude: 48.85,
      longitude: 2.35,
    });
  });

  it('answers JSON that follows the contract, clusters and points alike (written without its check)', async () => {
    for (const query of [`${france}&zoom=5`, `${lyon}&zoom=13`, `${lyon}&zoom=16`, `${bordeaux}&zoom=12`]) {
      const answer = await get(query);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const parsed = MapPointsAnswerSchema.safeParse(answer.json());
      expect(parsed.error).toBeUndefined();
      // Zod drops the keys the contract does not name: nothing more was written.
      expect(parsed.data).toEqual(answer.json());
      expect(parsed.data!.features.length).toBeGreaterThan(0);
    }
  });

  it('counts the restaurants of a cluster, the others being Remplis vert', async () => {
    const body = (await get(`${bordeaux}&zoom=10`)).json();
    expect(body.features).toEqual([expect.objectContaining({ type: 'cluster', count: 3, restaurants: 1 })]);
  });

  it('clusters as the site map does in the browser: 48 px apart up to zoom 13, every place alone past it', async () => {
    // About 150 m between the first and the last: 48 px at zoom 13 is about 0.0041 degrees of longitude.
    const at13 = (await get(`${lyon}&zoom=13`)).json();
    expect(at13.features).toEqual([expect.objectContaining({ type: 'cluster', count: 3 })]);
    const at14 = (await get(`${lyon}&zoom=14`)).json();
    expect(at14.features.map((f: { type: string }) => f.type)).toEqual(['point', 'point', 'point']);
  });

  it('gives every establishment on its own at street zoom, and only those inside the box', async () => {
    const body = (await get(`${lyon}&zoom=18`)).json();
    expect(body.features.map((f: { name: string }) => f.name).sort()).toEqual([
      'Bouchon n°0',
      'Bouchon n°1',
      'Bouchon n°2',
    ]);
  });

  it('gives each point the id, kind, name and uri of its establishment, accents included', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/establishments/' })).json() as {
      id: string;
      kind: string;
      name: string;
      uri: string;
    }[];
    const points = (await get(`${lyon}&zoom=18`)).json().features;
    expect(points).toHaveLength(3);
    for (const point of points) {
      const stored = list.find((e) => e.id === point.id);
      expect(stored).toBeDefined();
      expect(point).toMatchObject({ kind: stored!.kind, name: stored!.name, uri: stored!.uri });
    }
  });

  it('shows a new establishment after a write', async () => {
    const created = await postEstablishment(t, admin.headers, {
      kind: 'remplisvert',
      name: 'La Cantine Verte',
      location: { latitude: 45.75, longitude: 4.85 },
    });
    expect(created.statusCode).toBe(201);
    // The previous index answers while the new one is built.
    await expect
      .poll(async () => (await get(`${lyon}&zoom=18`)).json().features.map((f: { name: string }) => f.name))
      .toContain('La Cantine Verte');
  });

  it('rebuilds the index after a write of establishments only, not after a menu board', async () => {
    await get(`${lyon}&zoom=18`);
    const builds = t.app.ctx.mapIndex.builds;
    const category = await createCategory(t.db, 'Crêpes');
    const board = await t.app.inject({
      method: 'POST',
      url: '/api/menuboard/',
      headers: admin.headers,
      payload: {
        establishment: (await get(`${lyon}&zoom=18`)).json().features[0].id,
        title: 'Ardoise du jour',
        date: parisDay(clock.now()),
        items: [{ name: 'Galette', price: 9.5, category: category.id }],
      },
    });
    expect(board.statusCode).toBe(201);
    await get(`${lyon}&zoom=18`);
    await get(`${lyon}&zoom=18`);
    expect(t.app.ctx.mapIndex.builds).toBe(builds);
  });

  it('refuses a box or zoom that makes no sense, in French', async () => {
    const bad = await get('west=4&south=46&east=5&north=45&zoom=10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'ValidationError' });
    const zoom = (await get(`${lyon}&zoom=40`)).json();
    expect(zoom.details).toEqual([expect.objectContaining({ message: 'Zoom : au plus 22.' })]);
    expect((await get('zoom=5')).statusCode).toBe(400);
  });
});
