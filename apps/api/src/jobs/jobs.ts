import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from '../adapters/mail/mailer';
import type { DbOrTx } from '../db/client';

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

export type JobName = 'verify-reminders' | 'closure-purge' | 'push-purge';

/** The followers of an establishment told of its board of a Paris day (jobs/push-deliveries.ts). */
export interface PushAnnouncementJob {
  establishmentId: string;
  /** `YYYY-MM-DD`: the board's day, which must be today in Paris when the job runs. */
  day: string;
}

/** One message of an announcement tried again: its push service asked to wait (429) or failed (5xx). */
export interface PushRetryJob extends PushAnnouncementJob {
  subscriptionId: string;
  /** The try this job is: 2 for the first retry. */
  attempt: number;
}

/** What each queue of work sent by the app carries. */
export interface QueuedJobs {
  /** An e-mail a write sends once it is committed. */
  mail: MailMessage;
  /** A board to announce to the followers of its establishment (« Suivre »), once per place and day. */
  'push-announce': PushAnnouncementJob;
  /** One push message tried again, later. */
  'push-retry': PushRetryJob;
}
export type QueueName = keyof QueuedJobs;

/** How a job is put on its queue. */
export interface SendOptions {
  /**
   * While a job of the same key waits on the queue (not yet taken), another is not added: `send` answers
   * false. Only on a queue whose `singletonWhileWaiting` is set.
   */
  singletonKey?: string;
  /** Not taken before this many seconds from now (the database's now). */
  startAfterSeconds?: number;
}

/**
 * Work the app sends on the queue (`sendInTransaction`): its handler, bound to the app by jobs/schedule.ts,
 * run by a worker of any replica at least once (again after a failure, so it must bear being run twice:
 * a mail may go twice, never zero times), and its retries.
 */
export interface QueueDefinition<N extends QueueName = QueueName> {
  name: N;
  run(data: QueuedJobs[N]): Promise<void>;
  /** Tries after the first, each after `retryDelaySeconds` doubled each time; then the job is kept failed. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A try still running after this long is counted as failed (and retried). */
  expireInSeconds: number;
  /** Jobs a worker takes at a time (20 by default); each is run after the other. */
  batchSize?: number;
  /** At most one job per `singletonKey` waits on the queue (pg-boss's `short` policy). */
  singletonWhileWaiting?: boolean;
}

export const JOB_TIME_ZONE = 'Europe/Paris';

/**
 * Background and scheduled jobs (decisions 0052 and 0079): a pg-boss queue in the app's database, PostgreSQL
 * or the embedded PGlite alike. Everything the app does later is a job on it: the scheduled jobs, and the
 * mails of writes, sent in the write's own transaction.
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
  /**
   * Puts a job on the queue in the caller's transaction: committed with it, gone if it rolls back. Answers
   * false when a job of the same `singletonKey` already waits (nothing added). Refused (an error) when the
   * queue was never installed on this database: nothing is written then.
   */
  sendInTransaction<N extends QueueName>(
    tx: DbOrTx,
    name: N,
    data: QueuedJobs[N],
    options?: SendOptions,
  ): Promise<boolean>;
  /** After a commit that sent jobs: this replica's worker looks at once rather than at its next poll. */
  wake(name: QueueName): void;
  /**
   * Waits until no job of the queue is waiting or running, those waiting for a later retry aside (tests
   * and operators). Answers how many are kept failed.
   */
  settle(name: QueueName, timeoutMs?: number): Promise<number>;
  /** Jobs kept failed after their last try, all queues together: the admins' dashboard shows the count. */
  failedCount(): Promise<number>;
}

export type JobsLog = FastifyBaseLogger;
