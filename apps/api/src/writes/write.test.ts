import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { buildApp } from '../app';
import { changeHistory, groups, sideEffects } from '../db/schema';
import { PG_BOSS_SCHEMA } from '../jobs/pg-boss-jobs';
import { SYSTEM_ACTOR } from '../modules/history/history';
import { moveOutboxToQueue } from '../startup/outbox-to-queue';
import { WRITE_CONSUMERS } from '../write-consumers';
import { write } from './write';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mail = (to: string, subject = 'Bonjour') => ({ to, subject, text: subject, html: `<p>${subject}</p>` });
interface MailJob {
  id: string;
  state: string;
  retryCount: number;
  retryLimit: number;
  dueInMs: number;
}
/** The mail jobs to an address, as pg-boss keeps them in the app's database. */
async function mailJobs(to: string): Promise<MailJob[]> {
  const result = await t.db.execute(sql`
    select id, state, retry_count as "retryCount", retry_limit as "retryLimit",
           (extract(epoch from start_after - now()) * 1000)::int as "dueInMs"
    from ${sql.raw(PG_BOSS_SCHEMA)}.job where name = 'mail' and data->>'to' = ${to} order by created_on`);
  return (result as unknown as { rows: MailJob[] }).rows;
}
const sentTo = (to: string) => smtp.messages.filter((m) => m.to === to);

describe('the write path', () => {
  it('writes nothing, records nothing and sends nothing when the write fails', async () => {
    const versionBefore = t.app.ctx.dataVersion.value;
    await expect(
      write(t.app.ctx, { actor: SYSTEM_ACTOR }, async (w) => {
        await w.tx
          .insert(groups)
          .values({ id: crypto.randomUUID(), name: 'Perdu', latitude: 45, longitude: 4, radiusKm: 1 });
        await w.record({
          subjectType: 'group',
          subjectId: crypto.randomUUID(),
          action: 'create',
          changes: [],
        });
        await w.mail(mail('jamais@exemple.fr'));
        throw new Error('refused halfway');
      }),
    ).rejects.toThrow('refused halfway');
    expect(await t.db.select().from(groups).where(eq(groups.name, 'Perdu'))).toEqual([]);
    expect(await t.db.select().from(changeHistory)).toEqual([]);
    // The mail's job was written in the transaction: rolled back with it.
    expect(await mailJobs('jamais@exemple.fr')).toEqual([]);
    expect(t.app.ctx.dataVersion.value).toBe(versionBefore);
    await t.app.ctx.jobs.settle('mail');
    expect(sentTo('jamais@exemple.fr')).toEqual([]);
  });

  it('drops the public caches after a committed change of public data, and sends its mail after the commit', async () => {
    const versionBefore = t.app.ctx.dataVersion.value;
    const id = crypto.randomUUID();
    await write(t.app.ctx, { actor: SYSTEM_ACTOR }, async (w) => {
      await w.tx.insert(groups).values({ id, name: 'Gardé', latitude: 45, longitude: 4, radiusKm: 1 });
      await w.record({ subjectType: 'group', subjectId: id, action: 'create', changes: [] });
      await w.mail(mail('apres@exemple.fr', 'Après la validation'));
    });
    expect(t.app.ctx.dataVersion.value).toBe(versionBefore + 1);
    expect((await smtp.waitFor('apres@exemple.fr')).subject).toBe('Après la validation');
    await expect
      .poll(async () => (await mailJobs('apres@exemple.fr')).map((j) => j.state))
      .toEqual(['completed']);
  });

  it('refuses a write that mails without the app’s queue (a command-line tool), and writes nothing', async () => {
    const id = crypto.randomUUID();
    await expect(
      write(
        { db: t.db, config: t.config, clock: t.app.ctx.clock, writeConsumers: WRITE_CONSUMERS },
        { actor: SYSTEM_ACTOR },
        async (w) => {
          await w.tx
            .insert(groups)
            .values({ id, name: 'Sans file', latitude: 45, longitude: 4, radiusKm: 1 });
          await w.mail(mail('sans-file@exemple.fr'));
        },
      ),
    ).rejects.toThrow(/job queue/);
    expect(await t.db.select().from(groups).where(eq(groups.id, id))).toEqual([]);
  });

  it('refuses to run a write given If-Match that does not check it', async () => {
    await expect(
      write(t.app.ctx, { actor: SYSTEM_ACTOR, conditions: { ifMatch: '"x.1"' } }, async () => 'done'),
    ).rejects.toThrow(/did not check/);
  });
});

describe('the mail queue', () => {
  it('keeps a mail the server refused and sends it at a later try, 30 seconds or more later', async () => {
    smtp.refuse = true;
    try {
      await write(t.app.ctx, { actor: SYSTEM_ACTOR }, (w) => w.mail(mail('plus-tard@exemple.fr')));
      await expect.poll(async () => (await mailJobs('plus-tard@exemple.fr'))[0]?.state).toBe('retry');
    } finally {
      smtp.refuse = false;
    }
    const [job] = await mailJobs('plus-tard@exemple.fr');
    expect(job).toMatchObject({ state: 'retry', retryLimit: 8 });
    expect(job!.dueInMs).toBeGreaterThan(20_000);
    expect(sentTo('plus-tard@exemple.fr')).toEqual([]);
    // The retry falls due (as it would 30 seconds later): the worker sends it.
    await t.db.execute(
      sql`update ${sql.raw(PG_BOSS_SCHEMA)}.job set start_after = now() where id = ${job!.id}::uuid`,
    );
    expect(await smtp.waitFor('plus-tard@exemple.fr')).toBeDefined();
    await expect.poll(async () => (await mailJobs('plus-tard@exemple.fr'))[0]?.state).toBe('completed');
    expect(sentTo('plus-tard@exemple.fr')).toHaveLength(1);
  });

  it('keeps a mail failed after its last try, and counts it for the admins', async () => {
    const failedBefore = await t.app.ctx.jobs.failedCount();
    smtp.refuse = true;
    try {
      await write(t.app.ctx, { actor: SYSTEM_ACTOR }, (w) => w.mail(mail('jamais-parti@exemple.fr')));
      await expect.poll(async () => (await mailJobs('jamais-parti@exemple.fr'))[0]?.state).toBe('retry');
      // Its last try, due now.
      await t.db.execute(sql`
        update ${sql.raw(PG_BOSS_SCHEMA)}.job set retry_count = retry_limit, start_after = now()
        where name = 'mail' and data->>'to' = 'jamais-parti@exemple.fr'`);
      t.app.ctx.jobs.wake('mail');
      await expect.poll(async () => (await mailJobs('jamais-parti@exemple.fr'))[0]?.state).toBe('failed');
    } finally {
      smtp.refuse = false;
    }
    expect(await t.app.ctx.jobs.failedCount()).toBe(failedBefore + 1);
    // What the admins' dashboard reads.
    const admin = await createAdminAccount(t, { permissions: [] });
    const status = await t.app.inject({ method: 'GET', url: '/api/jobs/status', headers: admin.headers });
    expect(status.statusCode).toBe(200);
    expect(status.headers['cache-control']).toBe('private, no-store');
    expect(status.json()).toEqual({ failed: failedBefore + 1 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/jobs/status' });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.app.ctx.jobs.settle('mail')).toBeGreaterThanOrEqual(1);
    expect(sentTo('jamais-parti@exemple.fr')).toEqual([]);
  });

  it('sends each mail once when two replicas take jobs from the same queue', async () => {
    // The second replica: the same database and configuration, its own queue workers.
    const other = await buildApp({ config: t.config, database: t.database, logger: false, serveWeb: false });
    await other.ready();
    try {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          write(i % 2 === 0 ? t.app.ctx : other.ctx, { actor: SYSTEM_ACTOR }, (w) =>
            w.mail(mail(`replicas-${i}@exemple.fr`)),
          ),
        ),
      );
      for (let i = 0; i < 12; i++) await smtp.waitFor(`replicas-${i}@exemple.fr`);
      await Promise.all([t.app.ctx.jobs.settle('mail'), other.ctx.jobs.settle('mail')]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let i = 0; i < 12; i++) expect(sentTo(`replicas-${i}@exemple.fr`)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('puts the mails an older version left in its outbox table on the queue, once', async () => {
    await t.db.insert(sideEffects).values([
      { id: crypto.randomUUID(), kind: 'mail', payload: mail('ancienne-boite@exemple.fr') },
      {
        id: crypto.randomUUID(),
        kind: 'mail',
        payload: mail('abandonnee@exemple.fr'),
        failedAt: new Date('2026-11-30T10:00:00Z'),
      },
    ]);
    const moved = await Promise.all([moveOutboxToQueue(t.app.ctx), moveOutboxToQueue(t.app.ctx)]);
    expect(moved[0] + moved[1]).toBe(1);
    expect(await smtp.waitFor('ancienne-boite@exemple.fr')).toBeDefined();
    // The one the old outbox had given up on stays for an operator to read.
    expect((await t.db.select().from(sideEffects)).map((row) => row.payload.to)).toEqual([
      'abandonnee@exemple.fr',
    ]);
    await t.app.ctx.jobs.settle('mail');
    expect(sentTo('ancienne-boite@exemple.fr')).toHaveLength(1);
    expect(sentTo('abandonnee@exemple.fr')).toEqual([]);
  });
});
