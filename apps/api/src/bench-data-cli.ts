// `npm run bench:data`: loads the benchmark data set (200,000 establishments, 1,000,000 menu boards) into
// PostgreSQL (BENCH_DATA_URL) or into an embedded PGlite database (BENCH_DATA_DIR). Options:
//   --establishments N  --boards N  (defaults 200000 and 1000000)
//   --shift             only move the boards of an existing set so the newest are today's
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import {
  BENCH_ESTABLISHMENTS,
  BENCH_MENU_BOARDS,
  loadBenchData,
  shiftBenchBoardsTo,
} from './db/seed/bench-data';
import { realClock } from './lib/clock';
import { runCli } from './lib/run-cli';
import { dropBoardAnswersBefore } from './modules/menu-boards/menu-boards.queries';
import { establishments } from './db/schema';
import { sql } from 'drizzle-orm';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      establishments: { type: 'string', default: String(BENCH_ESTABLISHMENTS) },
      boards: { type: 'string', default: String(BENCH_MENU_BOARDS) },
      shift: { type: 'boolean', default: false },
    },
  });
  const databaseUrl = process.env.BENCH_DATA_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  if ((databaseUrl === undefined) === (dataDir === undefined)) {
    console.error('Indiquez soit BENCH_DATA_URL (PostgreSQL), soit BENCH_DATA_DIR (PGlite).');
    return 2;
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateDatabase(database);
    const today = parisDay(realClock());
    if (values.shift) {
      const days = await shiftBenchBoardsTo(database.db, today);
      console.log(`Ardoises décalées de ${days} jour(s).`);
      return 0;
    }
    const existing = await database.db.select({ n: sql<number>`count(*)::int` }).from(establishments);
    if ((existing[0]?.n ?? 0) > 0) {
      console.error('La base contient déjà des établissements : utilisez une base vide.');
      return 1;
    }
    const bar = new cliProgress.SingleBar(
      {
        format:
          'Données de mesure [{bar}] {percentage} % | {value}/{total} lignes | {stage} | {duration_formatted}',
        noTTYOutput: true,
        notTTYSchedule: 10_000,
      },
      cliProgress.Presets.shades_classic,
    );
    const started = performance.now();
    bar.start(1, 0, { stage: 'génération' });
    const summary = await loadBenchData(database.db, {
      establishments: Number(values.establishments),
      menuBoards: Number(values.boards),
      today,
      onProgress(done, total, stage) {
        bar.setTotal(total);
        bar.update(done, { stage });
      },
    });
    bar.stop();
    console.log(
      `${summary.establishments} établissements, ${summary.menuBoards} ardoises (${summary.menuBoardItems} plats) ` +
        `du ${summary.oldestDay} au ${summary.newestDay}, chargés en ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
    // As the daily job leaves a real database: the surrounding search's kept answers of today and yesterday
    // only (decision 0062), the older boards built from the tables if ever asked.
    const dropped = await dropBoardAnswersBefore(database.db, addDays(today, -1));
    console.log(`Réponses gardées des jours passés supprimées : ${dropped}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, 'Le chargement des données de mesure a échoué :');
