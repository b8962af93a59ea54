import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { npmStartSettings, startServerProcess, type ServerProcess } from '../server-process';
import { ADMIN, FULL, recordFigures, signInAdmin } from './support';

/*
 * Soak: mixed load at a steady rate against the real server process (public reads and pages, sign-ins,
 * edits), 10 minutes in the full run, under a minute in the quick one. No error at all; the server's
 * resident memory after the warm-up and at the end differ by less than 10 % (asserted in the full run,
 * recorded in both: a short run measures mostly the warm-up).
 */

const DURATION_MS = Number(process.env.SOAK_MS ?? (FULL ? 600_000 : 45_000));
// Within what one embedded-database process serves on a shared 2-core machine (PGlite answers one query at a time).
const RATE_PER_S = Number(process.env.SOAK_RATE ?? 10);
const WARM_UP_SHARE = 0.2;
// The server as `npm start` runs it (its malloc settings and the collector's flags; before 2026-11-29 the soak
// ran it without them). SOAK_NODE_ARGS (for example `--cpu-prof --cpu-prof-dir=/tmp/soak-prof`) are added.
const npmStart = npmStartSettings();
const nodeArgs = [...npmStart.nodeArgs, ...(process.env.SOAK_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) =>
  [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  // A CPU profile is written when the process ends of itself: SIGTERM then (the server closes gracefully).
  await server?.kill(nodeArgs.includes('--cpu-prof') ? 'SIGTERM' : 'SIGKILL');
  if (process.env.SOAK_LOG_FILE !== undefined && server !== undefined) {
    await writeFile(process.env.SOAK_LOG_FILE, server.logs());
  }
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

describe('soak', () => {
  it(`serves ${DURATION_MS / 1000} s of mixed load at ${RATE_PER_S} requests/s without an error`, async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-rel-soak-'));
    server = await startServerProcess(
      {
        ...npmStart.env,
        // SOAK_LOG_LEVEL=info logs its requests with their response times (SOAK_LOG_FILE keeps the logs).
        ...(process.env.SOAK_LOG_LEVEL === undefined ? {} : { LOG_LEVEL: process.env.SOAK_LOG_LEVEL }),
        DATA_DIR: dataDir,
        SEED: 'demo',
        RATE_LIMIT_SIGN_IN: '100000',
        ...ADMIN,
      },
      undefined,
      nodeArgs,
    );
    const base = server.baseUrl;
    const token = await signInAdmin(base);
    const places = (await (await fetch(`${base}/api/establishments?perPage=30`)).json()) as {
      id: string;
      uri: string;
      kind: 'restaurant' | 'remplisvert';
    }[];
    expect(places.length).toBeGreaterThan(10);

    const kinds = [
      'list',
      'page',
      'public',
      'groups',
      'surrounding',
      'list',
      'page',
      'sign-in',
      'edit',
      'edit',
    ];
    const send = async (kind: string, i: number): Promise<Response> => {
      const place = places[i % places.length]!;
      switch (kind) {
        case 'list':
          return fetch(`${base}/api/establishments?perPage=20&page=${1 + (i % 10)}`);
        case 'page':
          return fetch(`${base}${establishmentPath(place.kind, place.uri)}`);
        case 'public':
          return fetch(`${base}/establishment/${place.id}/public`);
        case 'groups':
          return fetch(`${base}/api/groups`);
        case 'surrounding':
          return fetch(`${base}/menuboards/surrounding`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              categories: [],
              northEast: { latitude: 46, longitude: 5.5 },
              southWest: { latitude: 45, longitude: 4 },
            }),
          });
        case 'sign-in':
          return fetch(`${base}/api/admin/sign-in`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
          });
        default:
          return fetch(`${base}/api/establishment/${place.id}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ description: `Mise à jour n° ${i} : ardoise renouvelée.` }),
          });
      }
    };

    const errors: string[] = [];
    const latencies: number[] = [];
    // Each answer's kind, when it left (ms from the start) and how long it took: per-kind figures and
    // latency over time (a slowness that grows or recurs shows there, not in the whole run's percentiles).
    const samples: { kind: string; at: number; ms: number }[] = [];
    const rss: { at: number; bytes: number }[] = [];
    const inFlight = new Set<Promise<void>>();
    const startedAt = performance.now();
    let sent = 0;
    const sampler = setInterval(() => {
      void rssOf(server!.child.pid!).then((bytes) => rss.push({ at: performance.now() - startedAt, bytes }));
    }, 1_000);
    // A steady rate: request n leaves at n / rate seconds, whatever the answers' speed.
    while (performance.now() - startedAt < DURATION_MS) {
      const due = (sent * 1000) / RATE_PER_S;
      const wait = due - (performance.now() - startedAt);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const i = sent++;
      const kind = kinds[i % kinds.length]!;
      const t = performance.now();
      const p = send(kind, i)
        .then(async (response) => {
          await response.arrayBuffer();
          latencies.push(performance.now() - t);
          samples.push({ kind, at: t - startedAt, ms: performance.now() - t });
          if (!response.ok && errors.length < 20) errors.push(`${kind} #${i}: ${response.status}`);
          else if (!response.ok) errors.push('…');
        })
        .catch((error: unknown) => {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          errors.push(`${kind} #${i}: ${String(error)} (${cause?.code ?? cause?.message ?? '?'})`);
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    clearInterval(sampler);

    const percentiles = (values: number[]) => ({
      n: values.length,
      p50: Math.round(percentile(values, 0.5)),
      p95: Math.round(percentile(values, 0.95)),
      p99: Math.round(percentile(values, 0.99)),
      max: Math.round(Math.max(0, ...values)),
    });
    const byKind = Object.fromEntries(
      [...new Set(kinds)].map((kind) => [
        kind,
        percentiles(samples.filter((s) => s.kind === kind).map((s) => s.ms)),
      ]),
    );
    // Ten slices of the run, by when the request left.
    const slice = DURATION_MS / 10;
    const overTime = Array.from({ length: 10 }, (_, n) => ({
      fromS: Math.round((n * slice) / 1000),
      ...percentiles(samples.filter((s) => s.at >= n * slice && s.at < (n + 1) * slice).map((s) => s.ms)),
    }));
    if (process.env.SOAK_SLOWEST !== undefined) {
      const slowest = [...samples].sort((x, y) => y.ms - x.ms).slice(0, Number(process.env.SOAK_SLOWEST));
      process.stdout.write(
        `slowest: ${JSON.stringify(slowest.map((s) => [s.kind, Math.round(s.at), Math.round(s.ms)]))}\n`,
      );
    }

    const warmUpEnd = DURATION_MS * WARM_UP_SHARE;
    const afterWarmUp = rss.filter(
      (s) => s.at >= warmUpEnd && s.at < warmUpEnd + Math.max(5_000, DURATION_MS * 0.05),
    );
    const end = rss.filter((s) => s.at >= DURATION_MS * 0.9);
    const baseline = median(afterWarmUp.map((s) => s.bytes));
    const final = median(end.map((s) => s.bytes));
    const growth = baseline === 0 ? 0 : final / baseline - 1;
    const figures = {
      durationS: DURATION_MS / 1000,
      ratePerS: RATE_PER_S,
      requests: sent,
      errors: errors.length,
      latencyMs: {
        p50: Math.round(percentile(latencies, 0.5)),
        p95: Math.round(percentile(latencies, 0.95)),
        p99: Math.round(percentile(latencies, 0.99)),
      },
      latencyByKindMs: byKind,
      latencyOverTimeMs: overTime,
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
      rssMb: {
        atStart: Math.round((rss[0]?.bytes ?? 0) / 1e6),
        afterWarmUp: Math.round(baseline / 1e6),
        atEnd: Math.round(final / 1e6),
        max: Math.round(Math.max(...rss.map((s) => s.bytes)) / 1e6),
      },
      rssGrowthPercent: Math.round(growth * 1000) / 10,
    };
    await recordFigures('soak', 'pglite', figures, `soak: ${JSON.stringify(figures)}`);
    expect(errors).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(Math.floor((DURATION_MS / 1000) * RATE_PER_S) - 1);
    if (FULL) expect(growth).toBeLessThan(0.1);
  });
});
