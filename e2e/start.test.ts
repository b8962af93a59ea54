import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

describe('npm start on a fresh data directory', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'info' }, { fresh: true });
    console.log(`fresh embedded start (npm start, demo data): ${server.startupMs} ms`);
  });

  afterAll(() => server.stop());

  it('serves the demo establishments over HTTP', async () => {
    const response = await fetch(`${server.baseUrl}/api/establishments/`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as { uri: string; kind: string }[];
    expect(list.length).toBeGreaterThanOrEqual(300);
    expect(new Set(list.map((e) => e.kind))).toEqual(new Set(['restaurant', 'remplisvert']));
  });

  it('serves the home page in French', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/<html lang="fr"/);
  });

  it('shuts down gracefully on SIGTERM: stops listening and releases the data directory lock', async () => {
    // The whole process group gets the signal, as from a process manager; npm itself exits by it.
    process.kill(-server.child.pid!, 'SIGTERM');
    const lock = path.join(server.dataDir, 'db.lock');
    await expect
      .poll(() => !existsSync(lock) && /shutting down/.test(server.logs()), {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(true);
    expect(server.logs()).toMatch(/shutting down/);
    expect(existsSync(lock)).toBe(false);
    await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();
  });
});
