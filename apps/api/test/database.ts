import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

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
