import type { FastifyBaseLogger } from 'fastify';

/**
 * A scheduled job: its handler (bound to the app by jobs/schedule.ts; reads the date from the app's clock,
 * safe to run twice at once: what it must do once is guarded by row locks in the database), and when it
 * runs, as cron in Europe/Paris. The queue knows jobs only through this: it imports none of their code.
 */
export interface JobDefinition {
  name: JobName;
  /** Five-field cron, Europe/Paris time. */
  cron: string;
  run(): Promise<number>;
}

export type JobName = 'verify-reminders' | 'closure-purge';

export const JOB_TIME_ZONE = 'Europe/Paris';

/**
 * Background and scheduled jobs (ARCHITECTURE.md, "Second part"; decision 0052): a pg-boss queue in the
 * app's database, PostgreSQL or the embedded PGlite alike.
 */
export interface Jobs {
  /** Starts the schedules and the workers (the app's `onReady`). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (the app's `onClose`). */
  stop(): Promise<void>;
  /**
   * Runs a job now and waits for it, through the queue (a job sent, taken by a worker of any replica,
   * awaited until done). For tests and operators. Answers the handler's count.
   */
  runNow(name: JobName): Promise<number>;
}

export type JobsLog = FastifyBaseLogger;
