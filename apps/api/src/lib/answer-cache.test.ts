import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, type TestAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createEstablishment } from '../../test/factories';
import { DataVersion } from './data-version';
import { AnswerCache, matchesEtag, preferredEncoding } from './answer-cache';

const gunzip = promisify(zlib.gunzip);
const unbrotli = promisify(zlib.brotliDecompress);

describe('encoding negotiation', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('identity')).toBe('identity');
  });

  it('matches ETags weakly, in lists and with *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('AnswerCache', () => {
  it('produces once per data version, and waits for an answer being produced', async () => {
    const version = new DataVersion();
    const cache = new AnswerCache(version);
    let produced = 0;
    const produce = async function* () {
      produced += 1;
      await new Promise((r) => setTimeout(r, 10));
      yield `[${produced}]`;
    };
    const [a, b] = await Promise.all([cache.get('k', produce), cache.get('k', produce)]);
    expect(produced).toBe(1);
    expect(a).toBe(b);
    expect(a.identity?.toString()).toBe('[1]');
    expect((await gunzip(a.gzip)).toString()).toBe('[1]');
    expect((await unbrotli(a.br)).toString()).toBe('[1]');
    expect(await cache.get('k', produce)).toBe(a);
    version.bump();
    const c = await cache.get('k', produce);
    expect(c.identity?.toString()).toBe('[2]');
    expect(c.etag).not.toBe(a.etag);
    expect(await cache.getOrNull('missing', () => null)).toBeNull();
    cache.close();
  });

  it('keeps a scoped answer across data versions while its fingerprint stays, computed once per version', async () => {
    const version = new DataVersion();
    const cache = new AnswerCache(version);
    let fingerprints = 0;
    let fingerprint = 'a';
    const scope = () =>
      cache.perVersion('establishments', async () => {
        fingerprints += 1;
        return fingerprint;
      });
    let produced = 0;
    const produce = function* () {
      produced += 1;
      yield `[${produced}]`;
    };
    const first = await cache.getScoped(await scope(), 'list', produce);
    expect(await cache.getScoped(await scope(), 'list', produce)).toBe(first);
    expect(fingerprints).toBe(1);
    version.bump(); // a menu board: the establishments' fingerprint does not move
    expect(await cache.getScoped(await scope(), 'list', produce)).toBe(first);
    expect(fingerprints).toBe(2);
    expect(produced).toBe(1);
    fingerprint = 'b';
    version.bump(); // an establishment
    const second = await cache.getScoped(await scope(), 'list', produce);
    expect(second.identity?.toString()).toBe('[2]');
    cache.close();
  });

  it('serves the latest answer while the one of a new scope is made, then the new one', async () => {
    const cache = new AnswerCache(new DataVersion());
    let release = () => {};
    const slow = async function* (text: string, wait: boolean) {
      if (wait) await new Promise<void>((resolve) => (release = resolve));
      yield text;
    };
    // Nothing made yet: the first request waits for its answer.
    const first = await cache.getScopedOrLatest('a', 'feed', () => slow('[1]', false));
    expect(first.identity?.toString()).toBe('[1]');
    // A write: the scope moved, the new answer is being made; requests get the latest one at once.
    let made = 0;
    const produce = () => {
      made += 1;
      return slow('[2]', true);
    };
    expect(await cache.getScopedOrLatest('b', 'feed', produce)).toBe(first);
    expect(await cache.getScopedOrLatest('b', 'feed', produce)).toBe(first);
    expect(made).toBe(1);
    release();
    await expect
      .poll(async () => (await cache.getScopedOrLatest('b', 'feed', produce)).identity?.toString())
      .toBe('[2]');
    expect(made).toBe(1);
    cache.close();
  });

  it('tries again after a failed production, still serving the latest answer meanwhile', async () => {
    const cache = new AnswerCache(new DataVersion());
    const first = await cache.getScopedOrLatest('a', 'feed', function* () {
      yield '[1]';
    });
    let attempts = 0;
    const failing = async function* () {
      attempts += 1;
      yield '[';
      throw new Error('database gone');
    };
    expect(await cache.getScopedOrLatest('b', 'feed', failing)).toBe(first);
    await expect
      .poll(async () => (await cache.getScopedOrLatest('b', 'feed', failing), attempts))
      .toBeGreaterThan(1);
    const second = await cache.getScopedOrLatest('b', 'feed', function* () {
      yield '[2]';
    });
    await expect
      .poll(async () => (await cache.getScopedOrLatest('b', 'feed', () => [])).identity?.toString())
      .toBe('[2]');
    expect(second).toBe(first);
    cache.close();
  });

  it('keeps only the compressed bytes of a large answer', async () => {
    const cache = new AnswerCache(new DataVersion());
    const big = 'x'.repeat(300 * 1024);
    const answer = await cache.get('big', function* () {
      yield big.slice(0, 1000);
      yield big.slice(1000);
    });
    expect(answer.identity).toBeNull();
    expect(answer.length).toBe(big.length);
    expect((await gunzip(answer.gzip)).toString()).toBe(big);
    cache.close();
  });
});

describe('public answers over HTTP', () => {
  let t: TestApp;
  let admin: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminAccount(t, { permissions: [{ action: 'manage', subject: 'all' }] });
    for (let i = 0; i < 5; i++) await createEstablishment(t.db, { name: `Bistrot n°${i}` });
  });
  afterAll(() => t.close());

  for (const url of ['/api/establishments/', '/api/groups/']) {
    it(`${url}: compressed, revalidated with 304, renewed by a write`, async () => {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = plain.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);

      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(JSON.parse((await unbrotli(br.rawPayload)).toString())).toEqual(plain.json());
      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse((await gunzip(gz.rawPayload)).toString())).toEqual(plain.json());

      const revalidated = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');

      // Any write of public data: the next answer is produced afresh with a new ETag.
      const created = await t.app.inject({
        method: url.includes('groups') ? 'POST' : 'POST',
        url: url.includes('groups') ? '/api/group/' : '/api/establishment/',
        headers: admin.headers,
        payload: url.includes('groups')
          ? { name: 'Collectif de Lyon', latitude: 45.76, longitude: 4.83, radius: 5 }
          : {
              kind: 'restaurant',
              name: 'Le Nouveau',
              venueType: 'brasserie',
              address: { town: 'Lyon' },
              location: { latitude: 45.76, longitude: 4.83 },
            },
      });
      expect(created.statusCode).toBe(201);
      const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.json()).toHaveLength(plain.json().length + 1);
    });
  }

  it('serves the public establishment from the cache, and a disabled one is a 404 at once', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/establishments/' })).json();
    const { id, uri } = list[0];
    const first = await t.app.inject({ method: 'GET', url: `/establishment/${id}/public` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(list[0]);
    const byUri = await t.app.inject({
      method: 'GET',
      url: `/establishment/${encodeURIComponent(uri)}/public`,
    });
    expect(byUri.json()).toEqual(list[0]);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/establishment/${id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    expect(patched.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/establishment/${id}/public` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NotFound' });
  });

  it('gives admins their full records, never the cached public list', async () => {
    const full = await t.app.inject({ method: 'GET', url: '/api/establishments/', headers: admin.headers });
    expect(full.headers.etag).toBeUndefined();
    expect(full.json()[0]).toHaveProperty('claimCode');
  });
});
