import type { JobDefinition } from './jobs';
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
