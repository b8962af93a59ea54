import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config, type Env } from '../src/config';
import type { Database, Db } from '../src/db/client';
import { createTestDatabase, type TemplateKind } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  data?: TemplateKind;
  env?: Env;
  serveWeb?: boolean;
  /** Pino options (e.g. `{ level: 'info', stream }` to read the logs); silent by default. */
  logger?: boolean | object;
  /** The app's clock (`ctx.clock`): a `TestClock` the test moves; the real time by default. */
  clock?: () => Date;
}

/** The real app on a database of its own, driven with `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    NODE_ENV: 'test',
    ...options.env,
  });
  const database = await createTestDatabase(options.data ?? 'empty');
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    serveWeb: options.serveWeb ?? false,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A clock a test sets and moves: `clock.now` is what `ctx.clock()` answers (`exactOptionalPropertyTypes`
 * wants the option left out rather than undefined, hence the function).
 */
export class TestClock {
  #now: Date;

  constructor(start: string | Date) {
    this.#now = new Date(start);
  }

  readonly now = (): Date => new Date(this.#now);

  set(instant: string | Date): void {
    this.#now = new Date(instant);
  }

  advance(ms: number): void {
    this.#now = new Date(this.#now.getTime() + ms);
  }
}
