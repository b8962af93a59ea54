import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { loadDemoData } from '../src/db/seed/load-demo';
import { parisDay } from '@tables-voisines/contract/paris-time';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: files holding a migrated database, empty and with the demo data. */
    pgliteTemplates: { empty: string; demo: string } | null;
    /** PostgreSQL: template databases to clone, and the server's address. */
    pgTemplates: { empty: string; demo: string; serverUrl: string } | null;
    /** The Paris day the demo template's boards were made for: a run may go on past midnight. */
    demoDay: string;
  }
}

async function prepare(database: Database, demo: boolean, today: string): Promise<void> {
  await migrateDatabase(database);
  if (demo) await loadDemoData(database.db, { today });
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates once per run; each test file then gets its own copy (see database.ts). */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const today = parisDay(new Date());
  project.provide('demoDay', today);
  if (serverUrl === undefined) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tv-templates-'));
    const templates = { empty: path.join(dir, 'empty.tar.gz'), demo: path.join(dir, 'demo.tar.gz') };
    for (const kind of ['empty', 'demo'] as const) {
      const database = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
      await prepare(database, kind === 'demo', today);
      const dump = await database.dump!();
      await writeFile(templates[kind], Buffer.from(await dump.arrayBuffer()));
      await database.close();
    }
    project.provide('pgliteTemplates', templates);
    project.provide('pgTemplates', null);
    return async () => rm(dir, { recursive: true, force: true });
  }

  const run = `tv_${process.pid}_${Date.now().toString(36)}`;
  const templates = { empty: `${run}_tpl_empty`, demo: `${run}_tpl_demo`, serverUrl };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const kind of ['empty', 'demo'] as const) {
    await admin.query(`create database "${templates[kind]}"`);
    const database = await openDatabase({
      databaseUrl: databaseUrl(serverUrl, templates[kind]),
      dataDir: undefined,
    });
    await prepare(database, kind === 'demo', today);
    await database.close();
  }
  project.provide('pgliteTemplates', null);
  project.provide('pgTemplates', templates);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${run}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}
