import type { JobDefinition, JobsLog, QueueDefinition } from './jobs';
import type { AppContext } from '../context';
import { purgeClosures } from './closure-purge';
import { announceBoard, purgePushDeliveries, retryPushMessage, type PushJobContext } from './push-deliveries';
import { sendVerifyReminders, type JobContext } from './verify-reminders';

/** The app's scheduled jobs, bound to the app they work on. */
export function scheduledJobs(ctx: JobContext): JobDefinition[] {
  return [
    // Hourly: a reminder goes out within the hour an establishment becomes due.
    { name: 'verify-reminders', cron: '7 * * * *', run: () => sendVerifyReminders(ctx) },
    // Daily at 03:15 in Paris, when nobody edits.
    { name: 'closure-purge', cron: '15 3 * * *', run: () => purgeClosures(ctx) },
    // Daily at 04:10 in Paris: push deliveries of past days, subscriptions that follow nothing.
    { name: 'push-purge', cron: '10 4 * * *', run: () => purgePushDeliveries(ctx) },
  ];
}

/**
 * The app's queues of work sent by writes, bound to the app. A mail is tried again after 30 s, then after
 * twice as long each time, 8 times (about 2 hours in all), then kept failed; an SMTP exchange still running
 * after 2 minutes counts as a failed try. A board's announcement to its followers (one job at a time per
 * place and day, one taken at a time by a worker) is tried again 3 times if it fails, which sends only to
 * the followers it had not reached; a push message the service asked to send later is a `push-retry` job of
 * its own, which puts its next try on the queue itself (honouring `Retry-After`) and fails, kept failed,
 * after the last (jobs/push-deliveries.ts).
 */
export function appQueues(ctx: Pick<AppContext, 'mailer'> & PushJobContext, log: JobsLog): QueueDefinition[] {
  return [
    {
      name: 'mail',
      run: (message) => ctx.mailer.send(message),
      retryLimit: 8,
      retryDelaySeconds: 30,
      expireInSeconds: 120,
    },
    {
      name: 'push-announce',
      run: (job) => announceBoard(ctx, log, job),
      retryLimit: 3,
      retryDelaySeconds: 30,
      expireInSeconds: 15 * 60,
      batchSize: 1,
      singletonWhileWaiting: true,
    },
    {
      name: 'push-retry',
      run: (job) => retryPushMessage(ctx, log, job),
      retryLimit: 0,
      retryDelaySeconds: 30,
      expireInSeconds: 300,
      batchSize: 5,
    },
  ] satisfies [QueueDefinition<'mail'>, QueueDefinition<'push-announce'>, QueueDefinition<'push-retry'>];
}
