import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@tables-voisines/contract/errors';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { countReports, createEstablishment, disableEstablishment } from '../../../test/factories';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { reports } from '../../db/schema';
import { createPublicData } from '../../web/public-data';

/*
 * « Signaler une erreur »: a visitor reports a wrong page (no account), at most RATE_LIMIT_REPORTS an hour
 * per address; the owner is told by e-mail in the same write; the team lists reports in the back office,
 * marks them corrected or dismissed, and the establishment's history says so.
 */

let smtp: TestSmtp;
let t: TestApp;
let admin: TestAccount & { username: string };
const clock = new TestClock('2026-08-15T21:59:00Z');
let nextAddress = 1;
/** Each test reports from addresses of its own: the limit is per address and lasts an hour. */
const freshAddress = () => `192.0.2.${nextAddress++}`;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tables.example' },
    clock: clock.now,
  });
  admin = await createAdminAccount(t, { username: 'chef-de-salle' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  clock.advance(60_000);
});

const report = (id: string, payload: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/establishment/${id}/reports`,
    payload: payload as object,
    remoteAddress,
  });
/** The admin's headers signed now, on the app's clock (a test may have moved it past their expiry). */
const adminHeaders = async () => ({
  authorization: `Bearer ${await t.app.ctx.tokens.sign('admin', admin.id)}`,
});
const list = async (query: string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/reports/?${query}`, headers: headers ?? (await adminHeaders()) });
const patch = async (id: string, payload: object, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/report/${id}`,
    payload,
    headers: headers ?? (await adminHeaders()),
  });

describe('a visitor reports an error', () => {
  it('records the report and tells the owner by e-mail, without the visitor’s address', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Zinc', town: 'Nantes' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id, firstName: 'Paulette' });

    const res = await report(place.id, {
      reason: 'hours',
      message: 'Fermé le lundi midi depuis septembre.',
      email: 'Voisin@Exemple.fr',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), status: 'open', createdAt: clock.now().toISOString() });

    const [row] = await t.db.select().from(reports).where(eq(reports.id, body.id));
    expect(row).toMatchObject({
      establishmentId: place.id,
      reason: 'hours',
      message: 'Fermé le lundi midi depuis septembre.',
      email: 'voisin@exemple.fr',
      status: 'open',
      resolvedAt: null,
    });

    const mail = await smtp.waitFor(owner.email, (m) => m.subject.includes('Signalement'));
    expect(mail.subject).toBe('Signalement sur votre page « Le Zinc »');
    expect(mail.text).toContain('Bonjour Paulette,');
    expect(mail.text).toContain('Motif : Horaires erronés');
    expect(mail.text).toContain('Précisions : « Fermé le lundi midi depuis septembre. »');
    // Answered in « Signalements » of the owner's space, which the mail links to.
    expect(mail.text).toContain(
      'Répondre au signalement : https://tables.example/espace-restaurateur/signalements',
    );
    expect(mail.text).not.toContain('voisin@exemple.fr');
    expect(mail.html).not.toContain('voisin@exemple.fr');
  });

  it('takes a report without message nor e-mail, and one on a page nobody manages', async () => {
    const place = await createEstablishment(t.db);
    const res = await report(place.id, { reason: 'closed' });
    expect(res.statusCode).toBe(201);
    const res2 = await report(place.id, { reason: 'menu', message: '', email: null });
    expect(res2.statusCode).toBe(201);
    const rows = await t.db.select().from(reports).where(eq(reports.establishmentId, place.id));
    expect(rows.map((r) => [r.reason, r.message, r.email]).sort()).toEqual([
      ['closed', null, null],
      ['menu', null, null],
    ]);
  });

  it('answers 404 for an unknown or disabled establishment, writing and sending nothing', async () => {
    const hidden = await createEstablishment(t.db, { name: 'Le Caché' });
    const owner = await createOwnerAccount(t, { establishmentId: hidden.id });
    await disableEstablishment(t.db, hidden.id);
    const unknown = await report('9b2f7f0e-4a39-4d47-9e51-8a3c8c7d0a11', { reason: 'hours' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NotFound');
    const disabled = await report(hidden.id, { reason: 'hours' });
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json()).toEqual({
      code: 'NotFound',
      message: 'Cet établissement n’existe pas ou n’est plus visible.',
    });
    expect(await countReports(t.db, hidden.id)).toBe(0);
    // Shown again, a report goes through: the one e-mail the owner gets is for it.
    await t.db.execute(sql`update establishments set disabled = false where id = ${hidden.id}`);
    expect((await report(hidden.id, { reason: 'contact' })).statusCode).toBe(201);
    await smtp.waitFor(owner.email, (m) => m.text.includes('Coordonnées erronées'));
    expect(smtp.messages.filter((m) => m.to === owner.email)).toHaveLength(1);
  });

  it('refuses bad input with French messages per field, writing nothing', async () => {
    const place = await createEstablishment(t.db);
    const cases: [unknown, string, RegExp][] = [
      [{ reason: 'other' }, 'message', /quelques mots/],
      [{ reason: 'other', message: '   ' }, 'message', /quelques mots/],
      [{ reason: 'wrong' }, 'reason', /Motif inconnu/],
      [{ reason: 'hours', message: 'x'.repeat(1001) }, 'message', /1000/],
      [{ reason: 'hours', email: 'pas-une-adresse' }, 'email', /Adresse e-mail invalide/],
      [{ reason: 'hours', extra: true }, '', /./],
    ];
    for (const [payload, path, message] of cases) {
      const res = await report(place.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('ValidationError');
      const issue = body.details.find((d: { path: string }) => d.path === path) ?? body.details[0];
      expect(issue.message).toMatch(message);
    }
    expect((await report('pas-un-id', { reason: 'hours' })).statusCode).toBe(400);
    expect(await countReports(t.db, place.id)).toBe(0);
  });

  it('stops a flood from one address at the sixth report an hour, not the others', async () => {
    const place = await createEstablishment(t.db, { name: 'La Cible' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const flooder = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await report(place.id, { reason: 'closed' }, flooder)).statusCode).toBe(201);
    }
    const refused = await report(place.id, { reason: 'closed' }, flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RateLimited',
      message: 'Trop de signalements envoyés depuis votre connexion, réessayez dans une heure.',
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await countReports(t.db, place.id)).toBe(5);
    // Another visitor is not held back by the first.
    expect((await report(place.id, { reason: 'closed' }, freshAddress())).statusCode).toBe(201);
    expect(await countReports(t.db, place.id)).toBe(6);
    // Five e-mails for the five reports let through, then the other visitor's: never one for the refused one.
    await expect
      .poll(() => smtp.messages.filter((m) => m.to === owner.email).length, { timeout: 10_000 })
      .toBe(6);
  });

  it('counts the address a trusted proxy gives, and only then', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_REPORTS: '2' } });
    try {
      const place = await createEstablishment(proxied.db);
      const send = (forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: `/api/establishment/${place.id}/reports`,
          payload: { reason: 'hours' },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      expect((await send('203.0.113.7')).statusCode).toBe(201);
      expect((await send('203.0.113.7')).statusCode).toBe(201);
      expect((await send('203.0.113.7')).statusCode).toBe(429);
      expect((await send('203.0.113.8')).statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
    const direct = await createTestApp({ env: { RATE_LIMIT_REPORTS: '2' } });
    try {
      const place = await createEstablishment(direct.db);
      const send = (forwardedFor: string) =>
        direct.app.inject({
          method: 'POST',
          url: `/api/establishment/${place.id}/reports`,
          payload: { reason: 'hours' },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // Without a trusted proxy, a forged X-Forwarded-For changes nothing: the same client.
      expect((await send('203.0.113.1')).statusCode).toBe(201);
      expect((await send('203.0.113.2')).statusCode).toBe(201);
      expect((await send('203.0.113.3')).statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('the page’s own form (PublicData.submitReport)', () => {
  it('follows the same rules and the same limit per address', async () => {
    const data = createPublicData(t.app.ctx);
    const place = await createEstablishment(t.db);
    const address = freshAddress();
    const created = await data.submitReport(
      place.id,
      { reason: 'hours', message: 'Ouvert le dimanche.', email: '' },
      address,
    );
    expect(created).toMatchObject({ status: 'open' });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, created.id));
    expect(row).toMatchObject({ reason: 'hours', message: 'Ouvert le dimanche.', email: null });

    const invalid = await data
      .submitReport(place.id, { reason: 'other', message: '' }, address)
      .catch((e) => e);
    expect(invalid).toBeInstanceOf(AppError);
    expect(invalid).toMatchObject({
      code: 'ValidationError',
      details: [{ path: 'message', message: 'Dites-nous en quelques mots ce qui ne va pas.' }],
    });
    const missing = await data.submitReport(place.id, {}, address).catch((e) => e);
    expect(missing).toMatchObject({ code: 'ValidationError', details: [{ path: 'reason' }] });
    const unknown = await data
      .submitReport('pas-un-id', { reason: 'hours' }, address)
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: 'NotFound' });

    // The API and the form share one count per address: refused input and unknown places are not counted.
    for (let i = 0; i < 4; i++)
      expect((await report(place.id, { reason: 'menu' }, address)).statusCode).toBe(201);
    const limited = await data.submitReport(place.id, { reason: 'menu' }, address).catch((e) => e);
    expect(limited).toMatchObject({ code: 'RateLimited', details: { retryAfter: expect.any(Number) } });
    expect(await countReports(t.db, place.id)).toBe(5);
  });
});

describe('the back office’s reports', () => {
  it('lists reports newest first, by status, a page at a time, with X-Total-Count', async () => {
    const place = await createEstablishment(t.db, { name: 'Au Comptoir', uri: 'au-comptoir-a-lyon' });
    const ids: string[] = [];
    for (const reason of ['closed', 'hours', 'contact']) {
      clock.advance(60_000);
      ids.push((await report(place.id, { reason, email: 'voisin@exemple.fr' })).json().id);
    }
    await patch(ids[0]!, { status: 'dismissed' });

    const all = await list('perPage=2&page=1');
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const open = await list('status=open&perPage=100');
    const openIds = open.json().map((r: { id: string }) => r.id);
    expect(openIds.slice(0, 2)).toEqual([ids[2], ids[1]]);
    expect(openIds).not.toContain(ids[0]);
    expect(Number(open.headers['x-total-count'])).toBe(openIds.length);
    expect(open.json()[0]).toEqual({
      id: ids[2],
      establishment: { id: place.id, name: 'Au Comptoir', uri: 'au-comptoir-a-lyon' },
      reason: 'contact',
      message: null,
      email: 'voisin@exemple.fr',
      status: 'open',
      createdAt: expect.any(String),
      resolvedAt: null,
      resolvedBy: null,
      ownerAnswer: null,
      reporterToldAt: null,
    });
    const dismissed = await list('status=dismissed');
    expect(dismissed.json().map((r: { id: string }) => r.id)).toContain(ids[0]);
    expect((await list('status=perdu')).json().code).toBe('ValidationError');

    // Signed in and allowed to read establishments, or nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/reports/' })).statusCode).toBe(401);
    const groupsOnly = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'group' }] });
    expect((await list('', groupsOnly.headers)).statusCode).toBe(403);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    expect((await list('', owner.headers)).statusCode).toBe(403);
  });

  it('marks a report corrected, says who and when, and writes it in the establishment’s history', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Zinc du Port' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const id = (await report(place.id, { reason: 'hours' })).json().id;
    clock.advance(3_600_000);
    // An hour later the owner's access token of before has expired: it is signed again, as a refresh would.
    const ownerHeaders = {
      authorization: `Bearer ${await t.app.ctx.tokens.sign('restaurant-owner', owner.id)}`,
    };

    const done = await patch(id, { status: 'resolved' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      id,
      status: 'resolved',
      resolvedAt: clock.now().toISOString(),
      resolvedBy: { id: admin.id, name: 'chef-de-salle' },
      establishment: { id: place.id, name: 'Le Zinc du Port' },
    });
    // The same again changes nothing (no second history entry).
    expect((await patch(id, { status: 'resolved' })).statusCode).toBe(200);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}/history`,
      headers: await adminHeaders(),
    });
    const entries = history.json().filter((e: { action: string }) => e.action === 'report');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { role: 'admin', id: admin.id, name: 'chef-de-salle' },
      changes: [
        {
          field: 'report',
          from: { status: 'open', reason: 'hours' },
          to: { status: 'resolved', reason: 'hours' },
        },
      ],
    });
    // The owner reads it in its own history too.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}/history`,
      headers: ownerHeaders,
    });
    expect(own.json().map((e: { action: string }) => e.action)).toContain('report');

    const dismissed = await patch(id, { status: 'dismissed' });
    expect(dismissed.json()).toMatchObject({ status: 'dismissed' });
  });

  it('refuses an unknown report, a bad status and an admin who may not update establishments', async () => {
    const place = await createEstablishment(t.db);
    const id = (await report(place.id, { reason: 'menu' })).json().id;
    expect((await patch('0b0e3a57-61a1-4c55-b8d5-52c02c6a1a00', { status: 'resolved' })).statusCode).toBe(
      404,
    );
    const bad = await patch(id, { status: 'closed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('ValidationError');
    const reader = await createAdminAccount(t, {
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    expect((await list('status=open', reader.headers)).statusCode).toBe(200);
    expect((await patch(id, { status: 'resolved' }, reader.headers)).statusCode).toBe(403);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({ status: 'open', resolvedAt: null, resolvedById: null });
  });
});

describe('reopening, and the visitor told once', () => {
  it('reopens a report marked corrected by mistake, in the history, who and when cleared', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Comptoir' });
    const id = (await report(place.id, { reason: 'contact' })).json().id;
    expect((await patch(id, { status: 'resolved' })).statusCode).toBe(200);
    const reopened = await patch(id, { status: 'open' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'open', resolvedAt: null, resolvedBy: null });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}/history`,
      headers: await adminHeaders(),
    });
    const statuses = history
      .json()
      .filter((e: { action: string }) => e.action === 'report')
      .map((e: { changes: { to: { status: string } }[] }) => e.changes[0]!.to.status);
    expect(statuses).toEqual(['open', 'resolved']);
  });

  it('mails the visitor who left an address once, in words, and not again after a reopening', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Comptoir', town: 'Lyon' });
    const visitor = 'voisine-comptoir@exemple.fr';
    const id = (await report(place.id, { reason: 'hours', email: visitor })).json().id;
    const silent = (await report(place.id, { reason: 'menu' })).json().id;

    const done = await patch(id, { status: 'resolved' });
    expect(done.json().reporterToldAt).toBe(clock.now().toISOString());
    const mail = await smtp.waitFor(visitor, (m) => m.subject.includes('signalement'));
    expect(mail.subject).toBe('Votre signalement sur Tables Voisines a été traité');
    expect(mail.text).toContain(
      'Merci d’avoir signalé une erreur sur la page du Comptoir (Lyon), motif « Horaires erronés ». L’équipe Tables Voisines l’a examinée : la page a été corrigée.',
    );
    expect(mail.text).toContain('https://tables.example/restaurant/');
    expect(mail.text).not.toContain('chef-de-salle');

    clock.advance(60_000);
    expect((await patch(id, { status: 'open' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'dismissed' })).statusCode).toBe(200);
    expect((await patch(silent, { status: 'dismissed' })).statusCode).toBe(200);
    // The second mail would be sent by now (the outbox sends right after the commit): none came.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to === visitor)).toHaveLength(1);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(row!.reporterToldAt?.toISOString()).toBe(done.json().reporterToldAt);
  });

  it('tells a dismissed report’s visitor that the page was found right', async () => {
    const place = await createEstablishment(t.db, { name: 'Les Burgers de Fanny', town: 'Metz' });
    const visitor = 'passant-burgers@exemple.fr';
    const id = (await report(place.id, { reason: 'closed', email: visitor })).json().id;
    expect((await patch(id, { status: 'dismissed' })).statusCode).toBe(200);
    const mail = await smtp.waitFor(visitor, () => true);
    expect(mail.text).toContain('la page des Burgers de Fanny (Metz), motif « Fermé définitivement »');
    expect(mail.text).toContain('les a jugées justes : elle n’a pas été modifiée.');
  });
});

describe('an owner’s « Signalements »', () => {
  const ownReports = (establishmentId: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/establishment/${establishmentId}/reports`, headers });
  const answer = (id: string, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/report/${id}/owner-answer`, payload, headers });

  it('lists its establishment’s reports without the visitor’s address, and answers one', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Bistrot d’en face' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const older = (await report(place.id, { reason: 'hours', email: 'temoin@exemple.fr' })).json().id;
    clock.advance(60_000);
    const newer = (await report(place.id, { reason: 'other', message: 'Le menu a changé.' })).json().id;

    const listed = await ownReports(place.id, owner.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((r: { id: string }) => r.id)).toEqual([newer, older]);
    expect(listed.json()[1]).toEqual({
      id: older,
      reason: 'hours',
      message: null,
      status: 'open',
      createdAt: expect.any(String),
      resolvedAt: null,
      ownerAnswer: null,
    });
    expect(listed.body).not.toContain('temoin@exemple.fr');

    const disputed = await answer(
      older,
      { answer: 'disputed', note: '  Nous sommes bien ouverts le lundi midi.  ' },
      owner.headers,
    );
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json().ownerAnswer).toEqual({
      answer: 'disputed',
      note: 'Nous sommes bien ouverts le lundi midi.',
      at: clock.now().toISOString(),
    });
    // Answering again changes the answer; the status stays the team's.
    clock.advance(60_000);
    const fixed = await answer(older, { answer: 'fixed' }, owner.headers);
    expect(fixed.json()).toMatchObject({ status: 'open', ownerAnswer: { answer: 'fixed', note: null } });
    // The team sees it in its queue.
    const queue = await list('status=open&perPage=100');
    const seen = queue.json().find((r: { id: string }) => r.id === older);
    expect(seen.ownerAnswer).toEqual({ answer: 'fixed', note: null, at: clock.now().toISOString() });
  });

  it('refuses another establishment’s reports, a missing line, admins and visitors', async () => {
    const mine = await createEstablishment(t.db, { name: 'Le Mien' });
    const theirs = await createEstablishment(t.db, { name: 'Le Leur' });
    const owner = await createOwnerAccount(t, { establishmentId: mine.id });
    const other = await createOwnerAccount(t, { establishmentId: theirs.id });
    const theirReport = (await report(theirs.id, { reason: 'hours' })).json().id;
    const myReport = (await report(mine.id, { reason: 'hours' })).json().id;

    expect((await ownReports(theirs.id, owner.headers)).statusCode).toBe(403);
    const stolen = await answer(theirReport, { answer: 'fixed' }, owner.headers);
    expect(stolen.statusCode).toBe(403);
    expect(
      (await answer('0b0e3a57-61a1-4c55-b8d5-52c02c6a1a00', { answer: 'fixed' }, owner.headers)).statusCode,
    ).toBe(404);
    const noLine = await answer(myReport, { answer: 'disputed', note: '   ' }, owner.headers);
    expect(noLine.statusCode).toBe(400);
    expect(noLine.json().details).toEqual([
      { path: 'note', message: 'Dites en une ligne pourquoi la page est juste.' },
    ]);
    const tooLong = await answer(myReport, { answer: 'disputed', note: 'x'.repeat(501) }, owner.headers);
    expect(tooLong.json().details).toEqual([{ path: 'note', message: 'Au plus 500 caractères.' }]);
    const unknown = await answer(myReport, { answer: 'peut-être' }, owner.headers);
    expect(unknown.statusCode).toBe(400);
    expect((await answer(myReport, { answer: 'fixed' }, await adminHeaders())).statusCode).toBe(403);
    expect((await ownReports(mine.id, await adminHeaders())).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/report/${myReport}/owner-answer`,
          payload: { answer: 'fixed' },
        })
      ).statusCode,
    ).toBe(401);
    // An owner whose address is not confirmed may read, not answer.
    const unconfirmed = await createOwnerAccount(t, { establishmentId: mine.id, confirmed: false });
    expect((await answer(myReport, { answer: 'fixed' }, unconfirmed.headers)).json().code).toBe(
      'AccountNotConfirmed',
    );
    const rows = await t.db.select().from(reports).where(eq(reports.establishmentId, theirs.id));
    expect(rows.map((r) => r.ownerAnswer)).toEqual([null]);
    expect(other.id).not.toBe(owner.id);
  });
});
