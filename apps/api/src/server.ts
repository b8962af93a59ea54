import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, openDatabase, type Database } from './db/client';
import { migrateDatabase, STARTUP_LOCK_KEY } from './db/migrate';
import { mapFeedAnswer } from './modules/map/map-feed-answer';
import { resolveJwtSecret } from './secrets';
import { bootstrapAdmin, BootstrapAdminError } from './startup/bootstrap-admin';
import { isDemoLoaded, scheduleDemoBoardRefresh, seedIfNeeded } from './startup/seed';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The username of the admin created from ADMIN_USERNAME/ADMIN_PASSWORD at this start, if any. */
let bootstrappedAdmin: string | null = null;

async function openAndPrepare(config: Config): Promise<Database> {
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.runExclusive(STARTUP_LOCK_KEY, async () => {
      await migrateDatabase(database);
      await seedIfNeeded(config, database);
      bootstrappedAdmin = await bootstrapAdmin(config, database.db);
    });
    return database;
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof BootstrapAdminError) fail(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  config.jwtSecret = await resolveJwtSecret(config);
  const database = await openAndPrepare(config);
  const app = await buildApp({ config, database });
  if (bootstrappedAdmin !== null) {
    app.log.info({ username: bootstrappedAdmin }, 'admin created from ADMIN_USERNAME with manage all');
  }

  const stopRefresh = (await isDemoLoaded(database.db))
    ? scheduleDemoBoardRefresh(database.db, (message, error) =>
        error === undefined ? app.log.info(message) : app.log.error({ err: error }, message),
      )
    : () => {};

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    stopRefresh();
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, engine: database.engine, startupMs: Math.round(performance.now() - startedAt) },
    `${config.site.name} est prêt`,
  );
  // The map's feed and index take seconds to make at 200,000 establishments: made now, in the background,
  // rather than for the first visitor; one after the other, and before a first list asked meanwhile (big
  // productions queue on `responseCache.heavy`: their transient garbage does not add up).
  void Promise.all([mapFeedAnswer(app.ctx), app.ctx.mapIndex.warm()]).catch((err: unknown) =>
    app.log.warn({ err }, 'map data not prepared at start'),
  );
}

main().catch((error: unknown) => {
  console.error('Le serveur n’a pas pu démarrer :', error);
  process.exit(1);
});
