import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { redisSkipped, TEST_REDIS_URL } from '../machine';
import { startServerProcess, type ServerProcess } from '../server-process';
import {
  createThrowawayDatabase,
  postgresEnv,
  recordFigures,
  signInAdmin,
  type ThrowawayDatabase,
} from './support';

/*
 * Two API processes on one PostgreSQL and one Redis, as behind a load balancer: a token signed by one works
 * on the other, sign-in attempts are counted once for both, and a write on one drops the cached pages of
 * the other (LISTEN/NOTIFY).
 */

const REDIS_URL = process.env.RELIABILITY_REDIS_URL ?? TEST_REDIS_URL;
let database: ThrowawayDatabase;
let a: ServerProcess;
let b: ServerProcess;
const figures: Record<string, number> = {};

beforeAll(async () => {
  database = await createThrowawayDatabase();
  const env = { ...postgresEnv(database.url), REDIS_URL, RATE_LIMIT_SIGN_IN: '3', SEED: 'none' };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 180_000);
afterAll(async () => {
  await a?.kill('SIGKILL');
  await b?.kill('SIGKILL');
  await database?.drop();
});

describe.skipIf(redisSkipped)('two replicas on one PostgreSQL and one Redis', () => {
  it('accepts on one replica a token signed by the other', async () => {
    const token = await signInAdmin(a.baseUrl);
    const response = await fetch(`${b.baseUrl}/api/admins`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
  });

  it('counts sign-in attempts once for both replicas', async () => {
    const username = `inconnu-${randomUUID().slice(0, 8)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? a : b;
      const response = await fetch(`${server.baseUrl}/api/admin/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Pas-le-bon-mot-de-passe' }),
      });
      statuses.push(response.status);
    }
    // RATE_LIMIT_SIGN_IN=3: three refusals, then the limit, whichever replica is asked.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('drops the cached pages of both replicas after a write on one', async () => {
    const token = await signInAdmin(a.baseUrl);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = await fetch(`${a.baseUrl}/api/establishment/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        kind: 'restaurant',
        name: 'Le Relais des Deux Répliques',
        venueType: 'brasserie',
        address: { street: '2 place du Marché', postcode: '21000', town: 'Dijon' },
        location: { latitude: 47.322, longitude: 5.041 },
      }),
    });
    expect(created.status).toBe(201);
    const { id, uri, kind } = (await created.json()) as { id: string; uri: string; kind: 'restaurant' };
    const page = establishmentPath(kind, uri);
    const get = async (server: ServerProcess) => {
      const response = await fetch(`${server.baseUrl}${page}`);
      return {
        status: response.status,
        cache: response.headers.get('x-page-cache'),
        body: await response.text(),
      };
    };
    for (const server of [a, b]) {
      await get(server);
      const again = await get(server);
      expect(again.status).toBe(200);
      expect(again.cache).toBe('hit');
    }

    const patchedAt = performance.now();
    const patched = await fetch(`${b.baseUrl}/api/establishment/${id}`, {
      method: 'PATCH',
      headers: { ...headers, authorization: `Bearer ${await signInAdmin(b.baseUrl)}` },
      body: JSON.stringify({ description: 'Une salle voûtée et une terrasse sur la place.' }),
    });
    expect(patched.status).toBe(200);
    // The replica that did not make the write renders the page afresh.
    let seenMs = -1;
    while (performance.now() - patchedAt < 5_000) {
      const onA = await get(a);
      if (onA.body.includes('Une salle voûtée')) {
        seenMs = Math.round(performance.now() - patchedAt);
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    figures.otherReplicaFreshAfterMs = seenMs;
    await recordFigures(
      'replicas',
      'postgres + redis',
      figures,
      `replicas: the other replica shows the write ${seenMs} ms after it was answered`,
    );
    expect(seenMs).toBeGreaterThanOrEqual(0);
    expect(seenMs).toBeLessThan(2_000);
    expect((await get(b)).body).toContain('Une salle voûtée');
  });
});
