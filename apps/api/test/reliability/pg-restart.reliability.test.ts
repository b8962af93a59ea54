import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../server-process';
import { createThrowawayDatabase, FULL, PG_SERVER_URL, postgresEnv, recordFigures } from './support';
import { TcpProxy } from './tcp-proxy';
import { ThrowawayCluster } from './throwaway-cluster';

/*
 * PostgreSQL going away under load, two ways: a real PostgreSQL server of the test's own, stopped
 * (`pg_ctl stop -m fast`) and started again; and the machine's PostgreSQL reached through a proxy that the
 * test cuts (every connection dropped, new ones refused) and restores. While it is down the API answers 503
 * with Retry-After (and /readyz says so); once it is back the API recovers by itself within 5 seconds.
 */

const DOWN_MS = FULL ? 20_000 : 6_000;
const WORKERS = 8;

type Sample = { at: number; path: string; status: number; retryAfter: string | null; code?: string };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Outage {
  /** Where the figures are recorded. */
  key: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
}

async function outageUnderLoad(databaseUrl: string, outage: Outage): Promise<void> {
  const server: ServerProcess = await startServerProcess({ ...postgresEnv(databaseUrl), SEED: 'demo' });
  cleanups.push(async () => void (await server.kill('SIGKILL')));

  const samples: Sample[] = [];
  const t0 = performance.now();
  let running = true;
  const paths = [
    '/readyz',
    '/api/establishments?limit=5',
    '/api/groups',
    '/api/categories/search?searchTerm=cr&locale=fr',
  ];
  const workers = Array.from({ length: WORKERS }, async (_, w) => {
    for (let i = w; running; i++) {
      const path = paths[i % paths.length]!;
      try {
        const response = await fetch(`${server.baseUrl}${path}`);
        const text = await response.text();
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        samples.push({
          at: performance.now() - t0,
          path,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          code,
        });
      } catch {
        samples.push({ at: performance.now() - t0, path, status: 0, retryAfter: null });
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  await new Promise((r) => setTimeout(r, 3_000));
  const cutAt = performance.now() - t0;
  await outage.cut();
  await new Promise((r) => setTimeout(r, DOWN_MS));
  // The database is down until `restore` begins (a real server takes about a second to start), and
  // surely back once it ends.
  const restoringAt = performance.now() - t0;
  await outage.restore();
  const restoredAt = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 10_000));
  running = false;
  await Promise.all(workers);

  const before = samples.filter((s) => s.at < cutAt);
  // In-flight requests at the cut may end either way; a second later the database is surely gone.
  const down = samples.filter((s) => s.at > cutAt + 1_000 && s.at < restoringAt);
  const after = samples.filter((s) => s.at > restoredAt);
  const firstOk = (path: string) => after.find((s) => s.path === path && s.status === 200)?.at;
  const readyAgain = firstOk('/readyz');
  const lastFailure = after.filter((s) => s.status !== 200).at(-1)?.at;
  const recoveryMs = Math.round(Math.max(readyAgain ?? Infinity, lastFailure ?? restoredAt) - restoredAt);
  const count = (list: Sample[], test: (s: Sample) => boolean) => list.filter(test).length;
  const figures = {
    downMs: DOWN_MS,
    requests: samples.length,
    beforeOk: count(before, (s) => s.status === 200),
    beforeOther: count(before, (s) => s.status !== 200),
    down503: count(down, (s) => s.status === 503),
    // Public answers already in the cache (list, groups) are still served while the database is down.
    downOk: count(down, (s) => s.status === 200),
    downOther: count(down, (s) => s.status !== 503 && s.status !== 200),
    down503WithoutRetryAfter: count(down, (s) => s.status === 503 && s.retryAfter === null),
    afterOk: count(after, (s) => s.status === 200),
    afterOther: count(after, (s) => s.status !== 200),
    readyzOkAfterMs: readyAgain === undefined ? null : Math.round(readyAgain - restoredAt),
    recoveryMs,
  };
  await recordFigures(
    'pg-restart',
    outage.key,
    figures,
    `PostgreSQL restart (${outage.key}): ${JSON.stringify(figures)}`,
  );

  expect(figures.beforeOther).toBe(0);
  expect(figures.down503).toBeGreaterThan(10);
  expect(figures.downOther).toBe(0);
  expect(figures.down503WithoutRetryAfter).toBe(0);
  expect(down.filter((s) => s.status === 503).every((s) => s.code === 'ServiceUnavailable')).toBe(true);
  expect(down.filter((s) => s.path === '/readyz').every((s) => s.status === 503)).toBe(true);
  expect(recoveryMs).toBeLessThanOrEqual(5_000);
  expect(after.filter((s) => s.at > restoredAt + 5_000).every((s) => s.status === 200)).toBe(true);
  expect(server.child.exitCode).toBeNull();
}

describe('PostgreSQL restarted under load', () => {
  it('a PostgreSQL server stopped and started again: 503 with Retry-After while down, recovery within 5 s', async () => {
    const cluster = await ThrowawayCluster.create(await freePort());
    cleanups.push(() => cluster.destroy());
    await outageUnderLoad(cluster.url, {
      key: 'postgres stopped and started (pg_ctl)',
      cut: () => cluster.stop('fast'),
      restore: () => cluster.start(),
    });
  });

  it('the database cut off by the network: 503 with Retry-After while down, recovery within 5 s', async () => {
    const database = await createThrowawayDatabase();
    cleanups.push(() => database.drop());
    const target = new URL(PG_SERVER_URL);
    const proxy = new TcpProxy(await freePort(), {
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    await proxy.start();
    cleanups.push(() => proxy.cut());
    const proxied = new URL(database.url);
    proxied.port = String(proxy.port);
    await outageUnderLoad(proxied.toString(), {
      key: 'postgres via a cut proxy',
      cut: () => proxy.cut(),
      restore: () => proxy.start(),
    });
  });
});
