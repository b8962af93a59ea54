import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { appMeta, establishments } from '../db/schema';
import { loadDemoData, refreshDemoMenuBoards } from '../db/seed/load-demo';
import { msUntilNextParisMidnight, parisDay } from '@tables-voisines/contract/paris-time';
import { realClock, type Clock } from '../lib/clock';

export async function isDemoLoaded(db: Db): Promise<boolean> {
  const rows = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, 'seed'));
  return rows[0]?.value === 'demo';
}

async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(establishments);
  return (rows[0]?.n ?? 0) === 0;
}

/**
 * `SEED=demo` loads the demonstration set once; with SEED unset, an empty embedded database gets it
 * too (the quick start shows a living map), a PostgreSQL database never does.
 */
export async function decideSeed(config: Config, database: Database): Promise<'demo' | 'none'> {
  if (config.seed === 'none') return 'none';
  if (await isDemoLoaded(database.db)) return 'none';
  if (config.seed === 'demo') return 'demo';
  return database.engine === 'pglite' && (await isEmpty(database.db)) ? 'demo' : 'none';
}

export async function seedIfNeeded(
  config: Config,
  database: Database,
  onProgress?: (done: number, total: number) => void,
  clock: Clock = realClock,
): Promise<boolean> {
  if ((await decideSeed(config, database)) === 'none') return false;
  await loadDemoData(database.db, { today: parisDay(clock()), ...(onProgress ? { onProgress } : {}) });
  return true;
}

/**
 * Keeps the demonstration menu boards dated today: once at start, then after each midnight in
 * Europe/Paris. Returns a function that stops the timer.
 */
export function scheduleDemoBoardRefresh(
  db: Db,
  log: (message: string, error?: unknown) => void,
  clock: Clock = realClock,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      if (await refreshDemoMenuBoards(db, parisDay(clock()))) log('demo menu boards refreshed for today');
    } catch (error) {
      log('demo menu boards refresh failed', error);
    }
    if (stopped) return;
    timer = setTimeout(run, msUntilNextParisMidnight(clock()) + 1_000);
    timer.unref();
  };
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
