import type { MailMessage } from '../adapters/mail/mailer';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import type { Clock } from '../lib/clock';
import type { DataVersion } from '../lib/data-version';
import {
  recordChanges,
  type Actor,
  type ChangeRecord,
  type HistorySubject,
} from '../modules/history/history';
import { etagOf, preconditionFailed, preconditionHolds } from './preconditions';

/** The conditional headers of the request that asked for the write (`If-Match`, `If-None-Match`). */
export interface WriteConditions {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
}

export interface WriteOptions {
  /** Who writes: recorded in every history entry of the write. */
  actor: Actor;
  conditions?: WriteConditions | undefined;
}

/** A history entry of the write; its actor is the write's unless given. */
export type WriteChange = Omit<ChangeRecord, 'actor'> & { actor?: Actor };

/** What a write does in its transaction, through `write()`. */
export interface Write {
  readonly tx: Tx;
  readonly actor: Actor;
  /** The time of the write, read once from the app's clock: every time it stamps is this one. */
  readonly now: Date;
  /**
   * Refuses the write (`412 PreconditionFailed`, with `message` when given) unless the request's
   * `If-Match` / `If-None-Match` hold for the record about to change, as read in this transaction (`null`:
   * there is none). Call it before changing anything, with the row read `for update`.
   */
  checkPrecondition(current: { id: string; version: number } | null, message?: string): void;
  /**
   * `checkPrecondition` on the record read `for update` (`null` or `undefined`: there is none), then
   * `notFound()` thrown when there is none: answers the record, known to exist.
   */
  checkExisting<R extends { id: string; version: number }>(
    current: R | null | undefined,
    notFound: () => Error,
  ): R;
  /** One history entry, in the transaction. */
  record(change: WriteChange): Promise<void>;
  /** History entries written in one statement (an import's hundreds of creates), as `record` each. */
  recordMany(changes: readonly WriteChange[]): Promise<void>;
  /**
   * An e-mail sent once the write is committed: a job on the app's queue, written in the write's
   * transaction (retried until it goes, never sent if rolled back).
   */
  mail(message: MailMessage): Promise<void>;
  /**
   * Other work for later on the app's job queue (jobs/jobs.ts `QueuedJobs` says what each queue carries),
   * written in the write's transaction as mails are: taken by a worker of any replica once committed, never
   * if the write rolls back. Answers false when a job of the same `singletonKey` already waits on that
   * queue (nothing added).
   */
  enqueue(name: string, data: object, options?: EnqueueOptions): Promise<boolean>;
  /** Public pages and answers depend on something this write changed without a history entry. */
  changedPublicData(): void;
}

/**
 * What reads a write's history entries in its transaction, once its work is done, and may add to it (the
 * owners told of the team's changes, modules/establishments/owner-notifications.ts). Given by the app
 * (write-consumers.ts): `write()` imports no resource's code. `wants` says which entries it reads: the
 * write keeps, until its end, only the entries some consumer wants, and gives each consumer those it wants
 * (all of them to a consumer without `wants`). An import's 50,000 creates concern no consumer: kept, they
 * held about 100 MB of heap until the import's end (decision 0084).
 */
export type WriteConsumer = ((
  deps: WriteDeps,
  w: Write,
  entries: readonly ChangeRecord[],
) => Promise<void>) & { wants?: (entry: ChangeRecord) => boolean };

/** How `enqueue` puts a job on its queue (jobs/jobs.ts `SendOptions`). */
export interface EnqueueOptions {
  singletonKey?: string;
  startAfterSeconds?: number;
}

/**
 * The app's job queue as a write uses it (jobs/jobs.ts `Jobs`, whose queue names and data it does not
 * import: writes know no resource): jobs sent in the write's transaction, the queue's worker woken after.
 */
export interface WriteQueue {
  sendInTransaction(tx: Tx, name: string, data: object, options?: EnqueueOptions): Promise<boolean>;
  wake(name: string): void;
}

/**
 * What a write needs of the app: its database, configuration, clock and the consumers of its history; the
 * caches to drop and the queue its mails go on are the live server's. A command-line tool has neither: a
 * write of it that mails is refused, and nothing is written.
 */
export interface WriteDeps {
  db: Db;
  config: Config;
  clock: Clock;
  writeConsumers: readonly WriteConsumer[];
  dataVersion?: DataVersion | undefined;
  jobs?: WriteQueue | undefined;
}

/** Subjects whose changes show on public pages and answers: cached copies are dropped after the commit. */
const PUBLIC_SUBJECTS: ReadonlySet<HistorySubject> = new Set(['establishment', 'menu-board', 'group']);

/**
 * The one path every write takes: the work validates what the database must tell, checks the request's
 * precondition, writes its rows with their history entries and puts its mails on the job queue, all in one
 * transaction; the write's consumers read its history entries in the same transaction; once committed,
 * the caches of public data are dropped (from what the history entries say changed) and the queue's
 * worker is woken for the mails. A write given conditional headers that never checks them fails: no write can ignore `If-Match`.
 */
export async function write<T>(
  ctx: WriteDeps,
  options: WriteOptions,
  work: (w: Write) => Promise<T>,
): Promise<T> {
  const conditions = options.conditions ?? {};
  const conditional = conditions.ifMatch !== undefined || conditions.ifNoneMatch !== undefined;
  let publicData = false;
  const queues = new Set<string>();

  const result = await ctx.db.transaction(async (tx) => {
    let checked = false;
    // Only what a consumer will read: an entry no consumer wants is written and let go.
    const recorded: ChangeRecord[] = [];
    const wanted = (entry: ChangeRecord) =>
      ctx.writeConsumers.some((consumer) => consumer.wants === undefined || consumer.wants(entry));
    const w: Write = {
      tx,
      actor: options.actor,
      now: ctx.clock(),
      checkPrecondition(current, message) {
        checked = true;
        if (!preconditionHolds(conditions, current === null ? null : etagOf(current))) {
          throw preconditionFailed(message);
        }
      },
      checkExisting(current, notFound) {
        w.checkPrecondition(current ?? null);
        if (current === null || current === undefined) throw notFound();
        return current;
      },
      async record(change) {
        await w.recordMany([change]);
      },
      async recordMany(changes) {
        const entries = changes.map((change): ChangeRecord => ({
          ...change,
          actor: change.actor ?? options.actor,
        }));
        await recordChanges(tx, entries);
        for (const entry of entries) {
          if (wanted(entry)) recorded.push(entry);
          if (PUBLIC_SUBJECTS.has(entry.subjectType)) publicData = true;
        }
      },
      async mail(message) {
        if (ctx.jobs === undefined) throw new Error('This write sends a mail: it needs the app’s job queue');
        await ctx.jobs.sendInTransaction(tx, 'mail', message);
        queues.add('mail');
      },
      async enqueue(name, data, enqueueOptions) {
        if (ctx.jobs === undefined)
          throw new Error(`This write sends a ${name} job: it needs the app’s job queue`);
        const added = await ctx.jobs.sendInTransaction(tx, name, data, enqueueOptions);
        if (added) queues.add(name);
        return added;
      },
      changedPublicData() {
        publicData = true;
      },
    };
    const value = await work(w);
    if (conditional && !checked) {
      throw new Error('A write was given If-Match or If-None-Match and did not check them');
    }
    for (const consume of ctx.writeConsumers) {
      const wants = consume.wants;
      await consume(ctx, w, wants === undefined ? recorded : recorded.filter((entry) => wants(entry)));
    }
    return value;
  });

  if (publicData) ctx.dataVersion?.bump();
  for (const name of queues) ctx.jobs?.wake(name);
  return result;
}
