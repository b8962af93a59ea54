import type { JobDefinition, QueueDefinition } from './jobs';
import type { AppContext } from '../context';
import { purgeClosures } from './closure-purge';
import { sendVerifyReminders, type JobContext } from './verify-reminders';

/** The app's scheduled jobs, bound to the app they work on. */
export function scheduledJobs(ctx: JobContext): JobDefinition[] {
  return [
    // Hourly: a reminder goes out within the hour an establishment becomes due.
    { name: 'verify-reminders', cron: '7 * * * *', run: () => sendVerifyReminders(ctx) },
    // Daily at 03:15 in Paris, when nobody edits.
    { name: 'closure-purge', cron: '15 3 * * *', run: () => purgeClosures(ctx) },
  ];
}

/**
 * The app's queues of work sent by writes, bound to the app. A mail is tried again after 30 s, then after
 * twice as long each time, 8 times (about 2 hours in all), then kept failed; an SMTP exchange still running
 * after 2 minutes counts as a failed try.
 */
export function appQueues(ctx: Pick<AppContext, 'mailer'>): QueueDefinition[] {
  return [
    {
      name: 'mail',
      run: (message) => ctx.mailer.send(message),
      retryLimit: 8,
      retryDelaySeconds: 30,
      expireInSeconds: 120,
    },
  ];
}
