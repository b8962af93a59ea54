// `npm run seed`: loads the demonstration data set into the configured database.
import cliProgress from 'cli-progress';
import { loadConfig } from './config';
import { realClock } from './lib/clock';
import { runCli } from './lib/run-cli';
import { openDatabase } from './db/client';
import { migrateDatabase, STARTUP_LOCK_KEY } from './db/migrate';
import { isDemoLoaded } from './startup/seed';
import { loadDemoData } from './db/seed/load-demo';
import { parisDay } from '@tables-voisines/contract/paris-time';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await database.runExclusive(STARTUP_LOCK_KEY, async () => {
      await migrateDatabase(database);
      if (await isDemoLoaded(database.db)) {
        console.log('Les données de démonstration sont déjà chargées : rien à faire.');
        return 0;
      }
      const bar = process.stdout.isTTY
        ? new cliProgress.SingleBar(
            {
              format:
                'Données de démonstration [{bar}] {percentage} % | {value}/{total} lignes | {duration_formatted}',
            },
            cliProgress.Presets.shades_classic,
          )
        : undefined;
      const startedAt = performance.now();
      let started = false;
      await loadDemoData(database.db, {
        today: parisDay(realClock()),
        onProgress(done, total) {
          if (bar === undefined) return;
          if (!started) bar.start(total, 0);
          started = true;
          bar.update(done);
        },
      });
      bar?.stop();
      console.log(
        `Données de démonstration chargées en ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`,
      );
      return 0;
    });
  } finally {
    await database.close();
  }
}

runCli(main, 'Le chargement des données de démonstration a échoué :');
