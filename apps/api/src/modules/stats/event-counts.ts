import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { StatEventType, StatSource } from '@tables-voisines/contract/schemas/stats';
import type { Db } from '../../db/client';
import { OneAtATime } from '../../lib/one-at-a-time';

/** Rows added by one statement: a few hundred kilobytes of JSON at most. */
const ROWS_PER_STATEMENT = 2_000;

/**
 * What one replica counted since its last flush, added to `establishment_daily_counts` every
 * `STATS_FLUSH_SECONDS` and when the app closes (decision 0087): a view costs an addition in memory, and a
 * burst of them one upsert per few thousand distinct (place, day, type, source). Replicas each add their own
 * counts; the upsert sums them.
 *
 * Not a job of the queue (decision 0079's « everything later is a job »): what is flushed is in this process's
 * memory, which no other replica's worker can read. A flush that fails (the database away) keeps its counts
 * for the next one, so nothing counted is lost while the process lives; a process killed without a graceful
 * stop loses at most its last `STATS_FLUSH_SECONDS` of counts.
 */
export class EventCounts {
  #pending = new Map<string, number>();
  readonly #flushes = new OneAtATime();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs: number,
  ) {}

  add(establishmentId: string, day: string, type: StatEventType, source: StatSource): void {
    const key = `${establishmentId}|${day}|${type}|${source}`;
    this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
  }

  /** Distinct (place, day, type, source) waiting for the next flush. */
  get waiting(): number {
    return this.#pending.size;
  }

  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => {
      this.flush().catch(() => undefined);
    }, this.flushMs);
    this.#timer.unref();
  }

  /**
   * Adds what was counted to the database, one flush after the other. The counts of an establishment deleted
   * since are dropped (its counts went with it). On failure the counts go back for the next flush.
   */
  flush(): Promise<void> {
    return this.#flushes.run(async () => {
      if (this.#pending.size === 0) return;
      const rows = [...this.#pending].map(([key, count]) => ({ key, count }));
      this.#pending = new Map();
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
        try {
          await this.#upsert(chunk);
        } catch (error) {
          // The chunks before are in (an upsert adds): this one and the rest go back for the next flush.
          for (const { key, count } of rows.slice(start)) {
            this.#pending.set(key, (this.#pending.get(key) ?? 0) + count);
          }
          this.log.error(
            { err: error, waiting: this.#pending.size },
            'statistics flush failed; its counts are kept for the next one',
          );
          throw error;
        }
      }
    });
  }

  async #upsert(chunk: { key: string; count: number }[]): Promise<void> {
    const rows = chunk.map(({ key, count }) => {
      const [establishment_id, day, type, source] = key.split('|');
      return { establishment_id, day, type, source, count };
    });
    await this.db.execute(sql`
      insert into establishment_daily_counts (establishment_id, day, type, source, count)
      select v.establishment_id, v.day, v.type, v.source, v.count
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(establishment_id uuid, day date, type text, source text, count integer)
      join establishments e on e.id = v.establishment_id
      on conflict (establishment_id, day, type, source)
      do update set count = establishment_daily_counts.count + excluded.count`);
  }

  /** Stops the timer and flushes what is left (the app's close, before the database's). */
  async close(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    // Logged by the flush: closing goes on (the rest of the app still has to close).
    await this.flush().catch(() => undefined);
  }
}
