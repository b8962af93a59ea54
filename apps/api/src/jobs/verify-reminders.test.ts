import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerAccount } from '../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../test/app';
import { postgresOnly } from '../../test/database';
import { createEstablishment } from '../../test/factories';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { establishments, verifyTokens } from '../db/schema';

/*
 * The reminder e-mail (docs/api.md, "Closures and the verified date"): sent once an establishment was not
 * verified for VERIFY_REMINDER_DAYS, with a one-click link that works through the API, and not again within
 * the period; sent once too when two replicas on one PostgreSQL run the job at the same moment.
 */

const DAY_MS = 86_400_000;
const clock = new TestClock('2026-06-01T08:00:00Z');
let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    clock: clock.now,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tables.example', VERIFY_REMINDER_DAYS: '60' },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const remind = () => t.app.ctx.jobs.runNow('verify-reminders');
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to === email);
/** What the queue sends after the commit has arrived (or nothing more, for a while). */
const settle = async () => {
  await t.app.ctx.jobs.settle('mail');
  await t.app.ctx.background.drain();
};

describe('the verify reminder', () => {
  it('goes once after VERIFY_REMINDER_DAYS, not again within the period, and its link verifies', async () => {
    const createdAt = new Date('2026-06-01T08:00:00Z');
    const place = await createEstablishment(t.db, { name: 'Chez Rappel', town: 'Tours', createdAt });
    const owner = await createOwnerAccount(t, { establishmentId: place.id, firstName: 'Rose' });
    // Not reminded: no confirmed owner, no owner, hidden, or verified recently.
    const unconfirmed = await createEstablishment(t.db, { createdAt });
    const unconfirmedOwner = await createOwnerAccount(t, {
      establishmentId: unconfirmed.id,
      confirmed: false,
    });
    await createEstablishment(t.db, { createdAt });
    const hidden = await createEstablishment(t.db, { createdAt, disabled: true });
    const hiddenOwner = await createOwnerAccount(t, { establishmentId: hidden.id });
    const fresh = await createEstablishment(t.db, {
      createdAt,
      verifiedAt: new Date('2026-08-05T10:00:00Z'),
    });
    const freshOwner = await createOwnerAccount(t, { establishmentId: fresh.id });

    // 60 days after its creation, less a minute: not yet.
    clock.set(new Date(createdAt.getTime() + 60 * DAY_MS - 60_000));
    expect(await remind()).toBe(0);

    clock.set(new Date(createdAt.getTime() + 60 * DAY_MS + 60_000));
    expect(await remind()).toBe(1);
    const mail = await smtp.waitFor(owner.email);
    expect(mail.subject).toBe('Vos informations sont-elles à jour ? — Chez Rappel');
    expect(mail.text).toContain('Bonjour Rose,');
    expect(mail.text).toContain(
      'Les informations de Chez Rappel (Tours) sur Tables Voisines n’ont encore jamais été confirmées.',
    );
    expect(mail.text).toContain('https://tables.example/restaurant/chez-rappel-a-tours');
    expect(mail.text).toContain('lien valable 14 jours, une seule fois');
    const link = /https:\/\/tables\.example\/espace-restaurateur\/verifier\?jeton=([A-Za-z0-9_-]+)/.exec(
      mail.text,
    );
    expect(link).not.toBeNull();
    expect(mail.html).toContain(link![0]);

    // Again at once, and 59 days later: nothing more.
    expect(await remind()).toBe(0);
    clock.advance(59 * DAY_MS);
    expect(await remind()).toBe(0);
    await settle();
    expect(mailsTo(owner.email)).toHaveLength(1);
    for (const other of [unconfirmedOwner, hiddenOwner, freshOwner]) expect(mailsTo(other.email)).toEqual([]);

    // The link verifies, through the API, while it is valid (14 days from the e-mail: it is now older).
    const [stored] = await t.db.select().from(verifyTokens).where(eq(verifyTokens.establishmentId, place.id));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(14 * DAY_MS);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/establishment/verify',
      payload: { token: link![1] },
    });
    expect(expired.json().code).toBe('InvalidToken');

    // A second period without verification: a second reminder, whose link works.
    clock.advance(2 * DAY_MS);
    expect(await remind()).toBe(1);
    const second = await smtp.waitFor(owner.email, (m) => m !== mail);
    const token = /jeton=([A-Za-z0-9_-]+)/.exec(second.text)![1]!;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/establishment/verify',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().verifiedAt).toBe(clock.now().toISOString());

    // The one verified on 5 August is due 60 days later, and its e-mail says when.
    clock.set('2026-10-04T09:00:00Z');
    expect(await remind()).toBe(0);
    clock.set('2026-10-04T10:01:00Z');
    expect(await remind()).toBe(1);
    const freshMail = await smtp.waitFor(freshOwner.email);
    expect(freshMail.subject).toBe(`Vos informations sont-elles à jour ? — ${fresh.name}`);
    expect(freshMail.text).toContain('ont été confirmées pour la dernière fois le 5 août 2026.');

    // Verified: no reminder before another 60 days.
    clock.advance(30 * DAY_MS);
    expect(await remind()).toBe(0);
    const [row] = await t.db.select().from(establishments).where(eq(establishments.id, place.id));
    expect(row!.verifyRemindedAt).not.toBeNull();
  });
});

/**
 * PostgreSQL only: two apps on one database are two replicas. Without DATABASE_URL the test says why it is
 * skipped; where skipping is forbidden (`REQUIRE_POSTGRES=1`, or CI's database tier `npm run test:db`) it
 * fails instead.
 */
const { onPostgres, skipForbidden } = postgresOnly(
  'the two-replica test',
  'apps/api/src/jobs/verify-reminders.test.ts',
);

describe('two replicas on one PostgreSQL', () => {
  it.runIf(!onPostgres && skipForbidden)('refuses to be skipped here', () => {
    throw new Error('The two-replica reminder test needs DATABASE_URL (PostgreSQL); skipping is forbidden.');
  });

  it.skipIf(!onPostgres)('sends one e-mail when both run the reminder job at the same moment', async () => {
    const replicaClock = new TestClock('2026-09-01T08:00:00Z');
    const mails = await startSmtp();
    const a = await createTestApp({
      clock: replicaClock.now,
      env: { SMTP_URL: mails.url, VERIFY_REMINDER_DAYS: '60' },
    });
    // The second replica: the same database through a pool of its own, the same configuration.
    const url = (a.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const bDatabase = await openDatabase({ databaseUrl: url, dataDir: undefined });
    const b = await buildApp({
      config: a.config,
      database: bDatabase,
      logger: false,
      serveWeb: false,
      clock: replicaClock.now,
    });
    await b.ready();
    try {
      const owners = [];
      for (let i = 0; i < 5; i++) {
        const place = await createEstablishment(a.db, { createdAt: new Date('2026-06-01T08:00:00Z') });
        owners.push(await createOwnerAccount(a, { establishmentId: place.id }));
      }
      const counts = await Promise.all([
        a.app.ctx.jobs.runNow('verify-reminders'),
        b.ctx.jobs.runNow('verify-reminders'),
        a.app.ctx.jobs.runNow('verify-reminders'),
        b.ctx.jobs.runNow('verify-reminders'),
      ]);
      expect(counts.reduce((x, y) => x + y, 0)).toBe(5);
      for (const owner of owners) await mails.waitFor(owner.email);
      // Whatever is left to send on either replica, then a pause: still one each.
      await Promise.all([a.app.ctx.jobs.settle('mail'), b.ctx.jobs.settle('mail')]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const owner of owners) expect(mails.messages.filter((m) => m.to === owner.email)).toHaveLength(1);
      expect(mails.messages).toHaveLength(5);
    } finally {
      await b.close();
      await bDatabase.close();
      await a.close();
      await mails.close();
    }
  });
});
