// `npm run export`: the whole public site as static files in ./export (see docs/operations.md).
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { runCli } from './lib/run-cli';
import { openDatabase } from './db/client';
import { migrateDatabase, STARTUP_LOCK_KEY } from './db/migrate';
import { resolveJwtSecret } from './secrets';
import { seedIfNeeded } from './startup/seed';
import { exportSite } from './web/export-site';

async function main(): Promise<number> {
  const outDir = path.resolve(process.argv[2] ?? 'export');
  const config = loadConfig();
  config.jwtSecret = await resolveJwtSecret(config);
  // React Router honours its build-time headers (the SPA fallback) only when this is set: as its own
  // pre-rendering does, and only in this command, never in the server.
  process.env.IS_RR_BUILD_REQUEST = 'yes';
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.runExclusive(STARTUP_LOCK_KEY, async () => {
      await migrateDatabase(database);
      await seedIfNeeded(config, database);
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const result = await exportSite(app, outDir);
      console.log(
        `Site exporté dans ${outDir} : ${result.pages} pages, ${result.files} fichiers, en ${(result.ms / 1000).toFixed(1)} s.`,
      );
    } finally {
      await app.close();
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, 'L’export du site a échoué :');
