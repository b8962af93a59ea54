import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { startPushService, type TestPushService } from '../../../test/push-receiver';
import { buildApp } from '../../app';
import { establishments, follows, pushSubscriptions } from '../../db/schema';

// « Suivre » through the API: following, listing and unfollowing from a browser, what is refused, and the
// count its owner sees. Messages themselves: jobs/push-deliveries.test.ts.

const clock = new TestClock(new Date().toISOString());
let t: TestApp;
let service: TestPushService;
beforeAll(async () => {
  service = await startPushService('mailto:equipe@tables-voisines.test');
  t = await createTestApp({
    clock: clock.now,
    env: {
      PUSH_ALLOWED_ORIGINS: `${service.origin},https://*.push.services.mozilla.com`,
      VAPID_SUBJECT: 'mailto:equipe@tables-voisines.test',
      RATE_LIMIT_FOLLOWS: '1000',
    },
  });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const follow = (establishment: string, subscription: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/follows', headers, payload: { establishment, subscription } });
const list = (endpoint: string) =>
  t.app.inject({ method: 'POST', url: '/api/follows/list', payload: { endpoint } });
const unfollow = (endpoint: string, establishment: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/follows?endpoint=${encodeURIComponent(endpoint)}&establishment=${establishment}`,
  });
/** A browser's subscription at an address that is not ours to choose. */
const subscriptionAt = (endpoint: string) => ({ ...service.subscribe().subscription, endpoint });

describe('following a place', () => {
  it('gives the VAPID public key browsers subscribe with, an uncompressed P-256 point', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const { publicKey } = response.json<{ publicKey: string }>();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    expect(publicKey).toBe(t.app.ctx.push.publicKey);
  });

  it('follows once (201, then 200 with the same date), lists, and unfollows (204, also when not followed)', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Comptoir du Marché' });
    const other = await createEstablishment(t.db, { name: 'Au Bon Accueil' });
    const browser = service.subscribe();
    clock.advance(1000);
    const first = await follow(place.id, browser.subscription);
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ establishment: place.id, createdAt: clock.now().toISOString() });
    clock.advance(60_000);
    const again = await follow(place.id, browser.subscription);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await follow(other.id, browser.subscription)).statusCode).toBe(201);

    const listed = await list(browser.subscription.endpoint);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        establishment: { id: place.id, uri: place.uri, name: 'Le Comptoir du Marché', kind: 'restaurant' },
        createdAt: first.json().createdAt,
      },
      {
        establishment: { id: other.id, uri: other.uri, name: 'Au Bon Accueil', kind: 'restaurant' },
        createdAt: clock.now().toISOString(),
      },
    ]);
    // Another browser follows nothing.
    expect((await list(service.subscribe().subscription.endpoint)).json()).toEqual([]);

    const gone = await unfollow(browser.subscription.endpoint, place.id);
    expect(gone.statusCode).toBe(204);
    expect((await unfollow(browser.subscription.endpoint, place.id)).statusCode).toBe(204);
    expect((await unfollow(service.subscribe().subscription.endpoint, place.id)).statusCode).toBe(204);
    expect(
      (await list(browser.subscription.endpoint))
        .json()
        .map((f: { establishment: { id: string } }) => f.establishment.id),
    ).toEqual([other.id]);

    // The last follow gone, the subscription goes: nothing is kept of a browser that follows nothing.
    await unfollow(browser.subscription.endpoint, other.id);
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    expect(rows).toEqual([]);
  });

  it('keeps the browser’s latest keys when it follows again', async () => {
    const place = await createEstablishment(t.db);
    const browser = service.subscribe();
    await follow(place.id, browser.subscription);
    const renewed = { ...service.subscribe().subscription, endpoint: browser.subscription.endpoint };
    expect((await follow(place.id, renewed)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    expect(row).toMatchObject({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  it('refuses an endpoint outside PUSH_ALLOWED_ORIGINS at subscription.endpoint, writing nothing', async () => {
    const place = await createEstablishment(t.db);
    for (const endpoint of [
      'https://attaquant.example/push/1',
      'https://fcm.googleapis.com/fcm/send/abc', // not in this app's list
      `${service.origin.replace('127.0.0.1', 'localhost')}/push/1`,
      `${service.origin.replace('http:', 'https:')}/push/1`,
      'https://push.services.mozilla.com.attaquant.example/wpush/v2/x',
      'https://push.services.mozilla.com/wpush/v2/x', // the domain itself: only its subdomains are listed
      'https://utilisateur:secret@updates.push.services.mozilla.com/wpush/v2/x',
    ]) {
      const response = await follow(place.id, subscriptionAt(endpoint));
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'ValidationError',
        details: [
          {
            path: 'subscription.endpoint',
            message: expect.stringContaining('n’est pas celle d’un service de notifications accepté'),
          },
        ],
      });
    }
    const accepted = await follow(
      place.id,
      subscriptionAt('https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk'),
    );
    expect(accepted.statusCode).toBe(201);
    expect(await t.db.select().from(follows).where(eq(follows.establishmentId, place.id))).toHaveLength(1);
  });

  it('refuses malformed subscriptions with the contract’s French messages', async () => {
    const place = await createEstablishment(t.db);
    const { subscription } = service.subscribe();
    const cases: [object, string][] = [
      [{ ...subscription, endpoint: 'pas une adresse' }, 'subscription.endpoint'],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: 'abc' } }, 'subscription.keys.p256dh'],
      [
        { ...subscription, keys: { ...subscription.keys, auth: randomBytes(8).toString('base64url') } },
        'subscription.keys.auth',
      ],
      [{ endpoint: subscription.endpoint }, 'subscription.keys'],
    ];
    for (const [body, path] of cases) {
      const response = await follow(place.id, body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const noPlace = await t.app.inject({
      method: 'POST',
      url: '/api/follows',
      payload: { establishment: 'pas-un-id', subscription },
    });
    expect(noPlace.statusCode).toBe(400);
    expect((await list('ftp://x')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/follows?establishment=${place.id}` })).statusCode,
    ).toBe(400);
  });

  it('answers as the public page does: 404 for an unknown or hidden place, 410 for one closed for good', async () => {
    const { subscription } = service.subscribe();
    const unknown = await follow(randomUUID(), subscription);
    expect(unknown.statusCode).toBe(404);
    const hidden = await createEstablishment(t.db, { disabled: true });
    expect((await follow(hidden.id, subscription)).statusCode).toBe(404);
    const closed = await createEstablishment(t.db, { name: 'La Belle Époque', closedForGoodAt: clock.now() });
    const gone = await follow(closed.id, subscription);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe('La Belle Époque (Lyon) a fermé définitivement.');
    expect(
      (await t.app.inject({ method: 'GET', url: `/establishment/${closed.id}/public` })).statusCode,
    ).toBe(410);
    // Nothing was written for a refused follow.
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows).toEqual([]);
  });

  it('lists only the followed places a visitor may still see, and forgets a deleted one', async () => {
    const shown = await createEstablishment(t.db, { name: 'A la Bonne Table' });
    const later = await createEstablishment(t.db, { name: 'B comme Bistrot' });
    const browser = service.subscribe();
    await follow(shown.id, browser.subscription);
    await follow(later.id, browser.subscription);
    await t.db.update(establishments).set({ disabled: true }).where(eq(establishments.id, later.id));
    expect((await list(browser.subscription.endpoint)).json()).toHaveLength(1);
    await t.db.delete(establishments).where(eq(establishments.id, shown.id));
    expect((await list(browser.subscription.endpoint)).json()).toEqual([]);
    expect(await t.db.select().from(follows).where(eq(follows.establishmentId, shown.id))).toEqual([]);
  });
});

describe('the followers’ count', () => {
  it('is shown to the place’s owner and to admins who read establishments, nobody else', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const otherOwner = await createOwnerAccount(t, { establishmentId: (await createEstablishment(t.db)).id });
    const reader = await createAdminAccount(t, {
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    const stranger = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'group' }] });
    for (let i = 0; i < 3; i++) await follow(place.id, service.subscribe().subscription);
    const count = (headers: Record<string, string>, id = place.id) =>
      t.app.inject({ method: 'GET', url: `/api/establishment/${id}/followers`, headers });

    const own = await count(owner.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ followers: 3 });
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await count(reader.headers)).json()).toEqual({ followers: 3 });
    expect((await count(otherOwner.headers)).statusCode).toBe(403);
    expect((await count(stranger.headers)).statusCode).toBe(403);
    expect((await count({})).statusCode).toBe(401);
    expect((await count(reader.headers, randomUUID())).statusCode).toBe(404);
  });
});

describe('limits and keys', () => {
  it('limits following, listing and unfollowing per client address (RATE_LIMIT_FOLLOWS a minute)', async () => {
    const limited = await createTestApp({
      clock: clock.now,
      env: { PUSH_ALLOWED_ORIGINS: service.origin, RATE_LIMIT_FOLLOWS: '3', TRUST_PROXY: 'true' },
    });
    try {
      const place = await createEstablishment(limited.db);
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const post = (address: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/follows',
          headers: from(address),
          payload: { establishment: place.id, subscription: service.subscribe().subscription },
        });
      const { subscription } = service.subscribe();
      expect((await post('203.0.113.7')).statusCode).toBe(201);
      expect(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/follows/list',
            headers: from('203.0.113.7'),
            payload: { endpoint: subscription.endpoint },
          })
        ).statusCode,
      ).toBe(200);
      expect((await post('203.0.113.7')).statusCode).toBe(201);
      const refused = await post('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toContain('réessayez dans une minute');
      const unfollowRefused = await limited.app.inject({
        method: 'DELETE',
        url: `/api/follows?endpoint=${encodeURIComponent(subscription.endpoint)}&establishment=${place.id}`,
        headers: from('203.0.113.7'),
      });
      expect(unfollowRefused.statusCode).toBe(429);
      // Another address is not held back; the window over, this one is not either.
      expect((await post('198.51.100.4')).statusCode).toBe(201);
      clock.advance(61_000);
      expect((await post('203.0.113.7')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('keeps the generated key pair: a second server on the same data sees the same public key', async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false, serveWeb: false });
    try {
      expect(other.ctx.push.publicKey).toBe(t.app.ctx.push.publicKey);
    } finally {
      await other.close();
    }
  });
});
