// `npm run export`: the whole public site as static files in ./export (see docs/operations.md).
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildApp } from './app';
import { loadConfig } from './config';
import { runCli } from './lib/run-cli';
import { openDatabase } from './db/client';
import { migrateDatabase, STARTUP_LOCK_KEY } from './db/migrate';
import { resolveJwtSecret } from './secrets';
import { seedIfNeeded } from './startup/seed';
import { exportSite, pageBatchExporter, type PageFiles, type PageHelper } from './web/export-site';
import { readPublicDataAsSnapshot } from './web/public-data';

interface HelperData {
  outDir: string;
  jwtSecret: string;
}
type ToHelper = { id: number; pages: PageFiles[] } | { close: true };
type FromHelper = { ready: true } | { id: number; error?: string };

/**
 * Helper threads besides this one: by default one thread per core. With a batch's reads made at once
 * the database does little, and on a 2-core machine, PostgreSQL beside it, two threads beat one (decision
 * 0032, "Threads by default", with the figures; before the batched reads, one thread per core but one was
 * the default).
 * `EXPORT_THREADS` sets the total, 1 for none. Only with PostgreSQL: each thread opens its own connections,
 * which an embedded PGlite forbids.
 */
function helperCount(engine: 'pglite' | 'postgres'): number {
  if (engine !== 'postgres') return 0;
  const threads = Number(process.env.EXPORT_THREADS ?? os.availableParallelism());
  if (!Number.isInteger(threads) || threads < 1) throw new Error('EXPORT_THREADS: un entier ≥ 1');
  return threads - 1;
}

/** A thread running this same file, with its own app on the same database, rendering the pages it is given. */
function startHelper(data: HelperData): PageHelper & { close(): Promise<void> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failure: Error | undefined;
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
    markReady();
  };
  worker.on('message', (message: FromHelper) => {
    if ('ready' in message) return markReady();
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error === undefined) waiting?.resolve();
    else waiting?.reject(new Error(message.error));
  });
  worker.on('error', fail);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      fail(new Error(`Un fil de l’export s’est arrêté (code ${code}).`));
      resolve();
    }),
  );
  return {
    ready,
    async exportPages(pages) {
      if (failure !== undefined) throw failure;
      const id = nextId++;
      const done = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, pages } satisfies ToHelper);
      return done;
    },
    async close() {
      worker.postMessage({ close: true } satisfies ToHelper);
      await exited;
    },
  };
}

/** In a helper thread: the app built again, batches of pages rendered as the main thread asks. */
async function helperMain(): Promise<void> {
  const { outDir, jwtSecret } = workerData as HelperData;
  const port = parentPort!;
  const config = loadConfig();
  config.jwtSecret = jwtSecret;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: false, pageCache: false });
  // The same fixed snapshot as the main thread reads (see exportSite).
  const stopSnapshot = readPublicDataAsSnapshot(app.ctx);
  const exportPages = pageBatchExporter(app, outDir);
  const closed = new Promise<void>((resolve) => {
    port.on('message', (message: ToHelper) => {
      if ('close' in message) return resolve();
      exportPages(message.pages).then(
        () => port.postMessage({ id: message.id } satisfies FromHelper),
        (error: unknown) =>
          port.postMessage({
            id: message.id,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          } satisfies FromHelper),
      );
    });
  });
  port.postMessage({ ready: true } satisfies FromHelper);
  await closed;
  stopSnapshot();
  await app.close();
  await database.close();
  // Ends this thread now: timers left by the renders would otherwise keep it a few seconds more.
  process.exit(0);
}

async function main(): Promise<number> {
  const outDir = path.resolve(process.argv[2] ?? 'export');
  const config = loadConfig();
  config.jwtSecret = await resolveJwtSecret(config);
  // React Router honours its build-time headers (the SPA fallback) only when this is set: as its own
  // pre-rendering does, and only in this command, never in the server. Helper threads inherit it.
  process.env.IS_RR_BUILD_REQUEST = 'yes';
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const helpers: ReturnType<typeof startHelper>[] = [];
  try {
    await database.runExclusive(STARTUP_LOCK_KEY, async () => {
      await migrateDatabase(database);
      await seedIfNeeded(config, database);
    });
    // Started now, they build their app while this thread builds its own and begins.
    for (let i = 0; i < helperCount(database.engine); i++) {
      helpers.push(startHelper({ outDir, jwtSecret: config.jwtSecret }));
    }
    const app = await buildApp({ config, database, logger: false, pageCache: false });
    try {
      const cpu = process.cpuUsage();
      const result = await exportSite(app, outDir, { helpers });
      const spent = process.cpuUsage(cpu);
      console.log(
        `Site exporté dans ${outDir} : ${result.pages} pages, ${result.files} fichiers, en ${(result.ms / 1000).toFixed(1)} s` +
          ` (${helpers.length + 1} fil${helpers.length > 0 ? 's' : ''}, ` +
          `${((spent.user + spent.system) / 1e6).toFixed(1)} s de calcul).`,
      );
    } finally {
      await app.close();
    }
    return 0;
  } finally {
    await Promise.all(helpers.map((helper) => helper.close()));
    await database.close();
  }
}

if (isMainThread) runCli(main, 'L’export du site a échoué :');
else
  helperMain().catch((error: unknown) => {
    console.error('L’export du site a échoué (fil auxiliaire) :', error);
    process.exit(1);
  });
