import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { claimCodeMails } from '../../db/schema';

/*
 * « Recevoir le code » mails an establishment's claim code to its own address: once a minute and five times
 * in 24 hours at most, whoever asks, and never for a claimed establishment. Admins may give it a new code.
 */

let smtp: TestSmtp;
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  smtp = await startSmtp();
  // The per-address limits of the route stay out of the way: the establishment's own count is tested.
  t = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_SIGN_IN: '1000' } });
  admin = await createAdminAccount(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ask = (establishmentId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/restaurant-owner/resend-establishment-code',
    payload: { establishmentId },
  });

describe('the claim code mailed to an establishment', () => {
  it('goes once a minute: eight clicks, one mail and a French wait', async () => {
    const place = await createEstablishment(t.db, { email: 'contact@le-moulin.fr' });
    expect((await ask(place.id)).statusCode).toBe(204);
    for (let click = 2; click <= 8; click++) {
      const again = await ask(place.id);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({
        code: 'RateLimited',
        details: { retryAfter: expect.any(Number) },
      });
      expect(again.json().details.retryAfter).toBeLessThanOrEqual(60);
      expect(Number(again.headers['retry-after'])).toBe(again.json().details.retryAfter);
      expect(again.json().message).toMatch(
        /vous pourrez le demander de nouveau dans (\d+ secondes?|1 minute)\./,
      );
    }
    await smtp.waitFor('contact@le-moulin.fr');
    await t.app.ctx.background.drain();
    expect(smtp.messages.filter((m) => m.to === 'contact@le-moulin.fr')).toHaveLength(1);
  });

  it('goes five times in 24 hours at most, then says when it can go again', async () => {
    const place = await createEstablishment(t.db, { email: 'contact@la-grange.fr' });
    const hour = 60 * 60 * 1000;
    // Five mails sent over the last day, the oldest 23 hours ago.
    await t.db.insert(claimCodeMails).values(
      [23, 20, 10, 5, 1].map((hoursAgo) => ({
        id: randomUUID(),
        establishmentId: place.id,
        sentAt: new Date(Date.now() - hoursAgo * hour),
      })),
    );
    const refused = await ask(place.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /déjà été envoyé 5 fois en 24 heures : vous pourrez le demander de nouveau dans 1 h 00\./,
    );
    expect(refused.json().details.retryAfter).toBeGreaterThan(59 * 60);
    expect(refused.json().details.retryAfter).toBeLessThanOrEqual(hour / 1000);
  });

  it('is never mailed for a claimed establishment', async () => {
    const place = await createEstablishment(t.db, { email: 'contact@deja-pris.fr' });
    await createOwnerAccount(t, { establishmentId: place.id });
    const refused = await ask(place.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'EstablishmentAlreadyClaimed' });
    await t.app.ctx.background.drain();
    expect(smtp.messages.filter((m) => m.to === 'contact@deja-pris.fr')).toEqual([]);
  });

  it('can be renewed by an admin: the old code claims nothing, the new one does', async () => {
    const place = await createEstablishment(t.db);
    const url = `/api/establishment/${place.id}`;
    const before = (await t.app.inject({ method: 'GET', url, headers: admin.headers })).json().claimCode;
    const renewed = await t.app.inject({ method: 'POST', url: `${url}/claim-code`, headers: admin.headers });
    expect(renewed.statusCode).toBe(200);
    const after = renewed.json().claimCode;
    expect(after).toMatch(/^[A-Z2-9]{8}$/);
    expect(after).not.toBe(before);

    const owner = await createOwnerAccount(t);
    const claim = (code: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/restaurant-owner/${owner.id}`,
        headers: owner.headers,
        payload: { establishmentCode: code },
      });
    expect((await claim(before)).statusCode).toBe(404);
    expect((await claim(after)).json().establishment).toBe(place.id);

    const history = await t.app.inject({ method: 'GET', url: `${url}/history`, headers: admin.headers });
    expect(JSON.stringify(history.json())).not.toContain(after);
    expect(
      history.json().some((e: { changes: { field: string }[] }) => e.changes[0]?.field === 'claimCode'),
    ).toBe(true);
  });

  it('is shown only to admins who may change every establishment', async () => {
    const place = await createEstablishment(t.db);
    const reader = await createAdminAccount(t, {
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}`,
      headers: reader.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('claimCode');
    const renew = await t.app.inject({
      method: 'POST',
      url: `/api/establishment/${place.id}/claim-code`,
      headers: reader.headers,
    });
    expect(renew.statusCode).toBe(403);
  });
});
