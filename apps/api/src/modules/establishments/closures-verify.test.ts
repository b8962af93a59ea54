import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { postEstablishment } from '../../../test/requests';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { changeHistory, establishments, verifyTokens } from '../../db/schema';
import { hashSecret, type AccountRole } from '../../lib/tokens';
import { write } from '../../writes/write';
import { SYSTEM_ACTOR } from '../history/history';
import { createVerifyToken } from './verify.service';

/*
 * Closures (docs/api.md, "Closures and the verified date"): written by owners and the team, sorted, told in
 * the history and to the owner; bad input refused with nothing written. The verified date: by the owner, the
 * team, or the reminder's one-click link (once, within 14 days). The purge of old closures around midnight
 * in Paris.
 */

const clock = new TestClock('2026-08-15T10:00:00Z');
let smtp: TestSmtp;
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    clock: clock.now,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tables.example' },
  });
  admin = await createAdminAccount(t, { username: 'chef-de-salle' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const leave = { from: '2026-08-01', to: '2026-08-15', reason: 'Congés annuels' };
const untilFurtherNotice = { from: '2026-09-03', to: null, reason: null };

/**
 * An account's headers signed now: access tokens live 15 minutes on the app's clock, which these tests move
 * by days, back and forth.
 */
const signedNow = async (role: AccountRole, account: TestAccount) => ({
  authorization: `Bearer ${await t.app.ctx.tokens.sign(role, account.id)}`,
});
const adminHeaders = () => signedNow('admin', admin);
const ownerHeaders = (owner: TestAccount) => signedNow('restaurant-owner', owner);
const patch = async (id: string, payload: object, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/establishment/${id}`,
    headers: headers ?? (await adminHeaders()),
    payload,
  });
const get = async (id: string, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/establishment/${id}`,
    headers: headers ?? (await adminHeaders()),
  });
const historyOf = async (id: string) =>
  (await t.db.select().from(changeHistory).where(eq(changeHistory.subjectId, id))).map((e) => ({
    ...e,
    actor: { role: e.actorRole, id: e.actorId, name: e.actorName },
  }));
const verify = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/establishment/${id}/verify`, headers });
const verifyByToken = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/establishment/verify', payload: { token } });

describe('closures in writes', () => {
  it('stores the list sorted, replaces it on PATCH, and tells it in the history and to the owner', async () => {
    const place = await createEstablishment(t.db, { name: 'Chez Odette', town: 'Nantes' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id, firstName: 'Odette' });

    const first = await patch(place.id, { closures: [untilFurtherNotice, leave] });
    expect(first.statusCode).toBe(200);
    expect(first.json().closures).toEqual([leave, untilFurtherNotice]);
    // `to` and `reason` may be left out.
    const second = await patch(place.id, { closures: [{ from: '2026-12-24' }] });
    expect(second.json().closures).toEqual([{ from: '2026-12-24', to: null, reason: null }]);
    // The public view has them too.
    const pub = await t.app.inject({ method: 'GET', url: `/establishment/${place.uri}/public` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().closures).toEqual(second.json().closures);

    const entries = await historyOf(place.id);
    expect(entries.map((e) => e.changes.map((c) => c.field))).toEqual([['closures'], ['closures']]);

    const mail = await smtp.waitFor(owner.email, (m) => m.text.includes('Fermetures exceptionnelles'));
    expect(mail.subject).toBe('L’équipe a modifié votre page Chez Odette');
    expect(mail.text).toContain(
      'Fermetures exceptionnelles : du 1er au 15 août 2026 (Congés annuels) ajoutée ; à partir du 3 septembre 2026, jusqu’à nouvel ordre ajoutée',
    );
  });

  it('lets an owner change its own closures, not another’s; creates with closures', async () => {
    const place = await createEstablishment(t.db, { name: 'La Cabane' });
    const other = await createEstablishment(t.db, { name: 'Le Voisin' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const own = await patch(
      place.id,
      { closures: [leave], phone: '02 40 00 00 00' },
      await ownerHeaders(owner),
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().closures).toEqual([leave]);
    expect((await patch(other.id, { closures: [leave] }, await ownerHeaders(owner))).statusCode).toBe(403);

    const created = await postEstablishment(t, await adminHeaders(), {
      address: { town: 'Brest' },
      location: { latitude: 48.39, longitude: -4.49 },
      closures: [untilFurtherNotice, leave],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ closures: [leave, untilFurtherNotice], verifiedAt: null });
  });

  it('refuses a closure ending before it starts, and a 21st closure, writing nothing', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Prudent' });
    await patch(place.id, { closures: [leave] });
    const before = (await get(place.id)).json();
    const entries = (await historyOf(place.id)).length;

    const backwards = await patch(place.id, {
      name: 'Le Prudent et fils',
      closures: [{ from: '2026-08-20', to: '2026-08-10', reason: null }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      code: 'ValidationError',
      details: [{ path: 'closures.0.to', message: 'La fin de la fermeture ne peut précéder son début.' }],
    });

    const many = Array.from({ length: 21 }, (_, i) => ({
      from: `2027-01-${String(i + 1).padStart(2, '0')}`,
      to: `2027-01-${String(i + 1).padStart(2, '0')}`,
      reason: null,
    }));
    const tooMany = await patch(place.id, { name: 'Le Prudent et fils', closures: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'ValidationError',
      details: [{ path: 'closures', message: 'Au plus 20 fermetures.' }],
    });

    expect((await get(place.id)).json()).toEqual(before);
    expect(await historyOf(place.id)).toHaveLength(entries);
    // Twenty is allowed.
    expect((await patch(place.id, { closures: many.slice(0, 20) })).json().closures).toHaveLength(20);
  });
});

describe('verifying', () => {
  it('lets its owner and the team verify, not another owner nor a visitor', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Vérifié' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const stranger = await createOwnerAccount(t, {
      establishmentId: (await createEstablishment(t.db)).id,
    });

    expect((await verify(place.id)).statusCode).toBe(401);
    expect((await verify(place.id, await ownerHeaders(stranger))).statusCode).toBe(403);
    expect((await get(place.id)).json().verifiedAt).toBeNull();

    clock.set('2026-08-15T10:00:00Z');
    const byOwner = await verify(place.id, await ownerHeaders(owner));
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().verifiedAt).toBe('2026-08-15T10:00:00.000Z');
    expect(byOwner.headers.etag).toBeDefined();
    // The owner's view: no claim code.
    expect(byOwner.json().claimCode).toBeUndefined();

    clock.set('2026-08-16T08:30:00Z');
    const byAdmin = await verify(place.id, await adminHeaders());
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ verifiedAt: '2026-08-16T08:30:00.000Z' });
    expect(byAdmin.json().claimCode).toEqual(expect.any(String));

    const entries = (await historyOf(place.id)).filter((e) => e.action === 'verify');
    expect(entries.map((e) => e.actor.role).sort()).toEqual(['admin', 'restaurant-owner']);
    // The public page shows the new date at once.
    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/establishments/?q=${encodeURIComponent('Le Vérifié')}`,
    });
    expect(pub.json()[0].verifiedAt).toBe('2026-08-16T08:30:00.000Z');
    // A stale If-Match is refused.
    expect(
      (await verify(place.id, { ...(await adminHeaders()), 'if-match': byOwner.headers.etag as string }))
        .statusCode,
    ).toBe(412);
    expect(
      (await verify(place.id, { ...(await adminHeaders()), 'if-match': byAdmin.headers.etag as string }))
        .statusCode,
    ).toBe(200);
  });

  it('verifies once with the reminder’s link, within 14 days', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Lien' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    clock.set('2026-08-01T12:00:00Z');
    const issue = () =>
      write(t.app.ctx, { actor: SYSTEM_ACTOR }, (w) => createVerifyToken(w, place.id, clock.now()));
    const token = await issue();
    const [stored] = await t.db.select().from(verifyTokens).where(eq(verifyTokens.establishmentId, place.id));
    // Only its hash is kept.
    expect(stored!.tokenHash).toBe(hashSecret(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    clock.set('2026-08-02T09:00:00Z');
    const once = await verifyByToken(token);
    expect(once.statusCode).toBe(200);
    expect(once.json()).toMatchObject({ id: place.id, verifiedAt: '2026-08-02T09:00:00.000Z' });
    expect(once.json().claimCode).toBeUndefined();
    const entry = (await historyOf(place.id)).find((e) => e.action === 'verify');
    expect(entry?.actor).toEqual({ role: 'restaurant-owner', id: owner.id, name: owner.email });

    const twice = await verifyByToken(token);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      code: 'InvalidToken',
      message: 'Ce lien est invalide ou a déjà été utilisé.',
    });
    expect((await verifyByToken('inconnu-'.padEnd(43, 'x'))).json().code).toBe('InvalidToken');

    // Expired at 14 days to the millisecond.
    clock.set('2026-08-01T12:00:00Z');
    const late = await issue();
    clock.set('2026-08-15T11:59:59.999Z');
    const justInTime = await issue();
    clock.set('2026-08-15T12:00:00Z');
    expect((await verifyByToken(late)).json().code).toBe('InvalidToken');
    expect((await get(place.id)).json().verifiedAt).toBe('2026-08-02T09:00:00.000Z');
    expect((await verifyByToken(justInTime)).statusCode).toBe(200);
  });
});

describe('the list by verified date', () => {
  it('sorts never verified first, and lets admins filter the pages not verified since a Paris day', async () => {
    const tag = 'Fraîcheur';
    const never = await createEstablishment(t.db, { name: `${tag} jamais` });
    const old = await createEstablishment(t.db, {
      name: `${tag} ancien`,
      verifiedAt: new Date('2026-02-14T22:59:59Z'),
    });
    // 00:00 in Paris on 15 February (winter time: UTC+1).
    const midnight = await createEstablishment(t.db, {
      name: `${tag} minuit`,
      verifiedAt: new Date('2026-02-14T23:00:00Z'),
    });
    const recent = await createEstablishment(t.db, {
      name: `${tag} récent`,
      verifiedAt: new Date('2026-08-01T10:00:00Z'),
    });
    const list = async (query: string, headers?: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/establishments/?q=${encodeURIComponent(tag)}&${query}`,
        headers: headers ?? (await adminHeaders()),
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { id: string }[]).map((e) => e.id);
    };
    expect(await list('sort=verifiedAt&order=asc')).toEqual([never.id, old.id, midnight.id, recent.id]);
    expect(await list('sort=verifiedAt&order=desc')).toEqual([recent.id, midnight.id, old.id, never.id]);
    expect(await list('sort=verifiedAt&order=asc&notVerifiedSince=2026-02-15')).toEqual([never.id, old.id]);
    expect(await list('sort=verifiedAt&order=asc&notVerifiedSince=2026-02-15&page=1&perPage=1')).toEqual([
      never.id,
    ]);
    // Summer time: midnight is 22:00 UTC.
    expect(await list('sort=verifiedAt&notVerifiedSince=2026-08-01')).toEqual([
      never.id,
      old.id,
      midnight.id,
    ]);
    // Admins only: ignored for visitors.
    expect(await list('sort=verifiedAt&notVerifiedSince=2026-02-15', {})).toHaveLength(4);
  });
});

describe('the closure purge, around midnight in Paris', () => {
  it('keeps a closure until 30 days after its last day have passed in Paris', async () => {
    const ended = { from: '2026-07-01', to: '2026-07-16', reason: 'Congés annuels' };
    const later = { from: '2026-07-10', to: '2026-07-17', reason: null };
    const open = { from: '2026-06-01', to: null, reason: null };
    const place = await createEstablishment(t.db, { name: 'Le Purgé', closures: [open, ended, later] });
    const token = await write(t.app.ctx, { actor: SYSTEM_ACTOR }, (w) =>
      createVerifyToken(w, place.id, new Date('2026-07-01T00:00:00Z')),
    );

    // 23:59 in Paris on 15 August: 2026-07-16 ended 30 days ago, kept.
    clock.set('2026-08-15T21:59:00Z');
    expect(await t.app.ctx.jobs.runNow('closure-purge')).toBe(0);
    expect((await get(place.id)).json().closures).toEqual([open, ended, later]);

    // 00:00 in Paris on 16 August: 31 days, purged; the next one and the open-ended one stay.
    clock.set('2026-08-15T22:00:00Z');
    expect(await t.app.ctx.jobs.runNow('closure-purge')).toBeGreaterThanOrEqual(1);
    expect((await get(place.id)).json().closures).toEqual([open, later]);
    const entry = (await historyOf(place.id)).find((e) => e.action === 'update');
    expect(entry?.actor).toEqual({ role: 'system', id: null, name: null });
    expect(entry?.changes).toEqual([{ field: 'closures', from: [open, ended, later], to: [open, later] }]);

    // Its link expired on 15 July, more than 30 days ago: deleted.
    const tokens = await t.db
      .select()
      .from(verifyTokens)
      .where(eq(verifyTokens.tokenHash, hashSecret(token)));
    expect(tokens).toHaveLength(0);
    const [row] = await t.db.select().from(establishments).where(eq(establishments.id, place.id));
    expect(row!.closures).toEqual([open, later]);
  });
});
