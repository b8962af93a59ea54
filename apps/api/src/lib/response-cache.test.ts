/*
 * The cache of public answers: pieces of JSON, encoding negotiation, production once per data version, gzip
 * copies, large answers in files and their removal, and the same over HTTP. Its size (over 400 lines) is
 * those layers, each tested by itself and then through the real app.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, type TestAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createEstablishment } from '../../test/factories';
import { postEstablishment } from '../../test/requests';
import { DataVersion } from './data-version';
import { ResponseCache } from './response-cache';
import { gzipOf, type Body } from './encoded-response';
import { matchesEtag, preferredEncoding } from './http-negotiation';
import { jsonArrayPieces, PIECE_CHARS } from './json-pieces';
import { OneAtATime } from './one-at-a-time';
import { sendResponse } from './send-response';
import { ResponseFiles } from './response-files';

const gunzip = promisify(zlib.gunzip);
const unbrotli = promisify(zlib.brotliDecompress);

/** The bytes of a body, wherever they are. */
async function bytesOf(body: Body): Promise<Buffer> {
  return body.file === undefined ? Buffer.concat(body.parts) : readFile(body.file);
}

describe('jsonArrayPieces', () => {
  async function* batches<T>(...lists: T[][]) {
    for (const list of lists) yield list;
  }
  const collect = async (pieces: AsyncIterable<string>) => {
    const all: string[] = [];
    for await (const piece of pieces) all.push(piece);
    return all;
  };

  it('writes the JSON of the whole list, in pieces that stay small whatever the batches', async () => {
    const item = (i: number) => ({ i, name: `Café n°${i} ’`, text: 'x'.repeat(i % 700) });
    const lists = [Array.from({ length: 900 }, (_, i) => item(i)), [], [item(900)], [item(901), item(902)]];
    const pieces = await collect(jsonArrayPieces(batches(...lists), (x) => JSON.stringify(x)));
    expect(pieces.join('')).toBe(JSON.stringify(lists.flat()));
    expect(pieces.length).toBeGreaterThan(10);
    for (const piece of pieces) expect(piece.length).toBeLessThan(PIECE_CHARS + 1000);
  });

  it('writes [] for no rows', async () => {
    expect((await collect(jsonArrayPieces(batches<number>([], []), String))).join('')).toBe('[]');
  });
});

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

describe('ResponseCache', () => {
  it('produces once per data version, and waits for an answer being produced', async () => {
    const version = new DataVersion();
    const cache = new ResponseCache(version);
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
    expect((await gunzip(await bytesOf(await gzipOf(a)))).toString()).toBe('[1]');
    expect((await unbrotli(await bytesOf(a.br))).toString()).toBe('[1]');
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
    const cache = new ResponseCache(version);
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
    const cache = new ResponseCache(new DataVersion());
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
    const cache = new ResponseCache(new DataVersion());
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
    const cache = new ResponseCache(new DataVersion());
    const big = 'x'.repeat(300 * 1024);
    const answer = await cache.get('big', function* () {
      yield big.slice(0, 1000);
      yield big.slice(1000);
    });
    expect(answer.identity).toBeNull();
    expect(answer.length).toBe(big.length);
    expect((await gunzip(await bytesOf(await gzipOf(answer)))).toString()).toBe(big);
    cache.close();
  });
});

describe('gzip copies made on demand', () => {
  it('makes the gzip copy on the first request for it, once, and keeps it', async () => {
    const cache = new ResponseCache(new DataVersion(), { filesRoot: false });
    const large = JSON.stringify(Array.from({ length: 40_000 }, (_, i) => ({ i, name: `Café n°${i}` })));
    // Small (uncompressed bytes kept) and large (inflated from Brotli).
    for (const text of ['[1,2,3]', large]) {
      const answer = await cache.get(`k${text.length}`, function* () {
        for (let i = 0; i < text.length; i += PIECE_CHARS) yield text.slice(i, i + PIECE_CHARS);
      });
      expect(answer.identity === null).toBe(text === large);
      expect(answer.gzip).toBeNull();
      const [a, b] = await Promise.all([gzipOf(answer), gzipOf(answer)]);
      expect(a).toBe(b);
      expect(answer.gzip).toBe(a);
      expect(await gzipOf(answer)).toBe(a);
      expect((await gunzip(await bytesOf(a))).toString()).toBe(text);
    }
    cache.close();
  });
});

describe('large answers in files', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'tv-response-files-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  // Hex of random bytes: compresses to about half.
  const random = (bytes: number) => JSON.stringify([randomBytes(bytes).toString('hex')]);

  it('serves a file-backed answer byte for byte, with its ETag and 304, in each encoding', async () => {
    const cache = new ResponseCache(new DataVersion(), { filesRoot: root, fileAbove: 64 * 1024 });
    const text = random(200 * 1024);
    const app = Fastify();
    app.get('/list', async (request, reply) => {
      const answer = await cache.getScoped('s', 'list', function* () {
        for (let i = 0; i < text.length; i += PIECE_CHARS) yield text.slice(i, i + PIECE_CHARS);
      });
      return sendResponse(request, reply, answer, {
        contentType: 'application/json',
        cacheControl: 'no-cache',
      });
    });
    try {
      const br = await app.inject({ url: '/list', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      const answer = await cache.getScoped('s', 'list', () => []);
      const brFile = answer.br.file as string;
      expect(path.dirname(brFile)).toBe(cache.files?.dir);
      expect(br.rawPayload.equals(await readFile(brFile))).toBe(true);
      expect(br.headers['content-length']).toBe(String(answer.br.length));
      expect((await unbrotli(br.rawPayload)).toString()).toBe(text);

      expect(answer.gzip).toBeNull();
      const gz = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect((await gunzip(gz.rawPayload)).toString()).toBe(text);
      const gzFile = answer.gzip?.file as string;
      expect(gz.rawPayload.equals(await readFile(gzFile))).toBe(true);

      const plain = await app.inject({ url: '/list' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(text);

      const again = await app.inject({
        url: '/list',
        headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(cache.files?.list().sort()).toEqual([brFile, gzFile].sort());
    } finally {
      await app.close();
      cache.close();
    }
    expect(existsSync(cache.files?.dir as string)).toBe(false);
  });

  it('keeps the files while their answer is served, removes them once the next one is made', async () => {
    const cache = new ResponseCache(new DataVersion(), {
      filesRoot: root,
      fileAbove: 1024,
      discardDelayMs: 0,
    });
    const first = await cache.getScopedOrLatest('a', 'feed', () => [random(16 * 1024)]);
    await gzipOf(first);
    const files = [first.br.file as string, first.gzip?.file as string];
    for (const file of files) expect(existsSync(file)).toBe(true);
    // The establishments changed: the first answer is served while the next one is made.
    let release = () => {};
    const next = async function* () {
      await new Promise<void>((resolve) => (release = resolve));
      yield random(16 * 1024);
    };
    expect(await cache.getScopedOrLatest('b', 'feed', next)).toBe(first);
    for (const file of files) expect(existsSync(file)).toBe(true);
    release();
    await expect.poll(async () => (await cache.getScopedOrLatest('b', 'feed', next)) !== first).toBe(true);
    for (const file of files) expect(existsSync(file)).toBe(false);
    const second = await cache.getScopedOrLatest('b', 'feed', next);
    expect(cache.files?.list()).toEqual([second.br.file]);
    cache.close();
  });

  it('removes the gzip file of an answer whose Brotli bytes stayed in memory, once it is replaced', async () => {
    // Brotli takes this JSON to about 86 KB, gzip to about 163 KB: only the gzip copy goes to a file.
    const cache = new ResponseCache(new DataVersion(), {
      filesRoot: root,
      fileAbove: 120 * 1024,
      discardDelayMs: 0,
    });
    const text = JSON.stringify(
      Array.from({ length: 20_000 }, (_, i) => ({ i, name: `Café n°${i}`, x: (i * 7919) % 10_007 })),
    );
    const first = await cache.getScopedOrLatest('a', 'list', () => [text]);
    expect(first.br.file).toBeUndefined();
    const gzip = await gzipOf(first);
    const file = gzip.file as string;
    expect((await gunzip(await readFile(file))).toString()).toBe(text);
    expect(await cache.getScopedOrLatest('b', 'list', () => [text])).toBe(first);
    await expect
      .poll(async () => (await cache.getScopedOrLatest('b', 'list', () => [text])) !== first)
      .toBe(true);
    expect(existsSync(file)).toBe(false);
    cache.close();
  });

  it('removes at start the directories of processes no longer running, not those of running ones', async () => {
    // Above Linux's largest pid (4,194,304): never running.
    const dead = path.join(root, '999999999-dead');
    const running = path.join(root, `${process.pid}-other`);
    await mkdir(dead);
    await mkdir(running);
    const files = new ResponseFiles(root);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(files.dir)).toBe(true);
    files.close();
    expect(existsSync(files.dir)).toBe(false);
  });
});

describe('OneAtATime', () => {
  it('runs tasks one after the other, and goes on after a failure', async () => {
    const queue = new OneAtATime();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      () => {
        log.push(`start ${name}`);
        return new Promise<string>((resolve, reject) =>
          setTimeout(() => {
            log.push(`end ${name}`);
            if (fail) reject(new Error(name));
            else resolve(name);
          }, ms),
        );
      };
    const results = await Promise.allSettled([
      queue.run(task('a', 30)),
      queue.run(task('b', 5, true)),
      queue.run(task('c', 1)),
    ]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
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
      const created = url.includes('groups')
        ? await t.app.inject({
            method: 'POST',
            url: '/api/group/',
            headers: admin.headers,
            payload: { name: 'Collectif de Lyon', latitude: 45.76, longitude: 4.83, radius: 5 },
          })
        : await postEstablishment(t, admin.headers, { name: 'Le Nouveau', venueType: 'brasserie' });
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
