// Export benchmark: 200,000 establishments exported as CSV and XLSX over HTTP by the real server, with the
// time and the server's peak resident memory of each. Not part of `npm test`; run `npm run bench:export`.
//
//   npm run bench:export                       # PostgreSQL at 127.0.0.1:5432 (user postgres), 200,000 rows
//   BENCH_DATABASE_URL=postgres://... BENCH_ROWS=50000 npm run bench:export
//
// It builds the API bundle, creates a scratch database, fills it in SQL with generate_series (seconds, not
// one insert per row), starts `node apps/api/dist/server.js` on it, streams each export to nowhere while
// sampling the server's memory, writes bench/results/export.json, then drops the database.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// No network here: the server draws the bundled offline base map (ARCHITECTURE.md).
process.env.MAP_STYLE ??= 'offline';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(process.env.BENCH_ROWS ?? 200_000);
const dbName = `tv_bench_export_${process.pid}`;
const MiB = 1024 * 1024;

function urlOf(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process from /proc, in bytes: now (VmRSS) and its peak (VmHWM). */
async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
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

async function waitReady(base, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready after 120 s');
}

async function fill(client) {
  const started = performance.now();
  await client.query(`
    insert into categories (id, slug, name_fr, name_en, search_fr, search_en)
    select gen_random_uuid(), 'categorie-' || n, 'Catégorie ' || n, 'Category ' || n, 'categorie ' || n, 'category ' || n
    from generate_series(1, 40) n`);
  await client.query(
    `insert into restaurant_owners (id, email, password_hash, first_name, last_name, phone, confirmed)
     select gen_random_uuid(), 'restaurateur-' || n || '@exemple.fr', 'x', 'Prénom ' || n, 'Nom ' || n,
            '06 12 34 ' || lpad((n % 100)::text, 2, '0') || ' 00', n % 3 <> 0
     from generate_series(1, $1::int) n`,
    [Math.floor(rows / 10)],
  );
  await client.query(
    `insert into establishments (id, uri, kind, name, venue_type, description, street, postcode, town, latitude,
                                 longitude, phone, email, website, price_range, claim_code, search_text, disabled)
     select gen_random_uuid(), 'etablissement-' || n || '-a-ville-' || (n % 3000),
            case when n % 7 = 0 then 'remplisvert' else 'restaurant' end,
            'Établissement n°' || n, (array['restaurant','brasserie','creperie','bar'])[1 + n % 4],
            'Cuisine de saison, produits locaux ; « fait maison ».', n || ' rue de la République',
            lpad(((n % 95) + 1)::text, 2, '0') || '000', 'Ville ' || (n % 3000),
            42 + (n % 800) / 100.0, -4 + (n % 1200) / 100.0, '04 78 00 ' || lpad((n % 100)::text, 2, '0') || ' 00',
            'contact-' || n || '@exemple.fr', 'https://exemple.fr/' || n, (array['€','€€','€€€'])[1 + n % 3],
            'B' || lpad(to_hex(n), 7, '0'), 'etablissement n°' || n || ' ville ' || (n % 3000), n % 50 = 0
     from generate_series(1, $1::int) n`,
    [rows],
  );
  await client.query(`
    insert into establishment_categories (establishment_id, category_id, position)
    select e.id, c.id, 0 from establishments e
    join lateral (select id from categories order by slug offset (abs(hashtext(e.uri)) % 40) limit 1) c on true`);
  await client.query(`
    update establishments e set owner_id = o.id
    from (select id, row_number() over (order by email) as rn from restaurant_owners) o,
         (select id, row_number() over (order by uri) as rn from establishments) r
    where r.id = e.id and r.rn = o.rn`);
  await client.query('analyze');
  return (performance.now() - started) / 1000;
}

async function download(base, token, url) {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const firstByte = (performance.now() - started) / 1000;
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (!url.includes('xlsx')) for (const b of value) if (b === 10) lines++;
  }
  return { seconds: (performance.now() - started) / 1000, firstByteSeconds: firstByte, bytes, lines };
}

async function main() {
  const adminClient = new pg.Client({ connectionString: serverUrl });
  await adminClient.connect();
  await adminClient.query(`create database "${dbName}"`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-export-'));
  let child;
  try {
    // Builds only what changed since the last build: CI runs this beside the database tier, whose tests start
    // the built server, and a rebuild would rewrite it under them.
    execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
    const env = {
      ...process.env,
      DATABASE_URL: urlOf(dbName),
      JWT_SECRET: 'bench-secret-long-enough-for-hs256-signing-0123456789',
      ADMIN_USERNAME: 'mesure',
      ADMIN_PASSWORD: 'Tartiflette-Savoyarde-Reblochon-74',
      SEED: 'none',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    const start = async (nodeFlags) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, [...nodeFlags, 'apps/api/dist/server.js'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...env, PORT: String(port) },
      });
      await waitReady(base, child);
      return base;
    };
    const stop = async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    };

    // First start: migrations, then the data.
    let base = await start([]);
    const client = new pg.Client({ connectionString: urlOf(dbName) });
    await client.connect();
    console.log(`filling ${rows} establishments...`);
    const fillSeconds = await fill(client);
    await client.end();
    console.log(`filled in ${fillSeconds.toFixed(1)} s`);

    const runs = [];
    // Default heap settings, then a server capped at a 96 MB heap: finishing under the cap shows the
    // exports do not grow with the number of rows (the default run's peak is mostly garbage V8 has not
    // collected yet because it had no reason to).
    for (const flags of [[], ['--max-old-space-size=96']]) {
      if (flags.length > 0) {
        await stop();
        base = await start(flags);
      }
      const signIn = await fetch(`${base}/api/admin/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'mesure', password: 'Tartiflette-Savoyarde-Reblochon-74' }),
      });
      const { authentication } = await signIn.json();
      const idle = await memoryOf(child.pid);
      const results = [];
      for (const [label, url] of [
        ['establishments CSV', '/api/establishments/export'],
        ['establishments XLSX', '/api/establishments/export?format=xlsx'],
        ['owners CSV', '/api/restaurant-owners/export'],
      ]) {
        const peakReset = await resetPeak(child.pid);
        const before = await memoryOf(child.pid);
        let maxRss = before.rss;
        const timer = setInterval(() => {
          memoryOf(child.pid).then(
            (m) => (maxRss = Math.max(maxRss, m.rss)),
            () => {},
          );
        }, 25);
        const run = await download(base, authentication.token, url);
        clearInterval(timer);
        const after = await memoryOf(child.pid);
        const peak = peakReset ? Math.max(after.peak, maxRss) : maxRss;
        const result = {
          export: label,
          url: `POST ${url}`,
          seconds: Number(run.seconds.toFixed(2)),
          firstByteSeconds: Number(run.firstByteSeconds.toFixed(3)),
          megabytes: Number((run.bytes / MiB).toFixed(1)),
          ...(url.includes('xlsx') ? {} : { dataRows: run.lines - 1 }),
          rssBeforeMiB: Math.round(before.rss / MiB),
          peakRssMiB: Math.round(peak / MiB),
        };
        console.log(flags.join(' ') || 'default heap', result);
        results.push(result);
      }
      runs.push({
        serverCommand: `node ${[...flags, 'apps/api/dist/server.js'].join(' ')}`,
        serverIdleRssMiB: Math.round(idle.rss / MiB),
        results,
      });
    }

    const record = {
      what: 'Streamed exports of the real server (node apps/api/dist/server.js) over HTTP, body read and discarded',
      command: `BENCH_ROWS=${rows} npm run bench:export`,
      date: new Date().toISOString(),
      rows,
      owners: Math.floor(rows / 10),
      engine: 'PostgreSQL',
      postgres: (await adminClient.query('show server_version')).rows[0].server_version,
      node: process.version,
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
      },
      fillSeconds: Number(fillSeconds.toFixed(1)),
      peakRssMeasuredBy: 'VmHWM of the server process after a reset (clear_refs), and VmRSS every 25 ms',
      runs,
    };
    const file = path.join(process.env.BENCH_RESULTS_DIR ?? path.join(root, 'bench/results'), 'export.json');
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`written to ${path.relative(root, file)}`);
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
