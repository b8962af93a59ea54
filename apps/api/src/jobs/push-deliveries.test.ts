import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../test/app';
import { createCategory, createEstablishment } from '../../test/factories';
import { startPushService, type TestBrowser, type TestPushService } from '../../test/push-receiver';
import { buildApp } from '../app';
import { establishments, follows, menuBoards, pushDeliveries, pushSubscriptions } from '../db/schema';
import { parisTimeOn } from '../modules/follows/announcements';
import { SYSTEM_ACTOR } from '../modules/history/history';
import { WRITE_CONSUMERS } from '../write-consumers';
import { write } from '../writes/write';
import { PG_BOSS_SCHEMA } from './pg-boss-jobs';
import { PUSH_TRIES } from './push-deliveries';

/*
 * The messages of « Suivre », end to end: boards published through the API, the announcement jobs run by
 * the app's queue, each message taken by a push service on 127.0.0.1 that checks its VAPID token and
 * decrypts it as the browser would (test/push-receiver.ts). On both engines, and with two replicas.
 */

const SUBJECT = 'mailto:equipe@tables-voisines.test';
// The app's clock at 11:00 in Paris today, stopped: the boards' day and the messages' TTL follow it.
const today = parisDay(new Date());
const tomorrow = addDays(today, 1);
const clock = new TestClock(parisTimeOn(today, 11));
let t: TestApp;
let service: TestPushService;
/** An allowed origin where nothing listens: its connections are refused. */
let unreachable: string;
let admin: TestAccount;
let galettes: string;
let desserts: string;

beforeAll(async () => {
  service = await startPushService(SUBJECT);
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  unreachable = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
  await new Promise((resolve) => closed.close(resolve));
  t = await createTestApp({
    clock: clock.now,
    env: {
      PUSH_ALLOWED_ORIGINS: `${service.origin},${unreachable}`,
      VAPID_SUBJECT: SUBJECT,
      RATE_LIMIT_FOLLOWS: '100000',
    },
  });
  service.expectKey(t.app.ctx.push.publicKey);
  admin = await createAdminAccount(t);
  galettes = (await createCategory(t.db, 'Galettes')).id;
  desserts = (await createCategory(t.db, 'Desserts')).id;
});
afterAll(async () => {
  await t.close();
  await service.close();
});

interface Place {
  id: string;
  uri: string;
  owner: TestAccount;
}

async function place(fields: Partial<typeof establishments.$inferInsert> = {}): Promise<Place> {
  // No weekly hours (unknown): the place is not closed today, whatever day the tests run.
  const row = await createEstablishment(t.db, { name: 'Crêperie Ty Breizh', openingHours: [], ...fields });
  return { id: row.id, uri: row.uri, owner: await createOwnerAccount(t, { establishmentId: row.id }) };
}

const board = (where: Place, overrides: Record<string, unknown> = {}) => ({
  establishment: where.id,
  title: 'Ardoise du midi',
  date: today,
  items: [
    { name: 'Galette complète', price: 9.9, category: galettes },
    { name: 'Crêpe caramel beurre salé', price: 4.5, category: desserts },
  ],
  ...overrides,
});

async function publish(where: Place, overrides: Record<string, unknown> = {}, app = t.app) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/menuboard/',
    headers: where.owner.headers,
    payload: board(where, overrides),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ id: string }>();
}

async function followers(where: Place, count: number): Promise<TestBrowser[]> {
  const browsers: TestBrowser[] = [];
  for (let i = 0; i < count; i++) {
    const browser = service.subscribe();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/follows',
      payload: { establishment: where.id, subscription: browser.subscription },
    });
    expect(response.statusCode).toBe(201);
    browsers.push(browser);
  }
  return browsers;
}

/** Until the announcements and retries due now are all done. */
async function settle(app = t.app): Promise<void> {
  await app.ctx.jobs.settle('push-announce');
  await app.ctx.jobs.settle('push-retry');
}

interface QueuedJob {
  id: string;
  state: string;
  data: Record<string, unknown>;
  dueInMs: number;
}
async function jobs(name: 'push-announce' | 'push-retry', establishmentId: string): Promise<QueuedJob[]> {
  const result = await t.db.execute(sql`
    select id, state, data, (extract(epoch from start_after - now()) * 1000)::int as "dueInMs"
    from ${sql.raw(PG_BOSS_SCHEMA)}.job
    where name = ${name} and data->>'establishmentId' = ${establishmentId} order by created_on`);
  return (result as unknown as { rows: QueuedJob[] }).rows;
}
const waiting = async (name: 'push-announce' | 'push-retry', establishmentId: string) =>
  (await jobs(name, establishmentId)).filter((job) => job.state === 'created' || job.state === 'retry');
/** As if their time had come: the jobs of a place waiting on a queue become due now. */
async function makeDue(name: 'push-announce' | 'push-retry', establishmentId: string): Promise<void> {
  await t.db.execute(sql`
    update ${sql.raw(PG_BOSS_SCHEMA)}.job set start_after = now()
    where name = ${name} and data->>'establishmentId' = ${establishmentId} and state in ('created', 'retry')`);
}
const counts = (browsers: readonly TestBrowser[]) => browsers.map((b) => service.messagesTo(b).length);

describe('announcing today’s board to the followers', () => {
  it('sends each follower one message, decrypted as its browser would, with the place, the dishes and the page', async () => {
    const crêperie = await place();
    const others = await place({ name: 'Le Bistrot d’à côté' });
    const browsers = await followers(crêperie, 3);
    const [outsider] = await followers(others, 1);
    await publish(crêperie);
    await settle();
    for (const browser of browsers) {
      expect(service.messagesTo(browser)).toEqual([
        {
          browser: browser.id,
          payload: {
            title: 'Crêperie Ty Breizh',
            body: 'L’ardoise du jour est en ligne : Galette complète, Crêpe caramel beurre salé.',
            url: `${t.config.publicUrl}/restaurant/${encodeURIComponent(crêperie.uri)}`,
            tag: `ardoise-${crêperie.id}-${today}`,
            icon: `${t.config.publicUrl}/icons/icon-192.png`,
          },
          // Kept by the push service until midnight in Paris: 13 hours from 11:00.
          ttl: 13 * 3600,
          urgency: 'normal',
        },
      ]);
    }
    expect(service.messagesTo(outsider!)).toEqual([]);
    expect(service.problems).toEqual([]);
    const delivered = await t.db
      .select()
      .from(pushDeliveries)
      .where(eq(pushDeliveries.establishmentId, crêperie.id));
    expect(delivered.map((d) => d.day)).toEqual([today, today, today]);
  });

  it('sends nothing more for a second publication, edits, or a board taken down and published again that day', async () => {
    const crêperie = await place();
    const browsers = await followers(crêperie, 2);
    const first = await publish(crêperie);
    await settle();
    expect(counts(browsers)).toEqual([1, 1]);

    await publish(crêperie, { title: 'Ardoise du soir' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/menuboard/${first.id}`,
      headers: crêperie.owner.headers,
      payload: { items: [{ name: 'Galette saucisse', price: 6, category: galettes }] },
    });
    expect(patched.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/menuboard/${first.id}`,
      headers: crêperie.owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    await publish(crêperie, { title: 'Ardoise, deuxième' });
    // The team hides the page and shows it again.
    for (const disabled of [true, false]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/establishment/${crêperie.id}`,
        headers: admin.headers,
        payload: { disabled },
      });
      expect(response.statusCode).toBe(200);
    }
    await settle();
    expect(counts(browsers)).toEqual([1, 1]);
    expect(service.problems).toEqual([]);
  });

  it('puts nothing on the queue for a place nobody follows', async () => {
    const alone = await place();
    await publish(alone);
    expect(await jobs('push-announce', alone.id)).toEqual([]);
  });

  it('announces nothing for a hidden page, nor a day the place is closed; a page shown again that day is announced', async () => {
    // Followed while it was visible, then hidden by the team.
    const hidden = await place();
    const [watcher] = await followers(hidden, 1);
    await t.db.update(establishments).set({ disabled: true }).where(eq(establishments.id, hidden.id));
    await publish(hidden);
    await settle();
    expect(service.messagesTo(watcher!)).toEqual([]);
    const shown = await t.app.inject({
      method: 'PATCH',
      url: `/api/establishment/${hidden.id}`,
      headers: admin.headers,
      payload: { disabled: false },
    });
    expect(shown.statusCode).toBe(200);
    await settle();
    expect(service.messagesTo(watcher!)).toHaveLength(1);

    const closed = await place({ closures: [{ from: today, to: today, reason: 'Travaux' }] });
    const [reader] = await followers(closed, 1);
    await publish(closed);
    await settle();
    expect(service.messagesTo(reader!)).toEqual([]);
  });

  it('uses the place’s photo as the icon, its small copy when the photo is one of ours', async () => {
    const photo = randomUUID();
    const pictured = await place({ photoUrl: `/media/${photo}.jpg` });
    const [browser] = await followers(pictured, 1);
    await publish(pictured);
    await settle();
    expect(service.messagesTo(browser!)[0]?.payload.icon).toBe(
      `${t.config.publicUrl}/media/${photo}-card.webp`,
    );
  });

  it('answers the owner at once, whatever the push services take', async () => {
    const slow = await place();
    const [browser] = await followers(slow, 1);
    service.answer(browser!, { status: 201, delayMs: 3000 });
    const started = performance.now();
    await publish(slow);
    expect(performance.now() - started).toBeLessThan(1500);
    await settle();
    expect(service.messagesTo(browser!)).toHaveLength(1);
  });

  it('puts nothing on the queue when the publishing write rolls back', async () => {
    const rolledBack = await place();
    await followers(rolledBack, 1);
    const boardId = randomUUID();
    // The write's consumers run (the announcement put on the queue in its transaction), then it fails.
    const failing = {
      ...t.app.ctx,
      writeConsumers: [
        ...WRITE_CONSUMERS,
        async () => {
          throw new Error('refused at the end');
        },
      ],
    };
    await expect(
      write(failing, { actor: SYSTEM_ACTOR }, async (w) => {
        await w.tx
          .insert(menuBoards)
          .values({ id: boardId, establishmentId: rolledBack.id, title: 'Perdue', date: today });
        await w.record({
          subjectType: 'menu-board',
          subjectId: boardId,
          establishmentId: rolledBack.id,
          action: 'create',
          changes: [{ field: 'date', from: null, to: today }],
        });
      }),
    ).rejects.toThrow('refused at the end');
    expect(await jobs('push-announce', rolledBack.id)).toEqual([]);
    // The same write committed does put it there.
    await write(t.app.ctx, { actor: SYSTEM_ACTOR }, async (w) => {
      await w.tx
        .insert(menuBoards)
        .values({ id: boardId, establishmentId: rolledBack.id, title: 'Gardée', date: today });
      await w.tx
        .execute(sql`insert into menu_board_items (menu_board_id, position, name, price_cents, category_id)
        values (${boardId}, 0, 'Far breton', 350, ${desserts})`);
      await w.record({
        subjectType: 'menu-board',
        subjectId: boardId,
        establishmentId: rolledBack.id,
        action: 'create',
        changes: [{ field: 'date', from: null, to: today }],
      });
    });
    expect(await jobs('push-announce', rolledBack.id)).toHaveLength(1);
    await settle();
  });
});

describe('what the push services answer', () => {
  it('deletes a subscription its service says is gone (410, 404), with its follows', async () => {
    const crêperie = await place();
    const [gone, missing, kept] = await followers(crêperie, 3);
    service.answer(gone!, { status: 410 });
    service.answer(missing!, { status: 404 });
    await publish(crêperie);
    await settle();
    expect(counts([gone!, missing!, kept!])).toEqual([0, 0, 1]);
    for (const browser of [gone!, missing!]) {
      const rows = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
      expect(rows).toEqual([]);
    }
    expect(await t.db.select().from(follows).where(eq(follows.establishmentId, crêperie.id))).toHaveLength(1);
  });

  it('tries again once the service’s Retry-After is over (429), and sends it once', async () => {
    const crêperie = await place();
    const [busy, patient] = await followers(crêperie, 2);
    service.answer(busy!, { status: 429, retryAfter: '120' });
    service.answer(patient!, { status: 503, retryAfter: '5' });
    await publish(crêperie);
    await settle();
    expect(counts([busy!, patient!])).toEqual([0, 0]);
    const retries = await waiting('push-retry', crêperie.id);
    expect(retries).toHaveLength(2);
    const dueIn = Object.fromEntries(retries.map((job) => [job.data.subscriptionId, job.dueInMs]));
    const ids = await t.db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .innerJoin(follows, eq(follows.subscriptionId, pushSubscriptions.id))
      .where(eq(follows.establishmentId, crêperie.id));
    const idOf = (browser: TestBrowser) =>
      ids.find((row) => row.endpoint === browser.subscription.endpoint)!.id;
    // Never before Retry-After; never sooner than the first backoff (30 s) either.
    expect(dueIn[idOf(busy!)]).toBeGreaterThan(110_000);
    expect(dueIn[idOf(busy!)]).toBeLessThanOrEqual(120_000);
    expect(dueIn[idOf(patient!)]).toBeGreaterThan(20_000);
    expect(dueIn[idOf(patient!)]).toBeLessThanOrEqual(30_000);
    // Not taken before its time.
    await settle();
    expect(counts([busy!, patient!])).toEqual([0, 0]);
    await makeDue('push-retry', crêperie.id);
    await settle();
    expect(counts([busy!, patient!])).toEqual([1, 1]);
    expect(service.requests.filter((r) => r.browser === busy!.id).map((r) => r.status)).toEqual([429, 201]);
    expect(await waiting('push-retry', crêperie.id)).toEqual([]);
  });

  it('tries again a message its service could not be reached for, never one it may have taken', async () => {
    const crêperie = await place();
    const [cut] = await followers(crêperie, 1);
    service.answer(cut!, { status: 0, hangUp: true });
    const away = { ...service.subscribe().subscription, endpoint: `${unreachable}/push/${randomUUID()}` };
    const followed = await t.app.inject({
      method: 'POST',
      url: '/api/follows',
      payload: { establishment: crêperie.id, subscription: away },
    });
    expect(followed.statusCode).toBe(201);
    await publish(crêperie);
    await settle();
    // The connection cut once the message was sent: it may have been taken, so it is not sent again.
    expect(service.requests.filter((r) => r.browser === cut!.id).map((r) => r.status)).toEqual([0]);
    expect(service.messagesTo(cut!)).toEqual([]);
    // The connection refused: the message never left, a retry is waiting.
    const retries = await waiting('push-retry', crêperie.id);
    expect(retries).toHaveLength(1);
    expect(retries[0]!.data.attempt).toBe(2);
  });

  it('keeps a message failed after its last try, counted with the failed mails', async () => {
    const crêperie = await place();
    const [broken] = await followers(crêperie, 1);
    service.answer(broken!, ...Array.from({ length: PUSH_TRIES }, () => ({ status: 500 })));
    const failedBefore = await t.app.ctx.jobs.failedCount();
    await publish(crêperie);
    await settle();
    for (let attempt = 2; attempt <= PUSH_TRIES; attempt++) {
      const [next] = await waiting('push-retry', crêperie.id);
      expect(next?.data.attempt).toBe(attempt);
      await makeDue('push-retry', crêperie.id);
      await settle();
    }
    expect(await waiting('push-retry', crêperie.id)).toEqual([]);
    expect(service.requests.filter((r) => r.browser === broken!.id)).toHaveLength(PUSH_TRIES);
    expect(service.messagesTo(broken!)).toEqual([]);
    expect(await t.app.ctx.jobs.failedCount()).toBe(failedBefore + 1);
    const status = await t.app.inject({ method: 'GET', url: '/api/jobs/status', headers: admin.headers });
    expect(status.json()).toEqual({ failed: failedBefore + 1 });
  });
});

describe('two replicas on one database', () => {
  it('share the key pair and send each follower one message, publishing and announcing together', async () => {
    const other = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      serveWeb: false,
      clock: clock.now,
    });
    await other.ready();
    try {
      expect(other.ctx.push.publicKey).toBe(t.app.ctx.push.publicKey);
      const crêperie = await place();
      const browsers = await followers(crêperie, 40);
      // The owner publishes on one replica while the team publishes on the other...
      await Promise.all([
        publish(crêperie, {}, t.app),
        other.inject({
          method: 'POST',
          url: '/api/menuboard/',
          headers: admin.headers,
          payload: board(crêperie, { title: 'Ardoise de l’équipe' }),
        }),
      ]);
      // ... and, as if the queue ran an announcement twice at once, each replica gets one more of its own.
      const job = { establishmentId: crêperie.id, day: today };
      await Promise.all(
        [t.app, other].map((app, i) =>
          write(app.ctx, { actor: SYSTEM_ACTOR }, (w) =>
            w.enqueue('push-announce', job, { singletonKey: `${crêperie.id}:${today}:replica-${i}` }),
          ),
        ),
      );
      await Promise.all([settle(t.app), settle(other)]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await Promise.all([settle(t.app), settle(other)]);
      expect(counts(browsers)).toEqual(browsers.map(() => 1));
      expect(service.problems).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('a board published for a later day', () => {
  it('is announced that morning at 8, once, when it is the day’s board', async () => {
    const crêperie = await place();
    const browsers = await followers(crêperie, 2);
    await publish(crêperie, { date: tomorrow });
    await publish(crêperie, { date: tomorrow, title: 'Ardoise de demain, corrigée' });
    await settle();
    expect(counts(browsers)).toEqual([0, 0]);
    // One job, waiting for tomorrow 08:00 in Paris: 21 hours from 11:00.
    const [job, ...more] = await waiting('push-announce', crêperie.id);
    expect(more).toEqual([]);
    expect(job!.data).toEqual({ establishmentId: crêperie.id, day: tomorrow });
    const morning = parisTimeOn(tomorrow, 8).getTime() - clock.now().getTime();
    expect(Math.abs(job!.dueInMs - morning)).toBeLessThan(60_000);

    // Taken early (the database's clock ahead of the app's): put back for the morning, nothing sent.
    await makeDue('push-announce', crêperie.id);
    await settle();
    expect(counts(browsers)).toEqual([0, 0]);
    const [again] = await waiting('push-announce', crêperie.id);
    expect(Math.abs(again!.dueInMs - morning)).toBeLessThan(60_000);

    // The morning comes.
    clock.set(parisTimeOn(tomorrow, 8));
    try {
      await makeDue('push-announce', crêperie.id);
      await settle();
      expect(counts(browsers)).toEqual([1, 1]);
      expect(service.messagesTo(browsers[0]!)[0]?.payload.tag).toBe(`ardoise-${crêperie.id}-${tomorrow}`);
      // A board taken down before its morning announces nothing.
      const undone = await place();
      const [watcher] = await followers(undone, 1);
      const planned = await publish(undone, { date: addDays(tomorrow, 1) });
      await t.app.inject({
        method: 'DELETE',
        url: `/api/menuboard/${planned.id}`,
        headers: undone.owner.headers,
      });
      clock.set(parisTimeOn(addDays(tomorrow, 1), 8));
      await makeDue('push-announce', undone.id);
      await settle();
      expect(service.messagesTo(watcher!)).toEqual([]);
      // And a day over sends nothing: the announcement of a day that has passed is dropped.
      expect(await waiting('push-announce', undone.id)).toEqual([]);
    } finally {
      clock.set(parisTimeOn(today, 11));
    }
  });
});

describe('the daily purge', () => {
  it('drops the deliveries of past days and the subscriptions that follow nothing', async () => {
    const crêperie = await place();
    const [browser] = await followers(crêperie, 1);
    const [row] = await t.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser!.subscription.endpoint));
    await t.db.insert(pushDeliveries).values([
      { subscriptionId: row!.id, establishmentId: crêperie.id, day: addDays(today, -5) },
      { subscriptionId: row!.id, establishmentId: crêperie.id, day: today },
    ]);
    await t.db.delete(follows).where(eq(follows.subscriptionId, row!.id));
    expect(await t.app.ctx.jobs.runNow('push-purge')).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, row!.id));
    expect(left.map((d) => d.day)).toEqual([today]);
    clock.set(parisTimeOn(addDays(today, 3), 11));
    try {
      await t.app.ctx.jobs.runNow('push-purge');
    } finally {
      clock.set(parisTimeOn(today, 11));
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row!.id))).toEqual([]);
  });
});
