import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { establishments, follows, pushDeliveries, pushSubscriptions } from '../../db/schema';

/** What a follow needs of its establishment: whether a visitor may see its page. */
export async function findFollowable(db: DbOrTx, establishmentId: string) {
  const [row] = await db
    .select({
      id: establishments.id,
      name: establishments.name,
      town: establishments.town,
      disabled: establishments.disabled,
      closedForGoodAt: establishments.closedForGoodAt,
    })
    .from(establishments)
    .where(eq(establishments.id, establishmentId));
  return row ?? null;
}

/**
 * The browser's subscription, made or given its latest keys (a browser that subscribed again gives new
 * ones): its id.
 */
export async function upsertSubscription(
  db: DbOrTx,
  id: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<string> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ id, endpoint: subscription.endpoint, ...subscription.keys })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

/** The follow, made now unless it was there: its `createdAt` and whether it is new. */
export async function insertFollow(
  db: DbOrTx,
  subscriptionId: string,
  establishmentId: string,
  now: Date,
): Promise<{ createdAt: Date; created: boolean }> {
  const [inserted] = await db
    .insert(follows)
    .values({ subscriptionId, establishmentId, createdAt: now })
    .onConflictDoNothing()
    .returning({ createdAt: follows.createdAt });
  if (inserted !== undefined) return { createdAt: inserted.createdAt, created: true };
  const [existing] = await db
    .select({ createdAt: follows.createdAt })
    .from(follows)
    .where(and(eq(follows.subscriptionId, subscriptionId), eq(follows.establishmentId, establishmentId)));
  return { createdAt: existing!.createdAt, created: false };
}

/** The establishments a browser follows whose page a visitor may see, in the order they were followed. */
export async function findFollowed(db: DbOrTx, endpoint: string) {
  const rows = await db
    .select({
      id: establishments.id,
      uri: establishments.uri,
      name: establishments.name,
      kind: establishments.kind,
      createdAt: follows.createdAt,
    })
    .from(follows)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, follows.subscriptionId))
    .innerJoin(establishments, eq(establishments.id, follows.establishmentId))
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        eq(establishments.disabled, false),
        sql`${establishments.closedForGoodAt} is null`,
      ),
    )
    .orderBy(asc(follows.createdAt), asc(establishments.name));
  return rows.map(({ createdAt, ...establishment }) => ({
    establishment,
    createdAt: createdAt.toISOString(),
  }));
}

/**
 * Ends a browser's follow of an establishment; then the subscription itself when it follows nothing more
 * and has had no message of today or later (a delivery of today kept with it: following again today sends
 * none twice). The daily purge takes the others.
 */
export async function deleteFollow(
  db: DbOrTx,
  endpoint: string,
  establishmentId: string,
  today: string,
): Promise<void> {
  const [subscription] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  if (subscription === undefined) return;
  await db
    .delete(follows)
    .where(and(eq(follows.subscriptionId, subscription.id), eq(follows.establishmentId, establishmentId)));
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, subscription.id),
        sql`not exists (select 1 from ${follows} where ${follows.subscriptionId} = ${subscription.id})`,
        sql`not exists (select 1 from ${pushDeliveries} where ${pushDeliveries.subscriptionId} = ${subscription.id} and ${pushDeliveries.day} >= ${today})`,
      ),
    );
}

/** How many browsers follow an establishment. */
export async function countFollowers(db: DbOrTx, establishmentId: string): Promise<number> {
  const [row] = await db
    .select({ followers: count() })
    .from(follows)
    .where(eq(follows.establishmentId, establishmentId));
  return row?.followers ?? 0;
}

export async function hasFollowers(db: DbOrTx, establishmentId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(eq(follows.establishmentId, establishmentId))
    .limit(1);
  return rows.length > 0;
}

/** A subscription a message goes to. */
export interface Recipient {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A batch of followers taken: those whose delivery this call recorded, and how far it read. */
export interface Claimed {
  recipients: Recipient[];
  /** The last follower read (taken now or before), where the next batch starts; null: none were left. */
  last: string | null;
}

/**
 * Records the deliveries of an establishment's board of `day` to its next `limit` followers in the order of
 * their subscription ids after `after` (null: from the first), and answers the subscriptions whose delivery
 * it inserted: each row is inserted before its message is sent, and a row already there — inserted by an
 * earlier run, or by another replica (`on conflict do nothing` waits for its transaction) — is skipped, so
 * that each follower is taken once, whoever runs the announcement. One range of the followers' index and
 * one look-up of the primary key per follower: whatever the planner knows of today's rows (a new day has
 * no statistics), a batch costs the same at the end of 50,000 followers as at the start.
 */
export async function claimDeliveries(
  db: DbOrTx,
  establishmentId: string,
  day: string,
  limit: number,
  after: string | null,
): Promise<Claimed> {
  const result = await db.execute(sql`
    with candidates as (
      select f.subscription_id from ${follows} f
      where f.establishment_id = ${establishmentId}::uuid
        and (${after}::uuid is null or f.subscription_id > ${after}::uuid)
      order by f.subscription_id
      limit ${limit}),
    claimed as (
      insert into ${pushDeliveries} (establishment_id, day, subscription_id)
      select ${establishmentId}::uuid, ${day}::date, subscription_id from candidates
      on conflict do nothing
      returning subscription_id)
    select (select subscription_id from candidates order by subscription_id desc limit 1) as "last",
      s.id, s.endpoint, s.p256dh, s.auth
    from (values (1)) as one (x)
      left join claimed c on true
      left join ${pushSubscriptions} s on s.id = c.subscription_id
    order by s.id`);
  const rows = (
    result as unknown as {
      rows: { last: string | null; id: string | null; endpoint: string; p256dh: string; auth: string }[];
    }
  ).rows;
  return {
    last: rows[0]?.last ?? null,
    recipients: rows.flatMap((row) =>
      row.id === null
        ? []
        : [{ id: row.id, endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }],
    ),
  };
}

export async function findRecipient(db: DbOrTx, subscriptionId: string): Promise<Recipient | null> {
  const [row] = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, subscriptionId));
  return row === undefined
    ? null
    : { id: row.id, endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } };
}

/** Subscriptions the push service says are gone: their follows and deliveries go with them. */
export async function deleteSubscriptions(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
}

/**
 * The daily purge: deliveries of days before `keepFrom` (none of them can be sent again: an announcement
 * runs only on its day), then the subscriptions that follow nothing and have no delivery left. Answers how
 * many rows went.
 */
export async function purgePushRecords(db: DbOrTx, keepFrom: string): Promise<number> {
  const result = await db.execute(sql`
    with old as (delete from ${pushDeliveries} where day < ${keepFrom}::date returning 1),
    idle as (
      delete from ${pushSubscriptions} s
      where not exists (select 1 from ${follows} f where f.subscription_id = s.id)
        and not exists (
          select 1 from ${pushDeliveries} d where d.subscription_id = s.id and d.day >= ${keepFrom}::date)
      returning 1)
    select (select count(*) from old)::int + (select count(*) from idle)::int as purged`);
  return (result as unknown as { rows: { purged: number }[] }).rows[0]?.purged ?? 0;
}
