import type { Config } from './config';
import type { Database, Db } from './db/client';

/** The live services every module gets: built once at start, passed explicitly, never global. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
