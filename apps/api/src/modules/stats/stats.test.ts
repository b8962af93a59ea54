import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { createEstablishment } from '../../../test/factories';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { establishmentDailyCounts, establishments } from '../../db/schema';

// Statistics through the API (docs/api.md, « Statistics »; decision 0087): events counted in memory and added
// to the database in batches, robots and floods left out, figures read per Paris day by owners and the team.

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
// 14:30 in Paris (winter: UTC+1) on Wednesday 2 December 2026.
const clock = new TestClock('2026-12-02T13:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    // The timer's flushes are tested apart; here each test flushes when it reads.
    env: { STATS_FLUSH_SECONDS: '60', TRUST_PROXY: 'true' },
  });
});
afterAll(() => t.close());

let address = 0;
/** Each call from an address of its own unless one is given: the hourly limit per address is tested apart. */
const send = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'user-agent': BROWSER, 'x-forwarded-for': `203.0.113.${(address++ % 250) + 1}`, ...headers },
    payload: body,
  });
const statsOf = async (id: string, headers: Record<string, string>, query = '') => {
  await t.app.ctx.stats.counts.flush();
  return t.app.inject({ method: 'GET', url: `/api/establishment/${id}/stats${query}`, headers });
};
const stored = (id: string) =>
  t.db
    .select()
    .from(establishmentDailyCounts)
    .where(eq(establishmentDailyCounts.establishmentId, id))
    .orderBy(establishmentDailyCounts.day, establishmentDailyCounts.type, establishmentDailyCounts.source);

describe('counting events', () => {
  it('counts each type and source per Paris day, and the owner reads them with every day of the range', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Zinc' });
    clock.set('2026-12-02T13:30:00Z');
    for (const source of ['direct', 'qr', 'qr', 'map']) {
      expect((await send({ establishment: place.id, type: 'view', source })).statusCode).toBe(204);
    }
    expect((await send({ establishment: place.id, type: 'phone' })).statusCode).toBe(204);
    expect((await send({ establishment: place.id, type: 'directions', source: 'map' })).statusCode).toBe(204);
    // 23:30 UTC is already Thursday in Paris.
    clock.set('2026-12-02T23:30:00Z');
    await send({ establishment: place.id, type: 'view', source: 'search' });
    await send({ establishment: place.id, type: 'website' });
    await send({ establishment: place.id, type: 'share', source: 'other' });

    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const answer = await statsOf(place.id, owner.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const stats = answer.json();
    // The last 30 Paris days, today (Thursday 3) included, one entry each, zeros too.
    expect(stats.from).toBe('2026-11-04');
    expect(stats.to).toBe('2026-12-03');
    expect(stats.days).toHaveLength(30);
    expect(stats.days[0]).toEqual({
      date: '2026-11-04',
      view: 0,
      phone: 0,
      directions: 0,
      website: 0,
      share: 0,
      qr: 0,
    });
    expect(stats.days.at(-2)).toEqual({
      date: '2026-12-02',
      view: 4,
      phone: 1,
      directions: 1,
      website: 0,
      share: 0,
      qr: 2,
    });
    expect(stats.days.at(-1)).toEqual({
      date: '2026-12-03',
      view: 1,
      phone: 0,
      directions: 0,
      website: 1,
      share: 1,
      qr: 0,
    });
    expect(stats.totals).toEqual({ view: 5, phone: 1, directions: 1, website: 1, share: 1, qr: 2 });
    // Nothing else is kept: the place, the day, the type, the source and a count.
    expect((await stored(place.id)).map((row) => Object.keys(row).sort())[0]).toEqual([
      'count',
      'day',
      'establishmentId',
      'source',
      'type',
    ]);
  });

  it('adds a burst of views in memory and writes them as one row at the flush', async () => {
    clock.set('2026-12-02T13:30:00Z');
    const place = await createEstablishment(t.db);
    await t.app.ctx.stats.counts.flush();
    await Promise.all(Array.from({ length: 300 }, () => send({ establishment: place.id, type: 'view' })));
    expect(await stored(place.id)).toEqual([]);
    expect(t.app.ctx.stats.counts.waiting).toBe(1);
    await t.app.ctx.stats.counts.flush();
    expect(t.app.ctx.stats.counts.waiting).toBe(0);
    expect(await stored(place.id)).toEqual([
      { establishmentId: place.id, day: '2026-12-02', type: 'view', source: 'direct', count: 300 },
    ]);
    // A second flush adds to the same row.
    await send({ establishment: place.id, type: 'view' });
    await t.app.ctx.stats.counts.flush();
    expect((await stored(place.id))[0]?.count).toBe(301);
  });

  it('answers robots 204 and counts them nowhere, nor a request without a user agent', async () => {
    const place = await createEstablishment(t.db);
    const robots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'curl/8.5.0',
      'python-requests/2.32.3',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    ];
    for (const robot of robots) {
      expect(
        (await send({ establishment: place.id, type: 'view' }, { 'user-agent': robot })).statusCode,
      ).toBe(204);
    }
    expect((await send({ establishment: place.id, type: 'view' }, { 'user-agent': '' })).statusCode).toBe(
      204,
    );
    await t.app.ctx.stats.counts.flush();
    expect(await stored(place.id)).toEqual([]);
  });

  it('counts one place, type and address at most RATE_LIMIT_EVENTS times an hour, answering 204 all the same', async () => {
    clock.set('2026-12-02T13:30:00Z');
    const place = await createEstablishment(t.db);
    const from = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 15; i += 1) {
      expect((await send({ establishment: place.id, type: 'view' }, from)).statusCode).toBe(204);
    }
    // Another type from the same address, and the same type from another, are counted apart.
    await send({ establishment: place.id, type: 'phone' }, from);
    await send({ establishment: place.id, type: 'view' }, { 'x-forwarded-for': '198.51.100.8' });
    await t.app.ctx.stats.counts.flush();
    const counts = Object.fromEntries((await stored(place.id)).map((row) => [row.type, row.count]));
    expect(counts).toEqual({ view: 11, phone: 1 });
  });

  it('refuses an unknown or hidden place (404) and bad input (400, in French)', async () => {
    const hidden = await createEstablishment(t.db, { disabled: true });
    const unknown = await send({ establishment: '11111111-1111-1111-1111-111111111111', type: 'view' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NotFound');
    expect((await send({ establishment: hidden.id, type: 'view' })).statusCode).toBe(404);
    const place = await createEstablishment(t.db);
    const badType = await send({ establishment: place.id, type: 'like' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().details[0]).toMatchObject({ path: 'type' });
    expect(badType.json().details[0].message).toMatch(/^Type d’évènement inconnu/);
    const badSource = await send({ establishment: place.id, type: 'view', source: 'facebook' });
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json().details[0].message).toMatch(/^Provenance inconnue/);
    expect((await send({ establishment: 'x', type: 'view' })).statusCode).toBe(400);
  });

  it('counts a place made visible again once the team has shown it', async () => {
    const place = await createEstablishment(t.db, { disabled: true });
    expect((await send({ establishment: place.id, type: 'view' })).statusCode).toBe(404);
    const admin = await createAdminAccount(t);
    const current = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}`,
      headers: admin.headers,
    });
    const shown = await t.app.inject({
      method: 'PATCH',
      url: `/api/establishment/${place.id}`,
      headers: { ...admin.headers, 'if-match': current.headers.etag as string },
      payload: { disabled: false },
    });
    expect(shown.statusCode).toBe(200);
    expect((await send({ establishment: place.id, type: 'view' })).statusCode).toBe(204);
  });

  it('keeps the counts of a flush that failed for the next one, and drops those of a deleted place', async () => {
    clock.set('2026-12-02T13:30:00Z');
    const kept = await createEstablishment(t.db);
    const deleted = await createEstablishment(t.db);
    await t.app.ctx.stats.counts.flush();
    await send({ establishment: kept.id, type: 'view' });
    await send({ establishment: deleted.id, type: 'view' });
    await t.db.execute(sql`alter table establishment_daily_counts rename to establishment_daily_counts_away`);
    try {
      await expect(t.app.ctx.stats.counts.flush()).rejects.toThrow();
    } finally {
      await t.db.execute(
        sql`alter table establishment_daily_counts_away rename to establishment_daily_counts`,
      );
    }
    expect(t.app.ctx.stats.counts.waiting).toBe(2);
    await t.db.delete(establishments).where(eq(establishments.id, deleted.id));
    await t.app.ctx.stats.counts.flush();
    expect(t.app.ctx.stats.counts.waiting).toBe(0);
    expect((await stored(kept.id)).map((row) => row.count)).toEqual([1]);
    expect(await stored(deleted.id)).toEqual([]);
  });
});

describe('reading statistics', () => {
  it('takes a range of at most 366 days, its start before its end, and answers 404 for an unknown place', async () => {
    const place = await createEstablishment(t.db);
    const admin = await createAdminAccount(t, {
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    const year = await statsOf(place.id, admin.headers, '?from=2024-01-01&to=2024-12-31');
    expect(year.statusCode).toBe(200);
    expect(year.json().days).toHaveLength(366);
    const tooLong = await statsOf(place.id, admin.headers, '?from=2024-01-01&to=2025-01-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Une période de 366 jours au plus est attendue.');
    const backwards = await statsOf(place.id, admin.headers, '?from=2026-12-02&to=2026-12-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('La date de début doit précéder la date de fin.');
    expect((await statsOf(place.id, admin.headers, '?from=2026-02-30')).statusCode).toBe(400);
    const fromOnly = await statsOf(place.id, admin.headers, '?from=2026-01-01');
    expect([fromOnly.json().from, fromOnly.json().to]).toEqual(['2026-01-01', '2026-01-30']);
    // The contract's first and last days: 30 days within them.
    const first = await statsOf(place.id, admin.headers, '?to=0001-01-01');
    expect([first.statusCode, first.json().from, first.json().days.length]).toEqual([200, '0001-01-01', 1]);
    const last = await statsOf(place.id, admin.headers, '?from=9999-12-31');
    expect([last.statusCode, last.json().to, last.json().days.length]).toEqual([200, '9999-12-31', 1]);
    const unknown = await statsOf('11111111-1111-1111-1111-111111111111', admin.headers);
    expect(unknown.statusCode).toBe(404);
  });

  it('gives the team the most viewed places of a month, with their other counts', async () => {
    clock.set('2026-11-15T12:00:00Z');
    const first = await createEstablishment(t.db, { name: 'Zeste' });
    const second = await createEstablishment(t.db, { name: 'Au Coin' });
    for (let i = 0; i < 3; i += 1) await send({ establishment: first.id, type: 'view', source: 'qr' });
    await send({ establishment: first.id, type: 'phone' });
    await send({ establishment: second.id, type: 'view' });
    await send({ establishment: second.id, type: 'website' });
    // December's views are not November's.
    clock.set('2026-12-01T12:00:00Z');
    for (let i = 0; i < 5; i += 1) await send({ establishment: second.id, type: 'view' });
    await t.app.ctx.stats.counts.flush();
    const admin = await createAdminAccount(t, {
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    const top = await t.app.inject({
      method: 'GET',
      url: '/api/stats/top?month=2026-11',
      headers: admin.headers,
    });
    expect(top.statusCode).toBe(200);
    const ours = top
      .json()
      .establishments.filter((e: { id: string }) => [first.id, second.id].includes(e.id));
    expect(ours).toEqual([
      {
        id: first.id,
        name: 'Zeste',
        town: first.town,
        uri: first.uri,
        view: 3,
        phone: 1,
        directions: 0,
        website: 0,
        share: 0,
        qr: 3,
      },
      {
        id: second.id,
        name: 'Au Coin',
        town: second.town,
        uri: second.uri,
        view: 1,
        phone: 0,
        directions: 0,
        website: 1,
        share: 0,
        qr: 0,
      },
    ]);
    const december = await t.app.inject({ method: 'GET', url: '/api/stats/top', headers: admin.headers });
    expect(december.json().month).toBe('2026-12');
    const february = await t.app.inject({
      method: 'GET',
      url: '/api/stats/top?month=0004-02',
      headers: admin.headers,
    });
    expect(february.statusCode).toBe(200);
    const lastMonth = await t.app.inject({
      method: 'GET',
      url: '/api/stats/top?month=9999-12',
      headers: admin.headers,
    });
    expect(lastMonth.statusCode).toBe(200);
    const badMonth = await t.app.inject({
      method: 'GET',
      url: '/api/stats/top?month=2026-13',
      headers: admin.headers,
    });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().details[0].message).toBe('Mois invalide : un mois au format AAAA-MM est attendu.');
  });
});

describe('flushing', () => {
  it('shows a counted event within STATS_FLUSH_SECONDS without anyone asking', async () => {
    const quick = await createTestApp({ env: { STATS_FLUSH_SECONDS: '1' } });
    try {
      const place = await createEstablishment(quick.db);
      const sent = await quick.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'user-agent': BROWSER },
        payload: { establishment: place.id, type: 'view' },
      });
      expect(sent.statusCode).toBe(204);
      const read = () =>
        quick.db
          .select()
          .from(establishmentDailyCounts)
          .where(eq(establishmentDailyCounts.establishmentId, place.id));
      const deadline = Date.now() + 10_000;
      while ((await read()).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect((await read()).map((row) => row.count)).toEqual([1]);
    } finally {
      await quick.close();
    }
  });

  it('loses nothing counted on a graceful stop: the next process reads it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-stats-'));
    const database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      NODE_ENV: 'test',
      STATS_FLUSH_SECONDS: '60',
    });
    try {
      const place = await createEstablishment(database.db);
      const before = await buildApp({ config, database, logger: false, serveWeb: false });
      await before.ready();
      for (const type of ['view', 'view', 'phone']) {
        const sent = await before.inject({
          method: 'POST',
          url: '/api/events',
          headers: { 'user-agent': BROWSER, 'x-forwarded-for': `192.0.2.${type.length}` },
          payload: { establishment: place.id, type },
        });
        expect(sent.statusCode).toBe(204);
      }
      expect(before.ctx.stats.counts.waiting).toBe(2);
      await before.close();

      const after = await buildApp({ config, database, logger: false, serveWeb: false });
      await after.ready();
      try {
        const admin = await createAdminAccount({ app: after, db: database.db } as unknown as TestApp);
        const stats = await after.inject({
          method: 'GET',
          url: `/api/establishment/${place.id}/stats`,
          headers: admin.headers,
        });
        expect(stats.json().totals).toMatchObject({ view: 2, phone: 1 });
      } finally {
        await after.close();
      }
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
