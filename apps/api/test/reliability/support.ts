import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../server-process';

/** `RELIABILITY=full` (npm run test:reliability) or quick (CI, the default). */
export const FULL = process.env.RELIABILITY === 'full';

/** The machine's PostgreSQL; databases made here are named `tv_rel_...` and dropped afterwards. */
export const PG_SERVER_URL = process.env.RELIABILITY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const ADMIN = { ADMIN_USERNAME: 'fiabilite', ADMIN_PASSWORD: 'Une-phrase-de-passe-solide-42' };
export const JWT_SECRET = 'reliability-tests-secret-long-enough-for-hs256';

/**
 * A server's environment on the PostgreSQL database at `databaseUrl`, with the tests' admin and the JWT
 * secret that the server requires with DATABASE_URL (the same for every replica, which then sign alike).
 */
export const postgresEnv = (databaseUrl: string) => ({ DATABASE_URL: databaseUrl, JWT_SECRET, ...ADMIN });

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createThrowawayDatabase(serverUrl = PG_SERVER_URL): Promise<ThrowawayDatabase> {
  const name = `tv_rel_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export async function signInAdmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`admin sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { authentication: { token: string } }).authentication.token;
}

/**
 * Prints `line` (by default the figures under `name (key)`), then merges `figures` under `key` (and the mode)
 * into bench/results/reliability-<name>.json (one file per topic, one key per engine or mode), with the date,
 * and returns the path.
 */
export async function recordFigures(
  name: string,
  key: string,
  figures: object,
  line = `${name} (${key}): ${JSON.stringify(figures)}`,
): Promise<string> {
  report(line);
  const file = path.join(repoRoot, 'bench/results', `reliability-${name}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // first figures
  }
  // Quick runs (CI) never overwrite the figures of a full run.
  current[`${key}, ${FULL ? 'full' : 'quick'}`] = { date: new Date().toISOString(), ...figures };
  await writeFile(file, `${JSON.stringify(current, null, 2)}\n`);
  return file;
}

export const report = (line: string) => process.stdout.write(`${line}\n`);
