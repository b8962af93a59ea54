import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { migrationsDir } from '../src/paths';

export type TemplateKind = 'empty' | 'demo';

/**
 * A database of its own for one test file, cloned from a template migrated once per run:
 * PGlite in memory by default, a fresh PostgreSQL database when DATABASE_URL is set.
 */
export async function createTestDatabase(kind: TemplateKind = 'empty'): Promise<Database> {
  const pglite = inject('pgliteTemplates');
  if (pglite !== null) {
    const loadDataDir = new Blob([await readFile(pglite[kind])]);
    return openDatabase({ databaseUrl: undefined, dataDir: undefined, loadDataDir });
  }
  const templates = inject('pgTemplates');
  if (templates === null) throw new Error('global setup provided no database template');
  return scratchPostgresDatabase(
    templates.serverUrl,
    `${templates.empty.replace(/_tpl_empty$/, '')}_${randomUUID().slice(0, 8)}`,
    `template "${templates[kind]}"`,
  );
}

/**
 * A PostgreSQL database of its own on `serverUrl`, named `name` and made `create database … <options>`
 * (a template, or nothing for a blank one); `close()` drops it.
 */
export async function scratchPostgresDatabase(
  serverUrl: string,
  name: string,
  options = '',
): Promise<Database> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" ${options}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: undefined });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export const testEngine = (): 'pglite' | 'postgres' =>
  inject('pgTemplates') === null ? 'pglite' : 'postgres';

/** A database with no table at all, on the engine the tests run on. */
export async function blankDatabase(): Promise<Database> {
  const templates = inject('pgTemplates');
  if (templates === null) return openDatabase({ databaseUrl: undefined, dataDir: undefined });
  return scratchPostgresDatabase(templates.serverUrl, `tv_blank_${randomUUID().slice(0, 8)}`);
}

/**
 * Applies to `database` the checked-in migrations before the one tagged `tag` (`0008_boards_by_place`), as a
 * database written before it was: a test then writes rows as they were, and migrates the rest.
 */
export async function migrateBefore(database: Database, tag: string): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tv-migrations-'));
  try {
    await cp(migrationsDir, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    if (!journal.entries.some((e) => e.tag === tag)) throw new Error(`no migration ${tag}`);
    journal.entries = journal.entries.filter((e) => e.tag < tag);
    await writeFile(journalFile, JSON.stringify(journal));
    const config = { migrationsFolder: dir };
    if (database.engine === 'pglite') await migratePglite(database.db as never, config);
    else await migratePg(database.db as never, config);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A PostgreSQL-only test's guard (`what` it checks, in `file`): whether the tier runs on PostgreSQL here, and
 * whether skipping it is forbidden (`REQUIRE_POSTGRES=1`, or CI's database tier `npm run test:db`), where it
 * must fail instead. Skipped, it says so loudly, with the command that runs it.
 */
export function postgresOnly(what: string, file: string): { onPostgres: boolean; skipForbidden: boolean } {
  const onPostgres = testEngine() === 'postgres';
  const skipForbidden =
    process.env.REQUIRE_POSTGRES === '1' ||
    (process.env.CI !== undefined && process.env.npm_lifecycle_event === 'test:db');
  if (!onPostgres) {
    console.warn(
      `${path.basename(file)}: ${what} needs PostgreSQL and is SKIPPED on PGlite; run it with ` +
        `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run --project api ${file}`,
    );
  }
  return { onPostgres, skipForbidden };
}
