import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { DataVersion } from './lib/data-version';

/** The live services every module gets: built once at start, passed explicitly, never global. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Bumped after every committed write of public data: caches key on it. */
  dataVersion: DataVersion;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
