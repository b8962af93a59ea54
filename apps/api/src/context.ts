import type { Clock } from './lib/clock';
import type { CountedPlaces } from './modules/stats/counted-places';
import type { EventCounts } from './modules/stats/event-counts';
import type { Mailer } from './adapters/mail/mailer';
import type { PhotoShare } from './adapters/share/share';
import type { PhotoStorage } from './adapters/storage/storage';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { ResponseCache } from './lib/response-cache';
import type { MapIndex } from './modules/map/map-index';
import type { BackgroundTasks } from './lib/background';
import type { DataVersion } from './lib/data-version';
import type { AccessTokens } from './lib/tokens';
import type { RateLimiter } from './adapters/rate-limit/rate-limiter';
import type { WriteConsumer } from './writes/write';
import type { Jobs } from './jobs/jobs';
import type { PushSender } from './adapters/push/push-sender';

/** The live services every module gets: built once at start, passed explicitly, never global. */
export interface AppContext {
  config: Config;
  /**
   * The time now. The real clock, except in tests, which move it (closures around midnight in Paris,
   * reminders after `VERIFY_REMINDER_DAYS`, links that expire): what depends on the date reads it here.
   */
  clock: Clock;
  database: Database;
  db: Db;
  /** Bumped after every committed write of public data: caches key on it. */
  dataVersion: DataVersion;
  /** Public answers (lists, groups, public establishments), compressed once per data version. */
  responseCache: ResponseCache;
  /** The map feed's spatial index, rebuilt when establishments change. */
  mapIndex: MapIndex;
  /** Short access tokens (JWT). */
  tokens: AccessTokens;
  /** SMTP, or `.eml` files in `DATA_DIR/outbox`. */
  mailer: Mailer;
  /** Attempts at sign-in, sign-up, codes and password resets; in memory or Redis. */
  rateLimiter: RateLimiter;
  /** Work finished after the answer; closing the app waits for it. */
  background: BackgroundTasks;
  /** What reads every write's history entries in its transaction (write-consumers.ts). */
  writeConsumers: readonly WriteConsumer[];
  /**
   * The job queue (pg-boss, in the app's database on both engines; decisions 0052 and 0079): the scheduled
   * jobs (verify reminders, closure purge) and the mails of writes, sent in their transaction; started when
   * the app is ready, stopped when it closes.
   */
  jobs: Jobs;
  /** Photos: files in `DATA_DIR/uploads`, or an S3-compatible bucket. */
  storage: PhotoStorage;
  /** Photo posts on the Facebook page, or a logged dry run. */
  share: PhotoShare;
  /**
   * Web Push to the browsers that follow places (decision 0080): VAPID from the environment or generated
   * once, messages encrypted per RFC 8291, posted only to PUSH_ALLOWED_ORIGINS.
   */
  push: PushSender;
  /**
   * Statistics (decision 0087): the events counted in memory until their next flush, and which places'
   * events are counted.
   */
  stats: { counts: EventCounts; places: CountedPlaces };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
