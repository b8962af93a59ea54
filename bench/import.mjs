// Import benchmark (issue 52, point 5): an OpenStreetMap GeoJSON of 50,000 points read by the real server,
// as a dry run and as an import, with the time and the server's peak resident memory of each. Not part of
// `npm test`; run `npm run bench:import`.
//
//   npm run bench:import                       # PostgreSQL at 127.0.0.1:5432 (user postgres), 50,000 points
//   BENCH_DATABASE_URL=postgres://... BENCH_ROWS=5000 npm run bench:import
//
// It creates a scratch database, starts `node apps/api/dist/server.js` on it, writes the file (points spread
// over metropolitan France, OSM tags, opening hours on one in three), posts it with dryRun=true then
// dryRun=false, then the same file again as a dry run (every row unchanged), sampling the server's memory,
// writes bench/results/import.json (import-<rows>.json for another count), then drops the database. Goal:
// each within 60 s, memory flat: the peak within the idle server's + 150 MB whatever the rows (decision 0084).
// BENCH_SKIP_BUILD=1 runs the server as built (build first with `flock /tmp/tv-build.lock npm run build`
// where others share the checkout).
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Agent, fetch } from 'undici';
import { MiB, freePort, machine, resultsDir, root, startCommand, waitReady } from './support/common.mjs';

process.env.MAP_STYLE ??= 'offline';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(process.env.BENCH_ROWS ?? 50_000);
const dbName = `tv_bench_import_${process.pid}`;

function urlOf(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Resident memory of a process from /proc, in bytes: now (VmRSS) and its peak (VmHWM). */
async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** The memory probe's samples written since the last call (heap and the rest, in MiB). */
const probeOffsets = new Map();
async function probeSamples(file) {
  const text = await readFile(file, 'utf8').catch(() => '');
  const end = text.lastIndexOf('\n') + 1;
  const lines = text
    .slice(probeOffsets.get(file) ?? 0, end)
    .split('\n')
    .filter(Boolean);
  probeOffsets.set(file, end);
  return lines.map((line) => JSON.parse(line));
}

/** Resets the kernel's peak-RSS counter of a process (Linux: `5` in clear_refs). */
async function resetPeak(pid) {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** What Overpass gives for `out center` on restaurants, bars and cafés: points with OSM tags. */
function geojson(n) {
  const amenities = ['restaurant', 'restaurant', 'restaurant', 'bar', 'cafe', 'fast_food', 'pub'];
  const features = [];
  for (let i = 1; i <= n; i++) {
    // A deterministic spread over metropolitan France (43.0–50.5 N, −1.5–7.0 E): the same file every run.
    const latitude = 43 + ((i * 7919) % 7500) / 1000;
    const longitude = -1.5 + ((i * 104729) % 8500) / 1000;
    features.push({
      type: 'Feature',
      id: `node/${1_000_000 + i}`,
      geometry: { type: 'Point', coordinates: [Number(longitude.toFixed(5)), Number(latitude.toFixed(5))] },
      properties: {
        name: `Établissement importé n°${i}`,
        amenity: amenities[i % amenities.length],
        ...(i % 11 === 0 ? { cuisine: 'crepe' } : {}),
        'addr:housenumber': String(1 + (i % 120)),
        'addr:street': 'rue de la République',
        'addr:postcode': String(10000 + (i % 85000)).padStart(5, '0'),
        'addr:city': `Ville ${i % 3000}`,
        ...(i % 3 === 0 ? { opening_hours: 'Mo-Fr 12:00-14:00,19:00-22:00; Sa 19:00-23:00' } : {}),
        ...(i % 4 === 0 ? { phone: '+33 4 78 00 00 00', website: `https://exemple.fr/${i}` } : {}),
      },
    });
  }
  return Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }));
}

async function main() {
  const adminClient = new pg.Client({ connectionString: serverUrl });
  await adminClient.connect();
  await adminClient.query(`create database "${dbName}"`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-import-'));
  let child;
  try {
    // BENCH_SKIP_BUILD=1: the server as built (a build run beforehand, under the checkout's build lock).
    if (process.env.BENCH_SKIP_BUILD !== '1') {
      execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
    }
    const probeFile = path.join(dataDir, 'memory-probe.jsonl');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The memory probe (bench/support/memory-probe.mjs) writes the server's heap every 100 ms: what the
    // JavaScript keeps, beside the resident memory the kernel counts. The server runs as `npm start` runs
    // it: its Node flags and environment defaults (package.json).
    const { env: startEnv, flags } = startCommand();
    child = spawn(
      process.execPath,
      [...flags, '--import', path.join(root, 'bench/support/memory-probe.mjs'), 'apps/api/dist/server.js'],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...startEnv,
          ...process.env,
          DATABASE_URL: urlOf(dbName),
          JWT_SECRET: 'bench-secret-long-enough-for-hs256-signing-0123456789',
          ADMIN_USERNAME: 'mesure',
          ADMIN_PASSWORD: 'Tartiflette-Savoyarde-Reblochon-74',
          SEED: 'none',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          MEMORY_PROBE_FILE: probeFile,
        },
      },
    );
    await waitReady(base, child);
    const signIn = await fetch(`${base}/api/admin/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mesure', password: 'Tartiflette-Savoyarde-Reblochon-74' }),
    });
    const { authentication } = await signIn.json();
    const file = geojson(rows);
    console.log(`${rows} points, ${(file.length / MiB).toFixed(1)} MiB`);
    const idle = await memoryOf(child.pid);
    const results = [];
    let lastHeap = null;
    for (const [label, dryRun] of [
      ['dry run', true],
      ['import', false],
      ['same file again, dry run', true],
    ]) {
      lastHeap = (await probeSamples(probeFile)).at(-1)?.heapUsed ?? lastHeap;
      const heapBefore = lastHeap;
      const peakReset = await resetPeak(child.pid);
      const before = await memoryOf(child.pid);
      let maxRss = before.rss;
      const timer = setInterval(() => {
        memoryOf(child.pid).then(
          (m) => (maxRss = Math.max(maxRss, m.rss)),
          () => {},
        );
      }, 25);
      const started = performance.now();
      const response = await fetch(`${base}/api/establishments/import?dryRun=${dryRun}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${authentication.token}`,
          'content-type': 'application/geo+json',
          'content-disposition': 'attachment; filename="overpass-france.geojson"',
        },
        body: file,
        // The answer comes once the whole file is read: no headers before then.
        dispatcher: new Agent({ headersTimeout: 0, bodyTimeout: 0 }),
        signal: AbortSignal.timeout(1_800_000),
      });
      const report = await response.json();
      const seconds = (performance.now() - started) / 1000;
      clearInterval(timer);
      if (!response.ok)
        throw new Error(`${label}: ${response.status} ${JSON.stringify(report).slice(0, 500)}`);
      const after = await memoryOf(child.pid);
      const peak = peakReset ? Math.max(after.peak, maxRss) : maxRss;
      const heap = (await probeSamples(probeFile)).map((sample) => sample.heapUsed);
      lastHeap = heap.at(-1) ?? lastHeap;
      const result = {
        run: label,
        seconds: Number(seconds.toFixed(1)),
        rowsPerSecond: Math.round(rows / seconds),
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        errors: report.errors.length,
        rssBeforeMiB: Math.round(before.rss / MiB),
        peakRssMiB: Math.round(peak / MiB),
        heapUsedMiB: { before: heapBefore, peak: heap.length === 0 ? null : Math.max(...heap) },
      };
      console.log(result);
      results.push(result);
    }
    const record = {
      what: 'POST /api/establishments/import of an OpenStreetMap GeoJSON by the real server (node apps/api/dist/server.js)',
      command: `BENCH_ROWS=${rows} npm run bench:import`,
      goal: 'dry run and import each within 60 s on this machine, memory flat',
      date: new Date().toISOString(),
      rows,
      fileMiB: Number((file.length / MiB).toFixed(1)),
      engine: 'PostgreSQL',
      postgres: (await adminClient.query('show server_version')).rows[0].server_version,
      node: process.version,
      machine: machine(),
      serverIdleRssMiB: Math.round(idle.rss / MiB),
      peakOverIdleMiB: Math.round(Math.max(...results.map((r) => r.peakRssMiB)) - idle.rss / MiB),
      peakRssMeasuredBy: 'VmHWM of the server process after a reset (clear_refs), and VmRSS every 25 ms',
      results,
    };
    record.met = {
      within60s: results.every((r) => r.seconds <= 60),
      peakWithinIdlePlus150MiB: record.peakOverIdleMiB <= 150,
    };
    const out = path.join(resultsDir, rows === 50_000 ? 'import.json' : `import-${rows}.json`);
    await mkdir(resultsDir, { recursive: true });
    await writeFile(out, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`written to ${path.relative(root, out)}`);
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await adminClient.query(`drop database if exists "${dbName}" with (force)`);
    await adminClient.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
