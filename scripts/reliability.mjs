#!/usr/bin/env node
// `npm run test:reliability [-- --quick]`: the long reliability tests against real server processes, with
// their figures printed and written to bench/results/reliability-*.json.
//
//   full (default): 10,000 fuzzed requests on PGlite and on PostgreSQL, 1,000 writes killed mid-way on both
//                   engines, PostgreSQL stopped and cut off for 20 s under load, two replicas, 10 minutes of soak.
//   --quick (CI):   300 writes per engine, a 6 s cut, the replicas, 45 s of soak (the quick fuzz is in npm test).
//
// Needs the machine's PostgreSQL (RELIABILITY_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres)
// and Redis (RELIABILITY_REDIS_URL, default redis://127.0.0.1:6379).
import { spawnSync } from 'node:child_process';

const quick = process.argv.includes('--quick');
const pgUrl = process.env.RELIABILITY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const env = { ...process.env, RELIABILITY: quick ? 'quick' : 'full', RELIABILITY_PG_URL: pgUrl };
const startedAt = Date.now();
const results = [];

function run(label, args, extraEnv = {}) {
  console.log(`\n--- ${label} ---`);
  const t = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', ...args], {
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });
  results.push({ label, ok: result.status === 0, s: Math.round((Date.now() - t) / 1000) });
}

run('crash, PostgreSQL cut, replicas, soak', ['--project', 'reliability']);
if (!quick) {
  const fuzz = { FUZZ_REQUESTS: '10000', FUZZ_RECORD: '1' };
  run('contract fuzzing, PGlite', ['--project', 'api', 'apps/api/test/contract-fuzz.test.ts'], fuzz);
  run('contract fuzzing, PostgreSQL', ['--project', 'api', 'apps/api/test/contract-fuzz.test.ts'], {
    ...fuzz,
    DATABASE_URL: pgUrl,
  });
}

console.log(
  `\n=== reliability (${quick ? 'quick' : 'full'}) in ${Math.round((Date.now() - startedAt) / 1000)} s ===`,
);
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label} (${r.s} s)`);
console.log('Figures: bench/results/reliability-*.json');
process.exit(results.every((r) => r.ok) ? 0 : 1);
