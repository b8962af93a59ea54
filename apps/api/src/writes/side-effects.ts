import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { MailMessage, Mailer } from '../adapters/mail/mailer';
import type { Db, DbOrTx } from '../db/client';
import { sideEffects } from '../db/schema';
import type { BackgroundTasks } from '../lib/background';

export type SideEffectKind = (typeof sideEffects.$inferInsert)['kind'];
export interface SideEffectPayloads {
  mail: MailMessage;
}

/** Waits before the next attempt after each failure; past the last one the effect is marked failed. */
const RETRY_DELAYS_S = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];
/** How long a replica holds an effect it runs: long enough for an SMTP time-out, short enough to recover. */
const LEASE_S = 120;
const BATCH = 20;
/** Effects left by a process that stopped, or waiting for a retry, are looked for this often. */
const POLL_MS = 30_000;

type Row = typeof sideEffects.$inferSelect;

/** Written in the write's transaction: run once it is committed, never if it is rolled back. */
export async function recordSideEffect<K extends SideEffectKind>(
  tx: DbOrTx,
  kind: K,
  payload: SideEffectPayloads[K],
): Promise<void> {
  await tx
    .insert(sideEffects)
    .values({ id: randomUUID(), kind, payload: { ...payload } as unknown as Record<string, unknown> });
}

/**
 * Runs the side effects the writes recorded (src/writes/write.ts): at once after their commit, again after
 * a failure with a growing delay, and those left by a process that stopped, which a poll finds. A row is
 * taken with a lease (`locked_until`, `for update skip locked`), so replicas never run the same one at the
 * same time; a replica stopped in the middle of one leaves it to be run again once the lease is over (an
 * e-mail may then go twice, never zero times).
 */
export class SideEffects {
  readonly #db: Db;
  readonly #mailer: Mailer;
  readonly #background: BackgroundTasks;
  readonly #log: FastifyBaseLogger;
  #running = false;
  #again = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: { db: Db; mailer: Mailer; background: BackgroundTasks; log: FastifyBaseLogger }) {
    this.#db = options.db;
    this.#mailer = options.mailer;
    this.#background = options.background;
    this.#log = options.log;
  }

  /** Looks for due effects now and then every 30 seconds, until `stop`. */
  start(): void {
    this.kick();
    this.#timer = setInterval(() => this.kick(), POLL_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Runs what is due, in the background (closing the app waits for it). */
  kick(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    this.#background.run(this.#log, async () => {
      try {
        do {
          this.#again = false;
          await this.runDue();
        } while (this.#again);
      } finally {
        this.#running = false;
      }
    });
  }

  /** Runs every effect due now; answers how many were run (done or failed). */
  async runDue(): Promise<number> {
    let count = 0;
    for (;;) {
      const rows = await this.#claim();
      if (rows.length === 0) return count;
      for (const row of rows) await this.#run(row);
      count += rows.length;
    }
  }

  async #claim(): Promise<Row[]> {
    const result = await this.#db.execute(sql`
      update side_effects
      set locked_until = now() + make_interval(secs => ${LEASE_S}), attempts = attempts + 1
      where id in (
        select id from side_effects
        where failed_at is null and run_after <= now() and (locked_until is null or locked_until < now())
        order by run_after, id
        limit ${BATCH}
        for update skip locked)
      returning id, kind, payload, attempts`);
    const rows = (result as unknown as { rows: Pick<Row, 'id' | 'kind' | 'payload' | 'attempts'>[] }).rows;
    return rows as Row[];
  }

  async #run(row: Pick<Row, 'id' | 'kind' | 'payload' | 'attempts'>): Promise<void> {
    try {
      if (row.kind === 'mail') await this.#mailer.send(row.payload as unknown as MailMessage);
      await this.#db.delete(sideEffects).where(eq(sideEffects.id, row.id));
    } catch (error) {
      const delay = RETRY_DELAYS_S[row.attempts - 1];
      this.#log.error(
        { err: error, effect: row.id, kind: row.kind, attempts: row.attempts, retryInSeconds: delay ?? null },
        delay === undefined ? 'side effect failed for good' : 'side effect failed, will be retried',
      );
      await this.#db
        .update(sideEffects)
        .set({
          lockedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
          ...(delay === undefined
            ? { failedAt: new Date() }
            : { runAfter: sql`now() + make_interval(secs => ${delay})` }),
        })
        .where(eq(sideEffects.id, row.id));
    }
  }
}
