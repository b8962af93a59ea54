import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { changeHistory, groups, sideEffects } from '../db/schema';
import { SYSTEM_ACTOR } from '../modules/history/history';
import { SideEffects } from './side-effects';
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
const pending = () => t.db.select().from(sideEffects);

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
    expect(await pending()).toEqual([]);
    expect(t.app.ctx.dataVersion.value).toBe(versionBefore);
    await t.app.ctx.sideEffects.runDue();
    expect(smtp.messages.filter((m) => m.to === 'jamais@exemple.fr')).toEqual([]);
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
    await expect.poll(async () => (await pending()).length).toBe(0);
  });

  it('refuses to run a write given If-Match that does not check it', async () => {
    await expect(
      write(t.app.ctx, { actor: SYSTEM_ACTOR, conditions: { ifMatch: '"x.1"' } }, async () => 'done'),
    ).rejects.toThrow(/did not check/);
  });

  it('keeps a mail the server refused and sends it at a later attempt', async () => {
    smtp.refuse = true;
    try {
      await write(t.app.ctx, { actor: SYSTEM_ACTOR }, (w) => w.mail(mail('plus-tard@exemple.fr')));
      await expect
        .poll(async () => (await pending()).find((row) => row.attempts === 1 && row.lockedUntil === null))
        .toBeDefined();
    } finally {
      smtp.refuse = false;
    }
    const [row] = await pending();
    expect(row!.lastError).toMatch(/Mailbox unavailable/);
    expect(row!.runAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // The retry is due: as the poll finds it 30 seconds later.
    await t.db.update(sideEffects).set({ runAfter: new Date(Date.now() - 1000) });
    expect(await t.app.ctx.sideEffects.runDue()).toBe(1);
    expect(await smtp.waitFor('plus-tard@exemple.fr')).toBeDefined();
    expect(await pending()).toEqual([]);
  });

  it('runs each effect once when two replicas look for them at the same time', async () => {
    const other = new SideEffects({
      db: t.db,
      mailer: t.app.ctx.mailer,
      background: t.app.ctx.background,
      log: t.app.log,
    });
    // Written by a command-line tool: no live app to run them, the replicas' polls find them.
    for (let i = 0; i < 6; i++) {
      await write({ db: t.db, config: t.config, writeConsumers: [] }, { actor: SYSTEM_ACTOR }, (w) =>
        w.mail(mail(`replicas-${i}@exemple.fr`)),
      );
    }
    const runs = await Promise.all([t.app.ctx.sideEffects.runDue(), other.runDue()]);
    expect(runs[0] + runs[1]).toBe(6);
    for (let i = 0; i < 6; i++) await smtp.waitFor(`replicas-${i}@exemple.fr`);
    expect(smtp.messages.filter((m) => m.to.startsWith('replicas-'))).toHaveLength(6);
  });
});
