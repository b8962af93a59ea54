// `npm run bench:embedded-memory`: the embedded server's resident memory on the demo data (issue 33, decision
// 0059). The server as `npm start` runs it (its environment defaults and Node flags), PGlite, a fresh DATA_DIR:
//   1. first start (it seeds the demo data), idle once settled;
//   2. second start on the same data, idle once settled, then a light demo load (home page, list, map feed
//      and clusters, detail pages, surrounding menu boards), then idle again;
//   3. a bare PGlite (same extensions) opening a copy of the same data and running the same kind of queries,
//      with PostgreSQL's default buffer pool and with the server's.
// Each phase records RSS with its breakdown: process.memoryUsage() and V8's spaces (bench/support/memory-probe.mjs),
// and PGlite's WebAssembly memory (committed and resident), read from /proc/<pid>/smaps.
//   --quick   shorter settling and load (CI checks that it works; figures out of bench/results)
// Writes bench/results/embedded-memory.json. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  machine,
  MiB,
  quick,
  resultsDir,
  root,
  rssOf,
  startApi,
  startCommand,
  summary,
} from './support/common.mjs';
import { wasmMemoryOf } from './support/wasm-memory.mjs';

const IDLE_MS = quick ? 8_000 : 30_000;
const LOAD_MS = quick ? 8_000 : 60_000;
// A light demo load: a few visitors browsing (the soak of scripts/reliability.mjs sends 10 a second).
const RATE_PER_S = 20;

// As packages/contract/src/site-paths.ts makes it.
const establishmentPath = (kind, uri) => `/${kind}/${encodeURIComponent(uri)}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes) => Math.round(bytes / MiB);

/** RSS, the probe's last sample and PGlite's memory, now. */
async function snapshot(api) {
  const samples = await api.probeSamples();
  const last = samples.at(-1) ?? {};
  const { t: _t, rss: _rss, ...usage } = last;
  return { rssMiB: mib(await api.rss()), pgliteWasm: await wasmMemoryOf(api.child.pid), ...usage };
}

/** The light demo load: RATE_PER_S requests a second, each picked in turn from the mix, for `ms`. */
async function demoLoad(api, ms) {
  const places = await (await fetch(`${api.base}/api/establishments?perPage=100`)).json();
  const requests = [
    () => fetch(`${api.base}/`),
    (i) => fetch(`${api.base}/api/establishments?perPage=20&page=${1 + (i % 5)}`),
    () => fetch(`${api.base}/api/map/feed`, { headers: { 'accept-encoding': 'br' } }),
    (i) => {
      const zoom = 5 + (i % 8);
      return fetch(`${api.base}/api/map/points?west=-5.5&south=41&east=10&north=51.5&zoom=${zoom}`);
    },
    (i) => {
      const place = places[i % places.length];
      return fetch(`${api.base}${establishmentPath(place.kind, place.uri)}`);
    },
    (i) => fetch(`${api.base}/establishment/${places[i % places.length].id}/public`),
    () =>
      fetch(`${api.base}/menuboards/surrounding`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          categories: [],
          northEast: { latitude: 49.2, longitude: 2.8 },
          southWest: { latitude: 48.5, longitude: 1.9 },
        }),
      }),
  ];
  let sent = 0;
  let failed = 0;
  const failures = {};
  let peak = { rssMiB: 0 };
  const sampler = setInterval(() => {
    void snapshot(api).then((s) => {
      if (s.rssMiB > peak.rssMiB) peak = s;
    });
  }, 500);
  // A steady rate, as the soak sends (apps/api/test/reliability/soak.reliability.test.ts): request n leaves
  // at n / RATE seconds, whatever the answers' speed.
  const inFlight = new Set();
  const latencies = [];
  const startedAt = performance.now();
  while (performance.now() - startedAt < ms) {
    const wait = (sent * 1000) / RATE_PER_S - (performance.now() - startedAt);
    if (wait > 0) await sleep(wait);
    const i = sent++;
    const t = performance.now();
    const p = requests[i % requests.length](i)
      .then(async (response) => {
        await response.arrayBuffer();
        latencies.push(performance.now() - t);
        return response;
      })
      .catch(() => undefined)
      .then((response) => {
        if (response === undefined || !response.ok) {
          failed += 1;
          const what = `${i % requests.length}: ${response?.status ?? 'network'}`;
          failures[what] = (failures[what] ?? 0) + 1;
        }
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  clearInterval(sampler);
  await sleep(600);
  return { requests: sent, failed, failures, latency: summary(latencies), peak };
}

/** A bare PGlite on a copy of `dataDir` (bench/support/bare-pglite.mjs), as a child process. */
async function barePglite(dataDir, label, sharedBuffers) {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-bare-'));
  try {
    await cp(path.join(dataDir, 'db'), copy, { recursive: true });
    await rm(path.join(copy, 'postmaster.pid'), { force: true });
    const child = spawn(process.execPath, ['bench/support/bare-pglite.mjs', copy], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BARE_PGLITE_SHARED_BUFFERS: sharedBuffers ?? '' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    await new Promise((resolve) => child.once('exit', resolve));
    return { label, ...JSON.parse(out) };
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-embedded-'));
const probeFile = path.join(dataDir, 'probe.jsonl');
const env = { DATA_DIR: dataDir, SEED: '', MAP_STYLE: 'offline', LOG_LEVEL: 'warn' };
// The Node flags of `npm start` (its collector's settings): before 2026-11-29 the server ran without them here.
const serverFlags = startCommand().flags;
const phases = {};
try {
  console.log(`premier démarrage (données de démonstration chargées), repos ${IDLE_MS / 1000} s…`);
  let t = performance.now();
  let api = await startApi(env, serverFlags, { probeFile });
  const firstStartMs = Math.round(performance.now() - t);
  await sleep(IDLE_MS);
  phases.firstStartIdle = {
    startMs: firstStartMs,
    ...(await snapshot(api)),
    peakRssMiB: mib(api.memory.peak),
  };
  await api.stop();

  console.log(`second démarrage, repos ${IDLE_MS / 1000} s, charge ${LOAD_MS / 1000} s, repos…`);
  t = performance.now();
  api = await startApi(env, serverFlags, { probeFile });
  const secondStartMs = Math.round(performance.now() - t);
  await sleep(IDLE_MS);
  phases.secondStartIdle = { startMs: secondStartMs, ...(await snapshot(api)) };
  phases.load = await demoLoad(api, LOAD_MS);
  phases.load.endRssMiB = mib(await rssOf(api.child.pid));
  await sleep(IDLE_MS);
  phases.afterLoadIdle = { ...(await snapshot(api)), peakRssMiB: mib(api.memory.peak) };
  await api.stop();

  // The server's buffer pool, as apps/api/src/db/client.ts sets it.
  const client = await readFile(path.join(root, 'apps/api/src/db/client.ts'), 'utf8');
  const sharedBuffers = /PGLITE_SHARED_BUFFERS = '([^']+)'/.exec(client)?.[1];
  phases.barePglite = [await barePglite(dataDir, 'shared_buffers 128MB (PostgreSQL default)', undefined)];
  if (sharedBuffers !== undefined) {
    phases.barePglite.push(
      await barePglite(dataDir, `shared_buffers ${sharedBuffers} (server)`, sharedBuffers),
    );
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const result = {
  what: 'npm start (PGlite) on a fresh DATA_DIR with the demo data: resident memory at idle after each start and under a light demo load, with its breakdown (MiB), beside a bare PGlite on the same data',
  goal: 'at most 300 MB resident idle and under the demo load (issue 33)',
  date: new Date().toISOString(),
  quick,
  idleMs: IDLE_MS,
  loadMs: LOAD_MS,
  requestsPerS: RATE_PER_S,
  serverFlags,
  machine: machine(),
  ...phases,
};
await mkdir(resultsDir, { recursive: true });
await writeFile(path.join(resultsDir, 'embedded-memory.json'), `${JSON.stringify(result, null, 2)}\n`);

const line = (label, s) =>
  console.log(
    `${label.padEnd(34)} RSS ${String(s.rssMiB).padStart(4)} MiB · WASM ${s.pgliteWasm?.residentMiB ?? '?'}/${s.pgliteWasm?.committedMiB ?? '?'} · heap ${s.heapUsed ?? '?'}/${s.heapTotal ?? '?'} · external ${s.external ?? '?'} · buffers ${s.arrayBuffers ?? '?'}`,
  );
line('1er démarrage, repos', phases.firstStartIdle);
line('2e démarrage, repos', phases.secondStartIdle);
line(`charge ${RATE_PER_S} req/s (pic)`, phases.load.peak);
line('repos après la charge', phases.afterLoadIdle);
for (const bare of phases.barePglite) line(`PGlite seul, ${bare.label}`.slice(0, 34), bare.afterQueries);
console.log(
  `charge : p50 ${phases.load.latency.p50Ms} ms, p95 ${phases.load.latency.p95Ms} ms, p99 ${phases.load.latency.p99Ms} ms`,
);
console.log(
  `pic du 1er démarrage ${phases.firstStartIdle.peakRssMiB} MiB (chargement), du 2e ${phases.afterLoadIdle.peakRssMiB} MiB; ${phases.load.failed} échecs sur ${phases.load.requests} requêtes`,
);
console.log(`→ ${path.join(resultsDir, 'embedded-memory.json')}`);
