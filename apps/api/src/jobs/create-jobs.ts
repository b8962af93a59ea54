import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { JobDefinition, Jobs, QueueDefinition } from './jobs';
import { JOBS_SETUP_LOCK_KEY, PgBossJobs } from './pg-boss-jobs';

/**
 * How pg-boss talks to the app's database, on both engines (decision 0052): PostgreSQL through the app's own
 * pool; PGlite through its one connection, which queues every query (a multi-statement text without values,
 * as pg-boss's schema migrations are, goes through `exec`).
 */
export function jobsDb(database: Database): PgBoss.Db {
  if (database.engine === 'postgres') {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    return { executeSql: async (text, values) => pool.query(text, values) };
  }
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  return {
    async executeSql(text, values) {
      if (values !== undefined && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** The app's jobs: pg-boss on the app's database, whatever the engine. */
export function createJobs(
  definitions: readonly JobDefinition[],
  queues: readonly QueueDefinition[],
  database: Database,
  log: FastifyBaseLogger,
): Jobs {
  return new PgBossJobs(definitions, queues, jobsDb(database), log, (fn) =>
    database.runExclusive(JOBS_SETUP_LOCK_KEY, fn),
  );
}
