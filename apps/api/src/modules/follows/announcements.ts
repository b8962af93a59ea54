import { eq } from 'drizzle-orm';
import type { PushPayload } from '@tables-voisines/contract/schemas/follow';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import {
  msUntilNextParisMidnight,
  parisDay,
  parisMidnight,
  parisWallClock,
} from '@tables-voisines/contract/paris-time';
import { variantKey } from '../../adapters/storage/storage';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { establishments } from '../../db/schema';
import type { PushAnnouncementJob } from '../../jobs/jobs';
import type { WriteConsumer } from '../../writes/write';
import { findTodayMenuBoard } from '../menu-boards/menu-boards.queries';
import { hasFollowers } from './follows.queries';

const HOUR_MS = 3_600_000;
/** A board published for a later day is announced that morning, at this hour in Paris. */
export const ANNOUNCE_HOUR = 8;
/** The push services keep a message at least this long for a browser that is offline (API.md: ≥ 3600). */
const MIN_TTL_SECONDS = 3600;
/** The notification's text stays short: what a phone shows on two or three lines. */
const MAX_BODY_LENGTH = 140;

/** The instant a Paris clock shows `hour`:00 on `day` (its offset that morning, daylight saving included). */
export function parisTimeOn(day: string, hour: number): Date {
  const guess = parisMidnight(day).getTime() + hour * HOUR_MS;
  // On the days clocks change (at 2 or 3 in the night), midnight's offset is not the morning's.
  const drift = parisWallClock(new Date(guess)).getUTCHours() - hour;
  return new Date(guess - drift * HOUR_MS);
}

/** The queue's key of a place's announcement of a day: one waits at a time, whatever the publications. */
export const announcementKey = (job: PushAnnouncementJob) => `${job.establishmentId}:${job.day}`;

/** Seconds from `now` until the announcement of `day` may go: none for today, 08:00 that day for a later one. */
export function secondsUntilAnnouncement(day: string, now: Date): number {
  if (day <= parisDay(now)) return 0;
  return Math.max(1, Math.ceil((parisTimeOn(day, ANNOUNCE_HOUR).getTime() - now.getTime()) / 1000));
}

/**
 * « L’ardoise du jour est en ligne : Blanquette de veau, Tarte aux pommes… »: the dishes in their order, as
 * many as fit in a short text, « … » when some are left out.
 */
export function announcementBody(dishes: readonly string[]): string {
  const lead = 'L’ardoise du jour est en ligne';
  if (dishes.length === 0) return `${lead}.`;
  let text = `${lead} : ${dishes[0]}`;
  if (text.length > MAX_BODY_LENGTH) return `${text.slice(0, MAX_BODY_LENGTH - 1).trimEnd()}…`;
  for (const dish of dishes.slice(1)) {
    const longer = `${text}, ${dish}`;
    if (longer.length > MAX_BODY_LENGTH - 1) return `${text}…`;
    text = longer;
  }
  return `${text}.`;
}

/** What a follower's browser receives for a board, and how long its push service keeps it. */
export interface Announcement {
  payload: PushPayload;
  ttlSeconds: number;
}

/**
 * The message announcing an establishment's board of `day`, or null when there is nothing to announce: no
 * board that day, a page visitors cannot see (hidden, closed for good), or a day the place is closed (the
 * page shows that board under « Fermé aujourd’hui », decision 0073). The icon is the place's photo (its
 * 480-pixel copy when it is one of ours), else the site's icon.
 */
export async function announcementOf(
  ctx: Pick<AppContext, 'db' | 'config' | 'storage' | 'clock'>,
  establishmentId: string,
  day: string,
): Promise<Announcement | null> {
  const [place] = await ctx.db
    .select({
      name: establishments.name,
      kind: establishments.kind,
      uri: establishments.uri,
      disabled: establishments.disabled,
      closedForGoodAt: establishments.closedForGoodAt,
      photoUrl: establishments.photoUrl,
    })
    .from(establishments)
    .where(eq(establishments.id, establishmentId));
  if (place === undefined || place.disabled || place.closedForGoodAt !== null) return null;
  const board = await findTodayMenuBoard(ctx.db, establishmentId, day);
  if (board === null || board.closedOnDate) return null;
  const { publicUrl } = ctx.config;
  return {
    payload: {
      title: place.name,
      body: announcementBody(board.items.map((item) => item.name)),
      url: `${publicUrl}${establishmentPath(place.kind, place.uri)}`,
      tag: `ardoise-${establishmentId}-${day}`,
      icon: iconOf(ctx, place.photoUrl),
    },
    // Today's board matters until midnight in Paris.
    ttlSeconds: Math.max(MIN_TTL_SECONDS, Math.floor(msUntilNextParisMidnight(ctx.clock()) / 1000)),
  };
}

function iconOf(ctx: Pick<AppContext, 'config' | 'storage'>, photoUrl: string | null): string {
  const { publicUrl } = ctx.config;
  if (photoUrl === null) return `${publicUrl}/icons/icon-192.png`;
  const key = ctx.storage.keyOf(photoUrl);
  if (key !== null) return ctx.storage.absoluteUrlOf(variantKey(key, 'card'));
  return /^https?:\/\//i.test(photoUrl) ? photoUrl : `${publicUrl}${photoUrl}`;
}

/** Whether a place's board of `day` is there and its page visible: what an announcement needs to start. */
async function announceable(tx: DbOrTx, establishmentId: string, day: string): Promise<boolean> {
  const [place] = await tx
    .select({ disabled: establishments.disabled, closedForGoodAt: establishments.closedForGoodAt })
    .from(establishments)
    .where(eq(establishments.id, establishmentId));
  if (place === undefined || place.disabled || place.closedForGoodAt !== null) return false;
  return (await findTodayMenuBoard(tx, establishmentId, day)) !== null;
}

/**
 * The announcements a write starts, in its transaction (issue 51): when a place's board of today appears
 * (published, moved to today, or its page shown again), the job telling its followers is put on the queue,
 * to run at once; a board of a later day, that day at 08:00 in Paris. One waits per place and day
 * (`announcementKey`), and each follower gets at most one message a day whatever runs (the deliveries'
 * primary key, jobs/push-deliveries.ts): publishing again, editing or taking down and publishing again
 * sends nothing twice. Today's board of a place nobody follows starts nothing. A write without the app's
 * queue (a command-line tool) announces nothing. The job reads the board again when it runs.
 */
export const announceBoardsToFollowers: WriteConsumer = async (deps, w, entries) => {
  if (deps.jobs === undefined) return;
  const today = parisDay(w.now);
  const wanted = new Map<string, PushAnnouncementJob>();
  const want = (establishmentId: string, day: string) =>
    wanted.set(`${establishmentId}:${day}`, { establishmentId, day });
  for (const entry of entries) {
    if (entry.subjectType === 'menu-board' && (entry.action === 'create' || entry.action === 'update')) {
      const day = entry.changes.find((change) => change.field === 'date')?.to;
      if (typeof day === 'string' && day >= today && typeof entry.establishmentId === 'string') {
        want(entry.establishmentId, day);
      }
    } else if (
      entry.subjectType === 'establishment' &&
      entry.action === 'update' &&
      entry.changes.some(
        (change) => (change.field === 'disabled' || change.field === 'closedForGood') && change.to === false,
      )
    ) {
      want(entry.subjectId, today);
    }
  }
  for (const job of wanted.values()) {
    // Most places have no follower: one look at an index, and the write goes on.
    if (job.day === today && !(await hasFollowers(w.tx, job.establishmentId))) continue;
    if (!(await announceable(w.tx, job.establishmentId, job.day))) continue;
    await w.enqueue('push-announce', job satisfies PushAnnouncementJob, {
      singletonKey: announcementKey(job),
      startAfterSeconds: secondsUntilAnnouncement(job.day, w.now),
    });
  }
};
// What can make a board of the day appear: a board written, a page shown or reopened.
announceBoardsToFollowers.wants = (entry) =>
  entry.subjectType === 'menu-board'
    ? entry.action === 'create' || entry.action === 'update'
    : entry.subjectType === 'establishment' && entry.action === 'update';
