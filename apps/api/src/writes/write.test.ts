import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { blankDatabase, migrateBefore } from '../../test/database';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { buildApp } from '../app';
import { migrateDatabase } from '../db/migrate';
import { changeHistory, groups } from '../db/schema';
import { PG_BOSS_SCHEMA } from '../jobs/pg-boss-jobs';
import { SYSTEM_ACTOR, type Actor, type ChangeRecord } from '../modules/history/history';
import { WRITE_CONSUMERS } from '../write-consumers';
import { write, type WriteConsumer } from './write';

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

describe('what a write keeps for its consumers', () => {
  const admin: Actor = { role: 'admin', id: crypto.randomUUID(), name: 'equipe' };
  /** An entry as an import records each place it creates (insertEstablishments, decision 0084). */
  const importCreate = (): ChangeRecord => ({
    subjectType: 'establishment',
    subjectId: crypto.randomUUID(),
    action: 'create',
    actor: admin,
    changes: [
      { field: 'import', from: null, to: 'overpass.geojson' },
      { field: 'name', from: null, to: 'Le Bouchon' },
    ],
  });

  it('asks each consumer what it wants as entries are recorded, and gives it only those', async () => {
    const asked: string[] = [];
    const received = new Map<string, string[]>();
    const consumer = (name: string, wants: (e: ChangeRecord) => boolean): WriteConsumer =>
      Object.assign(
        async (_deps: unknown, _w: unknown, entries: readonly ChangeRecord[]) => {
          received.set(
            name,
            entries.map((e) => `${e.subjectType} ${e.action}`),
          );
        },
        {
          wants: (e: ChangeRecord) => {
            asked.push(`${name}: ${e.subjectType} ${e.action}`);
            return wants(e);
          },
        },
      );
    const deps = {
      ...t.app.ctx,
      writeConsumers: [
        consumer('updates', (e) => e.action === 'update'),
        consumer('groups', (e) => e.subjectType === 'group'),
      ],
    };
    const groupId = crypto.randomUUID();
    await write(deps, { actor: admin }, async (w) => {
      await w.tx.insert(groups).values({ id: groupId, name: 'Tri', latitude: 45, longitude: 4, radiusKm: 1 });
      await w.recordMany([importCreate(), importCreate()]);
      await w.record({ subjectType: 'group', subjectId: groupId, action: 'create', changes: [] });
      await w.record({ subjectType: 'establishment', subjectId: groupId, action: 'update', changes: [] });
      // Asked when recorded, not at the write's end: what no consumer wants is not kept meanwhile.
      expect(asked.filter((a) => a.endsWith('establishment create'))).toHaveLength(4);
    });
    expect(received.get('updates')).toEqual(['establishment update']);
    expect(received.get('groups')).toEqual(['group create']);
  });

  it('keeps none of an import’s creates for the app’s consumers, and still what they read', () => {
    for (const consumer of WRITE_CONSUMERS) {
      expect(consumer.wants, consumer.name).toBeTypeOf('function');
      expect(consumer.wants!(importCreate()), consumer.name).toBe(false);
    }
    const [owners, announcements] = WRITE_CONSUMERS as [WriteConsumer, WriteConsumer];
    const id = crypto.randomUUID();
    expect(
      owners.wants!({
        subjectType: 'establishment',
        subjectId: id,
        action: 'update',
        actor: admin,
        changes: [],
      }),
    ).toBe(true);
    expect(
      owners.wants!({
        subjectType: 'establishment',
        subjectId: id,
        action: 'link',
        actor: admin,
        changes: [],
      }),
    ).toBe(true);
    expect(
      announcements.wants!({
        subjectType: 'menu-board',
        subjectId: id,
        establishmentId: id,
        action: 'create',
        actor: SYSTEM_ACTOR,
        changes: [{ field: 'date', from: null, to: '2026-12-04' }],
      }),
    ).toBe(true);
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

  it('drops the old outbox table only once it is empty, and says what to do while it is not', async () => {
    const database = await blankDatabase();
    try {
      await migrateBefore(database, '0014_outbox_gone');
      const outbox = async () =>
        (
          (await database.db.execute(
            sql`select payload->>'to' as "to" from side_effects order by payload->>'to'`,
          )) as unknown as { rows: { to: string }[] }
        ).rows.map((row) => row.to);
      await database.db.execute(sql`
        insert into side_effects (id, kind, payload, failed_at)
        values (gen_random_uuid(), 'mail', ${JSON.stringify(mail('en-attente@exemple.fr'))}::jsonb, null),
               (gen_random_uuid(), 'mail', ${JSON.stringify(mail('abandonnee@exemple.fr'))}::jsonb, now())`);
      const refused = await migrateDatabase(database).then(
        () => null,
        (error: unknown) => error as Error & { cause?: { message?: string; hint?: string } },
      );
      expect(refused).not.toBeNull();
      const said = `${refused?.message} ${refused?.cause?.message} ${refused?.cause?.hint}`;
      expect(said).toContain('side_effects still holds 1 mail(s) waiting and 1 given up on');
      expect(said).toContain('Start the previous version once');
      // Nothing lost: the rows are still there, and so is every table the refused migration touched.
      expect(await outbox()).toEqual(['abandonnee@exemple.fr', 'en-attente@exemple.fr']);
      await database.db.execute(sql`delete from side_effects`);
      await migrateDatabase(database);
      const left = (await database.db.execute(
        sql`select to_regclass('public.side_effects') is null as gone`,
      )) as unknown as { rows: { gone: boolean }[] };
      expect(left.rows[0]?.gone).toBe(true);
    } finally {
      await database.close();
    }
  });
});
