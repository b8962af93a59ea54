import { addDays, parisDay } from '@tables-voisines/contract/paris-time';
import type { PushOutcome } from '../adapters/push/push-sender';
import type { AppContext } from '../context';
import { SYSTEM_ACTOR } from '../modules/history/history';
import {
  announcementKey,
  announcementOf,
  secondsUntilAnnouncement,
  type Announcement,
} from '../modules/follows/announcements';
import {
  claimDeliveries,
  deleteSubscriptions,
  findRecipient,
  purgePushRecords,
  type Recipient,
} from '../modules/follows/follows.queries';
import { write } from '../writes/write';
import type { JobsLog, PushAnnouncementJob, PushRetryJob } from './jobs';

/** What the push jobs need of the app. */
export type PushJobContext = Pick<
  AppContext,
  'db' | 'config' | 'clock' | 'dataVersion' | 'jobs' | 'writeConsumers' | 'push' | 'storage'
>;

/** Followers taken (their deliveries recorded) at a time; the next ones are taken while these are sent. */
const CLAIM_BATCH = 500;
/** Messages under way at once, all push services together (adapters/push: as many connections to each). */
const CONCURRENCY = 100;
/** What the push services answered is acted on (one write) once this many answers call for it. */
const SETTLE_BATCH = 200;
/** Tries of one message whose push service asks to wait or fails: the first, then retry jobs. */
export const PUSH_TRIES = 6;
/** The first retry's delay, doubled at each; never sooner than the service's `Retry-After`. */
const RETRY_BASE_SECONDS = 30;
/** Refusals logged one by one per announcement; the others are counted in its last line. */
const REFUSALS_LOGGED = 10;
/** Deliveries are kept this many days after theirs (the purge), for operators to read. */
const KEEP_DELIVERY_DAYS = 2;

/** The delay before try `attempt` (2 for the first retry): the backoff, or `Retry-After` when longer. */
export function retryDelaySeconds(attempt: number, retryAfter: number | null): number {
  const backoff = RETRY_BASE_SECONDS * 2 ** (attempt - 2);
  return Math.min(86_400, Math.max(backoff, retryAfter ?? 0));
}

interface Tally {
  delivered: number;
  gone: number;
  later: number;
  refused: number;
}

/**
 * What the push services answered, gathered and acted on in writes of their own: the subscriptions they said
 * are gone deleted (their follows with them), a retry job for each message they asked to send later. A
 * refusal (another 4xx) is logged (the first few; all are counted), not tried again.
 */
class Answers {
  readonly tally: Tally = { delivered: 0, gone: 0, later: 0, refused: 0 };
  #gone: string[] = [];
  #later: { retry: PushRetryJob; delay: number }[] = [];
  #settling: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: PushJobContext,
    private readonly log: JobsLog,
    private readonly job: PushAnnouncementJob,
    private readonly attempt: number,
  ) {}

  add(subscriptionId: string, outcome: PushOutcome): void {
    this.tally[outcome.kind] += 1;
    if (outcome.kind === 'gone') this.#gone.push(subscriptionId);
    else if (outcome.kind === 'later') {
      this.#later.push({
        retry: { ...this.job, subscriptionId, attempt: this.attempt + 1 },
        delay: retryDelaySeconds(this.attempt + 1, outcome.retryAfterSeconds),
      });
    } else if (outcome.kind === 'refused' && this.tally.refused <= REFUSALS_LOGGED) {
      this.log.warn(
        { ...this.job, subscriptionId, status: outcome.status, reason: outcome.reason },
        'push message refused',
      );
    }
    // A write that fails here fails the last `settle`, which the announcement awaits: it is not lost.
    if (this.#gone.length + this.#later.length >= SETTLE_BATCH) void this.settle().catch(() => {});
  }

  /** Acts on what was gathered, after what is being acted on already; rejects if a write failed. */
  settle(): Promise<void> {
    const gone = this.#gone.splice(0);
    const later = this.#later.splice(0);
    this.#settling = this.#settling.then(async () => {
      if (gone.length === 0 && later.length === 0) return;
      await write(this.ctx, { actor: SYSTEM_ACTOR }, async (w) => {
        await deleteSubscriptions(w.tx, gone);
        for (const { retry, delay } of later) {
          await w.enqueue('push-retry', retry, { startAfterSeconds: delay });
        }
      });
    });
    return this.#settling;
  }
}

/**
 * Sends the announcement to every follower it has not reached: followers read `CLAIM_BATCH` at a time in the
 * order of their subscriptions, those without a delivery taken (their deliveries recorded and committed
 * first), the next ones read while the last of these are sent, at most `CONCURRENCY` messages under way. A
 * follower who follows once the reading has passed its place in that order is not told that day. A failure to take more stops the taking, not the sending of those
 * taken; it is thrown once they are sent, and the queue runs the announcement again.
 */
async function sendToFollowers(
  ctx: PushJobContext,
  job: PushAnnouncementJob,
  announcement: Announcement,
  answers: Answers,
): Promise<void> {
  const payload = JSON.stringify(announcement.payload);
  const waiting: Recipient[] = [];
  let exhausted = false;
  let failure: unknown;
  let claiming: Promise<void> | undefined;
  let after: string | null = null;
  const claimMore = async () => {
    // Until some are taken, or every follower was read: a batch whose deliveries were all there already
    // (an earlier run, another replica) takes none.
    for (;;) {
      const { recipients, last } = await claimDeliveries(
        ctx.db,
        job.establishmentId,
        job.day,
        CLAIM_BATCH,
        after,
      );
      after = last;
      if (recipients.length > 0) waiting.push(...recipients);
      if (last === null) exhausted = true;
      if (recipients.length > 0 || exhausted) return;
    }
  };
  const claim = () =>
    (claiming ??= claimMore()
      .catch((error: unknown) => {
        failure ??= error;
        exhausted = true;
      })
      .finally(() => {
        claiming = undefined;
      }));
  const worker = async () => {
    for (;;) {
      if (waiting.length < CONCURRENCY && !exhausted) void claim();
      const recipient = waiting.shift();
      if (recipient === undefined) {
        if (exhausted) return;
        await claim();
        continue;
      }
      answers.add(recipient.id, await ctx.push.send(recipient, payload, announcement.ttlSeconds));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await answers.settle();
  if (failure !== undefined) throw failure;
}

/**
 * The `push-announce` job: the followers of a place told of its board of `job.day`, which must be today in
 * Paris (a job taken early, the database's clock ahead of the app's, is put back for that morning; one
 * taken after its day sends nothing) and still there on a visible page (announcementOf). Each follower's
 * delivery is recorded and committed before its message is sent (sendToFollowers); one already recorded — by
 * another replica running the same announcement, by an earlier run, by an earlier publication the same day —
 * is never sent again: at most once per follower, place and day. A crash between the commit and a send
 * loses that message (decision 0080).
 */
export async function announceBoard(
  ctx: PushJobContext,
  log: JobsLog,
  job: PushAnnouncementJob,
): Promise<void> {
  const now = ctx.clock();
  const today = parisDay(now);
  if (job.day < today) return;
  if (job.day > today) {
    await write(ctx, { actor: SYSTEM_ACTOR }, (w) =>
      w.enqueue('push-announce', job, {
        singletonKey: announcementKey(job),
        startAfterSeconds: secondsUntilAnnouncement(job.day, now),
      }),
    );
    return;
  }
  const announcement = await announcementOf(ctx, job.establishmentId, job.day);
  if (announcement === null) return;
  const started = performance.now();
  const answers = new Answers(ctx, log, job, 1);
  await sendToFollowers(ctx, job, announcement, answers);
  log.info(
    { ...job, ...answers.tally, ms: Math.round(performance.now() - started) },
    'board announced to followers',
  );
}

/**
 * The `push-retry` job: one message tried again, if its day is still today, its board still announceable and
 * its subscription still there. Asked to wait again, it puts the next try on the queue, up to `PUSH_TRIES`
 * tries in all; after the last one it fails, and the queue keeps it failed (counted on the admins'
 * dashboard with the mails).
 */
export async function retryPushMessage(ctx: PushJobContext, log: JobsLog, job: PushRetryJob): Promise<void> {
  if (job.day !== parisDay(ctx.clock())) return;
  const announcement = await announcementOf(ctx, job.establishmentId, job.day);
  if (announcement === null) return;
  const recipient = await findRecipient(ctx.db, job.subscriptionId);
  if (recipient === null) return;
  const outcome = await ctx.push.send(
    recipient,
    JSON.stringify(announcement.payload),
    announcement.ttlSeconds,
  );
  if (outcome.kind === 'later' && job.attempt >= PUSH_TRIES) {
    throw new Error(`push service still answering ${outcome.reason} after ${job.attempt} tries`);
  }
  const answers = new Answers(ctx, log, { establishmentId: job.establishmentId, day: job.day }, job.attempt);
  answers.add(recipient.id, outcome);
  await answers.settle();
}

/**
 * The daily purge (04:10 in Paris): deliveries more than `KEEP_DELIVERY_DAYS` days old, then the
 * subscriptions that follow nothing and have no delivery left. Answers how many rows went.
 */
export async function purgePushDeliveries(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  return purgePushRecords(ctx.db, addDays(parisDay(ctx.clock()), -KEEP_DELIVERY_DAYS));
}
