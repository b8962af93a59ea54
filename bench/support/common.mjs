// Shared pieces of the benchmarks: free ports, the built server started on a database, memory of a process,
// percentiles and the record every result file carries (command, date, machine and its load).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// No network here: the servers the benchmarks start draw the bundled offline base map (ARCHITECTURE.md).
process.env.MAP_STYLE ??= 'offline';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MiB = 1024 * 1024;
export const quick = process.argv.includes('--quick');
/** Quick runs only check that the benchmarks work: their figures stay out of bench/results. */
export const resultsDir =
  process.env.BENCH_RESULTS_DIR ??
  (quick ? path.join(os.tmpdir(), 'tv-bench-quick') : path.join(root, 'bench/results'));

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) * 1024;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const round = (x, digits = 2) => Number(x.toFixed(digits));

export function summary(ms) {
  return {
    n: ms.length,
    p50Ms: round(percentile(ms, 50)),
    p95Ms: round(percentile(ms, 95)),
    p99Ms: round(percentile(ms, 99)),
    maxMs: round(Math.max(...ms)),
  };
}

/** What every result file records beside its figures. */
export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    loadAverage: os.loadavg().map((x) => round(x)),
  };
}

export async function waitReady(base, child) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready after 180 s');
}

/**
 * How `npm start` runs the server (package.json): its environment defaults (`NAME=${NAME:-value}`) and Node
 * flags, so a benchmark measures that server.
 */
export function startCommand() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const match = /^((?:\w+=\S+ )*)node ((?:--\S+ )*)apps\/api\/dist\/server\.js$/.exec(manifest.scripts.start);
  if (match === null)
    throw new Error('package.json: the start script no longer runs apps/api/dist/server.js');
  const env = {};
  for (const assignment of match[1].split(' ').filter(Boolean)) {
    const [, name, value] = /^(\w+)=(?:\$\{\w+:-(.*)\}|(.*))$/.exec(assignment) ?? [];
    if (name !== undefined) env[name] = value ?? assignment.slice(name.length + 1);
  }
  return { env, flags: match[2].split(' ').filter(Boolean) };
}

/** Samples of bench/support/memory-probe.mjs written since the last call. */
function probeReader(file) {
  let offset = 0;
  return async () => {
    const text = await readFile(file, 'utf8').catch(() => '');
    const end = text.lastIndexOf('\n') + 1;
    const lines = text.slice(offset, end).split('\n').filter(Boolean);
    offset = end;
    return lines.map((line) => JSON.parse(line));
  };
}

/**
 * `node apps/api/dist/server.js` on a database, with the environment defaults of `npm start` (unless set) and
 * a sampler of its resident memory; with `probeFile`, the server also writes its memory breakdown there.
 */
export async function startApi(env, nodeFlags = [], { probeFile } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const probe =
    probeFile === undefined ? [] : ['--import', path.join(root, 'bench/support/memory-probe.mjs')];
  const child = spawn(process.execPath, [...nodeFlags, ...probe, 'apps/api/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...startCommand().env,
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      SEED: 'none',
      ...env,
      ...(probeFile === undefined ? {} : { MEMORY_PROBE_FILE: probeFile }),
      PORT: String(port),
    },
  });
  await waitReady(base, child);
  const memory = { peak: 0, samples: 0 };
  const timer = setInterval(() => {
    rssOf(child.pid).then(
      (rss) => {
        memory.peak = Math.max(memory.peak, rss);
        memory.samples += 1;
      },
      () => {},
    );
  }, 50);
  return {
    base,
    child,
    memory,
    rss: () => rssOf(child.pid),
    /** Probe samples since the last call (none without `probeFile`). */
    probeSamples: probeFile === undefined ? async () => [] : probeReader(probeFile),
    async stop() {
      clearInterval(timer);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

/** A small deterministic generator (mulberry32): the same viewports in every run. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
