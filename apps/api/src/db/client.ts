import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema';

/** Both drivers fit this type: queries are written once for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly engine: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Runs `fn` while holding a cluster-wide lock (a PostgreSQL advisory lock on one dedicated
   * connection), so replicas starting together migrate and seed one after the other.
   */
  runExclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: a gzipped copy of the whole database (templates for tests, backups). */
  dump?(): Promise<Blob>;
}

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `Le dossier de données ${dir} est déjà utilisé par un autre processus. ` +
        'Arrêtez l’autre serveur ou choisissez un autre DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export const pgliteExtensions = { pg_trgm, btree_gist };

/**
 * The embedded engine's buffer pool (decision 0059, with its figures). PostgreSQL's default, 128 MB, lives
 * inside PGlite's WebAssembly memory, resident as soon as the engine opens and never given back. At 16 MB
 * the server holds less than at 32 with the same latency under the demo load; a page outside it is read
 * again from the data directory's files, which the kernel's page cache keeps. Only the memory changes: what
 * is written, and when it reaches the disk, do not.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** PGlite's own start parameters, plus the buffer pool's size. */
export const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

interface LockOwner {
  pid: number;
  host: string;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Lock's freshness: refreshed every 2 s while we run, stale 10 s after the last refresh. */
const LOCK_OPTIONS = { stale: 10_000, update: 2_000 } as const;

/**
 * Takes the data directory's lock (`db.lock`, proper-lockfile) and records who holds it (`db.lock.owner`).
 * Held by a live process: refused at once. Left by a process that died without releasing it (SIGKILL, power
 * cut): we wait until the lock goes stale (10 s after its last refresh) and take it over, which proper-lockfile
 * does safely; a lock still refreshed by someone is never taken.
 */
export async function lockDataDir(dataDir: string, dir: string): Promise<() => Promise<void>> {
  const lockfilePath = `${dir}.lock`;
  const ownerFile = `${dir}.lock.owner`;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, { ...LOCK_OPTIONS, lockfilePath });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = await readOwner(ownerFile);
    const ownerAlive = owner !== undefined && (owner.host !== os.hostname() || isAlive(owner.pid));
    if (ownerAlive) throw new DataDirLockedError(dataDir);
    try {
      release = await lockfile.lock(dir, {
        ...LOCK_OPTIONS,
        lockfilePath,
        retries: { retries: 14, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
      });
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw retryError;
    }
  }
  await writeFile(ownerFile, JSON.stringify({ pid: process.pid, host: os.hostname() } satisfies LockOwner));
  return async () => {
    await rm(ownerFile, { force: true });
    await release();
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (dataDir !== undefined) {
    dir = path.join(dataDir, 'db');
    await mkdir(dir, { recursive: true });
    // PGlite has no lock of its own: a second process on the same directory would corrupt it.
    release = await lockDataDir(dataDir, dir);
  }
  const client = new PGlite({
    ...(dir === undefined ? {} : { dataDir: dir }),
    ...(loadDataDir === undefined ? {} : { loadDataDir }),
    extensions: pgliteExtensions,
    startParams: pgliteStartParams,
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    dump: () => client.dumpDataDir('gzip'),
    // One process per data directory (the lock above): nothing else can race us.
    runExclusive: (_key, fn) => fn(),
    async close() {
      await client.close();
      await release?.();
    },
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async runExclusive(key, fn) {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        connection.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  /** Embedded data directory; undefined keeps PGlite in memory (tests). */
  dataDir: string | undefined;
  /** PGlite only: start from a dump made by `dumpDataDir` (tests clone a migrated template). */
  loadDataDir?: Blob;
}

export function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl === undefined
    ? openPglite(options.dataDir, options.loadDataDir)
    : openPostgres(options.databaseUrl);
}
