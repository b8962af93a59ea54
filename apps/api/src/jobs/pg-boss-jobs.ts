import PgBoss from 'pg-boss';
import { JOB_TIME_ZONE, type JobDefinition, type JobName, type Jobs, type JobsLog } from './jobs';

/** pg-boss's own schema, created and migrated by pg-boss at its first start. */
export const PG_BOSS_SCHEMA = 'pgboss';
/** How often an idle worker asks for a job (pg-boss's minimum is half a second). */
const POLLING_SECONDS = 1;
/** The advisory lock under which a replica installs pg-boss and declares the queues (db/migrate.ts has its own). */
export const JOBS_SETUP_LOCK_KEY = 7_284_113_907;
/** How long `runNow` waits for the job it sent. */
const RUN_NOW_TIMEOUT_MS = 120_000;

type Exclusive = (fn: () => Promise<void>) => Promise<void>;

/**
 * The runner: a pg-boss queue per job on the app's database (PostgreSQL, or PGlite in the embedded mode). Schedules are pg-boss's (one
 * cron tick makes one job, whatever the number of replicas), workers on every replica take the jobs
 * (`for update skip locked` in pg-boss), failures are retried by the queue. What a handler must do once
 * per establishment is guarded again in its own transaction (jobs/verify-reminders.ts).
 */
export class PgBossJobs implements Jobs {
  readonly #boss: PgBoss;
  readonly #definitions: readonly JobDefinition[];
  readonly #log: JobsLog;
  readonly #exclusive: Exclusive;
  #started = false;

  /** `exclusive` runs its function while no other replica runs its own (an advisory lock on PostgreSQL). */
  constructor(definitions: readonly JobDefinition[], db: PgBoss.Db, log: JobsLog, exclusive: Exclusive) {
    this.#definitions = definitions;
    this.#log = log;
    this.#exclusive = exclusive;
    // The app's own connections (create-jobs.ts): no second pool, and a test's database is the one used.
    this.#boss = new PgBoss({ schema: PG_BOSS_SCHEMA, db });
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
    });
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
    // Waits for the jobs being run, then closes pg-boss's pool.
    await this.#boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }

  async runNow(name: JobName): Promise<number> {
    if (!this.#definitions.some((job) => job.name === name)) throw new Error(`Unknown job ${name}`);
    // Not retried: the caller wants to know.
    const id = await this.#boss.send(name, {}, { retryLimit: 0 });
    if (id === null) throw new Error(`The queue refused the job ${name}`);
    const deadline = Date.now() + RUN_NOW_TIMEOUT_MS;
    for (;;) {
      const job = await this.#boss.getJobById(name, id);
      if (job?.state === 'completed') {
        return (job.output as { count?: number } | null)?.count ?? 0;
      }
      if (job?.state === 'failed' || job?.state === 'cancelled') {
        throw new Error(`Job ${name} ${job.state}: ${JSON.stringify(job.output)}`);
      }
      if (Date.now() > deadline) throw new Error(`Job ${name} not done after ${RUN_NOW_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
