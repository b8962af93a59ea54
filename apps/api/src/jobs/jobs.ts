import type { FastifyBaseLogger } from 'fastify';
import { purgeClosures } from './closure-purge';
import { sendVerifyReminders, type JobContext } from './verify-reminders';

/**
 * A scheduled job: its handler (reads the date from `ctx.clock()`, safe to run twice at once: what it must
 * do once is guarded by row locks in the database), and when it runs, as cron in Europe/Paris.
 */
export interface JobDefinition {
  name: JobName;
  /** Five-field cron, Europe/Paris time. */
  cron: string;
  run(ctx: JobContext): Promise<number>;
}

export type JobName = 'verify-reminders' | 'closure-purge';

export const JOBS: readonly JobDefinition[] = [
  // Hourly: a reminder goes out within the hour an establishment becomes due.
  { name: 'verify-reminders', cron: '7 * * * *', run: sendVerifyReminders },
  // Daily at 03:15 in Paris, when nobody edits.
  { name: 'closure-purge', cron: '15 3 * * *', run: purgeClosures },
];

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

export function jobDefinition(name: JobName): JobDefinition {
  const job = JOBS.find((j) => j.name === name);
  if (job === undefined) throw new Error(`Unknown job ${name}`);
  return job;
}

export type JobsLog = FastifyBaseLogger;
