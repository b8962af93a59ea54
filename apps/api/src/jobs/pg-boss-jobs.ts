import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client';
import {
  JOB_TIME_ZONE,
  type JobDefinition,
  type JobName,
  type Jobs,
  type JobsLog,
  type QueueDefinition,
  type QueuedJobs,
  type QueueName,
  type SendOptions,
} from './jobs';

/** pg-boss's own schema, created and migrated by pg-boss at its first start. */
export const PG_BOSS_SCHEMA = 'pgboss';
/** How often an idle worker asks for a job (pg-boss's minimum is half a second). */
const POLLING_SECONDS = 1;
/** The advisory lock under which a replica installs pg-boss and declares the queues (db/migrate.ts has its own). */
export const JOBS_SETUP_LOCK_KEY = 7_284_113_907;
/** Jobs a worker takes at a time from a queue of work sent by the app. */
const BATCH_SIZE = 20;
/** How long `runNow` waits for the job it sent. */
const RUN_NOW_TIMEOUT_MS = 120_000;

type Exclusive = (fn: () => Promise<void>) => Promise<void>;

/**
 * pg-boss's statements run in a transaction of the app (drizzle's): its text's `$n` become drizzle's
 * parameters, so the job's row is written by the transaction's own connection (PGlite has only one) and
 * committed or rolled back with it. Objects go as JSON (the job's `data`).
 */
export function executeSqlIn(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = text.split(/\$(\d+)/).map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        const value: unknown = values[Number(part) - 1];
        const json = value !== null && typeof value === 'object' && !(value instanceof Date);
        return sql`${sql.param(json ? JSON.stringify(value) : value)}`;
      });
      const result = await tx.execute(sql.join(chunks));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

/**
 * What a statement pg-boss sends after the queue stopped is answered, unsent (the database is about to
 * close): no row, except for its commands (complete, fail, cancel…), which end with `SELECT COUNT(*) FROM
 * results` and read `rows[0].count` (an empty answer threw « Cannot read properties of undefined (reading
 * 'count') », seen once in CI when a job completed as its queue stopped). Nothing is written then: the job
 * stays active and is run again after its expiry, as after a crash.
 */
function stoppedAnswer(text: string): { rows: Record<string, unknown>[] } {
  return /select\s+count\(\*\)(\s+as\s+count)?\s+from\s+\S+\s*(where[\s\S]*)?$/i.test(text.trim())
    ? { rows: [{ count: '0' }] }
    : { rows: [] };
}
/**
 * The runner: a pg-boss queue per job on the app's database (PostgreSQL, or PGlite in the embedded mode). Schedules are pg-boss's (one
 * cron tick makes one job, whatever the number of replicas), workers on every replica take the jobs
 * (`for update skip locked` in pg-boss), failures are retried by the queue. What a handler must do once
 * per establishment is guarded again in its own transaction (jobs/verify-reminders.ts).
 */
export class PgBossJobs implements Jobs {
  readonly #boss: PgBoss;
  readonly #definitions: readonly JobDefinition[];
  readonly #queues: readonly QueueDefinition[];
  readonly #workers = new Map<QueueName, string>();
  readonly #db: PgBoss.Db;
  readonly #log: JobsLog;
  readonly #exclusive: Exclusive;
  #started = false;
  #stopped = false;
  readonly #inFlight = new Set<Promise<unknown>>();

  /** `exclusive` runs its function while no other replica runs its own (an advisory lock on PostgreSQL). */
  constructor(
    definitions: readonly JobDefinition[],
    queues: readonly QueueDefinition[],
    db: PgBoss.Db,
    log: JobsLog,
    exclusive: Exclusive,
  ) {
    this.#definitions = definitions;
    this.#queues = queues;
    this.#db = db;
    this.#log = log;
    this.#exclusive = exclusive;
    // The app's own connections (create-jobs.ts): no second pool, and a test's database is the one used.
    // pg-boss's own statements, counted: its stop does not wait for a fetch or a timer's statement already
    // sent, and the app closes the database right after (a replica sharing the pool closes it even sooner).
    const counted: PgBoss.Db = {
      executeSql: (text, values) => {
        if (this.#stopped) return Promise.resolve(stoppedAnswer(text));
        const running = db.executeSql(text, values);
        this.#inFlight.add(running);
        void running.then(
          () => this.#inFlight.delete(running),
          () => this.#inFlight.delete(running),
        );
        return running;
      },
    };
    this.#boss = new PgBoss({ schema: PG_BOSS_SCHEMA, db: counted });
    this.#boss.on('error', (error) => this.#log.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    // Replicas starting together raced on pg-boss's first install and on its queues' partitions (`create
    // schema` outside its own lock: a unique violation in pg_namespace, seen in CI): one replica at a time
    // installs and declares, the others then find it all made.
    await this.#exclusive(async () => {
      await this.#boss.start();
      this.#started = true;
      for (const job of this.#definitions) {
        await this.#boss.createQueue(job.name, {
          name: job.name,
          retryLimit: 3,
          retryDelay: 60,
          retryBackoff: true,
          expireInSeconds: 15 * 60,
        });
        await this.#boss.schedule(job.name, job.cron, {}, { tz: JOB_TIME_ZONE });
      }
      for (const queue of this.#queues) {
        await this.#boss.createQueue(queue.name, {
          name: queue.name,
          // `short`: one job per singleton key in the `created` state (pg-boss's unique index).
          ...(queue.singletonWhileWaiting === true ? { policy: 'short' as const } : {}),
          retryLimit: queue.retryLimit,
          retryDelay: queue.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: queue.expireInSeconds,
        });
      }
    });
    for (const queue of this.#queues) {
      const batchSize = queue.batchSize ?? BATCH_SIZE;
      const worker = await this.#boss.work<QueuedJobs[typeof queue.name]>(
        queue.name,
        { pollingIntervalSeconds: POLLING_SECONDS, batchSize },
        async (taken) => {
          // Each job of the batch on its own: a failed one goes back for a retry (or is kept failed after
          // its last try), the others are done.
          for (const job of taken) {
            try {
              await queue.run(job.data);
            } catch (error) {
              this.#log.error({ err: error, job: queue.name, id: job.id }, 'queued job failed');
              const reason = error instanceof Error ? error.message.slice(0, 1000) : String(error);
              await this.#boss.fail(queue.name, job.id, { message: reason });
            }
          }
          // A full batch: more may be waiting, so the worker looks again at once rather than in a second.
          if (taken.length === batchSize) this.wake(queue.name);
        },
      );
      this.#workers.set(queue.name, worker);
    }
    for (const job of this.#definitions) {
      await this.#boss.work(job.name, { pollingIntervalSeconds: POLLING_SECONDS }, async ([taken]) => {
        const count = await job.run();
        this.#log.info({ job: job.name, id: taken?.id, count }, 'job done');
        return { count };
      });
    }
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    this.#workers.clear();
    // Waits for the jobs being run, then for the statements pg-boss still has running; any it starts later
    // (a timer's tick already under way) is answered empty rather than sent to a database about to close.
    await this.#boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    this.#stopped = true;
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  async runNow(name: JobName): Promise<number> {
    if (!this.#definitions.some((job) => job.name === name)) throw new Error(`Unknown job ${name}`);
    // Not retried: the caller wants to know.
    const id = await this.#boss.send(name, {}, { retryLimit: 0 });
    if (id === null) throw new Error(`The queue refused the job ${name}`);
    // A duration, not a date: the monotonic clock, whatever the app's clock says.
    const deadline = performance.now() + RUN_NOW_TIMEOUT_MS;
    for (;;) {
      const job = await this.#boss.getJobById(name, id);
      if (job?.state === 'completed') {
        return (job.output as { count?: number } | null)?.count ?? 0;
      }
      if (job?.state === 'failed' || job?.state === 'cancelled') {
        throw new Error(`Job ${name} ${job.state}: ${JSON.stringify(job.output)}`);
      }
      if (performance.now() > deadline)
        throw new Error(`Job ${name} not done after ${RUN_NOW_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async sendInTransaction<N extends QueueName>(
    tx: DbOrTx,
    name: N,
    data: QueuedJobs[N],
    options: SendOptions = {},
  ): Promise<boolean> {
    const db = executeSqlIn(tx);
    // A delay from the database's now, as pg-boss counts its own: given as the instant it makes (pg-boss's
    // relative form repeats its parameter in its statement, which `executeSqlIn` cannot give twice).
    let startAfter: Date | undefined;
    if (options.startAfterSeconds !== undefined && options.startAfterSeconds > 0) {
      const { rows } = await db.executeSql(
        'select (now() + make_interval(secs => $1::double precision)) as "at"',
        [Math.ceil(options.startAfterSeconds)],
      );
      startAfter = new Date((rows[0] as { at: Date | string }).at);
    }
    const id = await this.#boss.send(name, data as object, {
      db,
      ...(options.singletonKey === undefined ? {} : { singletonKey: options.singletonKey }),
      ...(startAfter === undefined ? {} : { startAfter }),
    });
    if (id !== null) return true;
    // pg-boss writes nothing for a queue it does not know (installed by the first start of a server), nor
    // for a job whose singleton key (none counts as one) already waits on a `short` queue: only the latter
    // is an answer.
    const { rows } = await db.executeSql(`select 1 from ${PG_BOSS_SCHEMA}.queue where name = $1`, [name]);
    if (rows.length > 0) return false;
    throw new Error(`The job queue ${name} is not installed on this database`);
  }

  wake(name: QueueName): void {
    const worker = this.#workers.get(name);
    if (worker !== undefined) this.#boss.notifyWorker(worker);
  }

  async settle(name: QueueName, timeoutMs = RUN_NOW_TIMEOUT_MS): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      this.wake(name);
      const { rows } = await this.#db.executeSql(
        `select count(*) filter (where state = 'active' or (state in ('created', 'retry') and start_after <= now()))::int as waiting,
                count(*) filter (where state = 'failed')::int as failed
         from ${PG_BOSS_SCHEMA}.job where name = $1`,
        [name],
      );
      const { waiting, failed } = rows[0] as { waiting: number; failed: number };
      if (waiting === 0) return failed;
      if (performance.now() > deadline) throw new Error(`Queue ${name} not settled after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async failedCount(): Promise<number> {
    const { rows } = await this.#db.executeSql(
      `select count(*)::int as failed from ${PG_BOSS_SCHEMA}.job where state = 'failed'`,
      [],
    );
    return (rows[0] as { failed: number }).failed;
  }
}
