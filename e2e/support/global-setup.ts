import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_TEMPLATE_ENV, RUN_DIR_ENV, repoRoot } from './server';

/**
 * Loads the demo data once per run into a data directory that each journey's server starts from a copy of
 * (`startServer`), instead of every server seeding its own (a start took 6.0 s instead of 11.7 s here). The
 * fresh start, seeding included, stays covered by e2e/start.test.ts (`startServer(env, { fresh: true })`).
 * The servers see the folder through the environment, which the test workers inherit.
 */
export default async function setup() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tv-e2e-template-'));
  const seeded = spawnSync(process.execPath, ['apps/api/dist/seed-cli.js'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) {
    throw new Error(`npm run seed failed for the journeys' template:\n${seeded.stdout}\n${seeded.stderr}`);
  }
  process.env[DEMO_TEMPLATE_ENV] = dir;
  const runDir = await mkdtemp(path.join(os.tmpdir(), 'tv-e2e-run-'));
  process.env[RUN_DIR_ENV] = runDir;
  return async () => {
    delete process.env[DEMO_TEMPLATE_ENV];
    delete process.env[RUN_DIR_ENV];
    // The servers' data directories that their journeys did not wait to see removed (`RunningServer.stop`).
    await rm(runDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
    await rm(dir, { recursive: true, force: true });
  };
}
