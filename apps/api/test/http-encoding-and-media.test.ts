/*
 * Issue 47, points 15 and 16: the map's boards of the day are compressed like the other JSON answers, the
 * client's `Accept-Encoding` preferences (q-values) are honoured everywhere, and photos answer ranges and
 * conditional requests as the self-hosted map archive does.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ErrorBodySchema } from '@tables-voisines/contract/errors';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildDir } from '../src/paths';
import { createAdminAccount } from './accounts';
import { createTestApp, TestClock, type TestApp } from './app';
import { createCategory, createEstablishment, createMenuBoard } from './factories';
import { publishPhoto } from './photos';
import { parisDay } from '@tables-voisines/contract/paris-time';

// The app's clock, stopped at the file's start: the boards' day below is the server's, even past midnight.
const clock = new TestClock(new Date().toISOString());
let t: TestApp;
beforeAll(async () => {
  expect(existsSync(path.join(webBuildDir, 'server', 'index.js')), 'run `npm run build` first').toBe(true);
  t = await createTestApp({ clock: clock.now, serveWeb: true });
});
afterAll(() => t.close());

/** The bytes of an answer, decoded as its `Content-Encoding` says. */
function decoded(response: LightMyRequestResponse): Buffer {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(raw);
    case 'gzip':
      return zlib.gunzipSync(raw);
    case undefined:
      return raw;
    default:
      throw new Error(`unexpected encoding ${String(response.headers['content-encoding'])}`);
  }
}

/** `Accept-Encoding` as clients send it, and the encoding each must get. */
const PREFERENCES: readonly [string, string | undefined][] = [
  ['br;q=0.1, gzip;q=0.9', 'gzip'],
  ['gzip, deflate, br', 'br'],
  ['gzip;q=0.5, br;q=0.5', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['*;q=0.2, gzip;q=0.1', 'br'],
  ['br;q=0, gzip;q=0', undefined],
  ['identity', undefined],
  ['identity;q=1, gzip;q=0.5', undefined],
  ['gzip;q=0.5', 'gzip'],
  ['br;q=abc, gzip', 'gzip'],
  ['', undefined],
];

describe('compression (point 15)', () => {
  const lyon = {
    categories: [],
    southWest: { latitude: 45.7, longitude: 4.78 },
    northEast: { latitude: 45.81, longitude: 4.9 },
  };

  beforeAll(async () => {
    const category = (await createCategory(t.db, 'Bouchon lyonnais')).id;
    for (let i = 0; i < 12; i++) {
      const place = await createEstablishment(t.db, {
        name: `Le Bouchon n°${i}`,
        latitude: 45.75 + i * 0.002,
        longitude: 4.83 + i * 0.002,
      });
      await createMenuBoard(t.db, {
        establishmentId: place.id,
        date: parisDay(clock.now()),
        items: [
          { name: 'Tablier de sapeur', priceCents: 1650, categoryId: category },
          { name: 'Quenelle de brochet, sauce Nantua', priceCents: 1490, categoryId: category },
        ],
      });
    }
  });

  const surrounding = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/menuboards/surrounding',
      payload: lyon,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('compresses the boards around the map, in the encoding the client prefers', async () => {
    const plain = await surrounding();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A public read other origins make: the CORS plugin's `Vary: Origin` stays beside it.
    expect(plain.headers.vary).toMatch(/^Origin, accept-encoding$/i);
    expect(plain.json()).toHaveLength(12);

    const browser = await surrounding('gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(decoded(browser).equals(plain.rawPayload)).toBe(true);

    for (const [header, encoding] of PREFERENCES) {
      const answer = await surrounding(header);
      expect(answer.headers['content-encoding'], header).toBe(encoding);
      expect(decoded(answer).equals(plain.rawPayload), header).toBe(true);
    }
  });

  it('honours q-values on the answers compressed once and on the pages', async () => {
    await createEstablishment(t.db, { name: 'La Mère Brazier', town: 'Lyon' });
    for (const url of ['/api/establishments/', '/api/groups/', '/']) {
      for (const [header, encoding] of PREFERENCES) {
        const answer = await t.app.inject({
          method: 'GET',
          url,
          headers: header === '' ? {} : { 'accept-encoding': header },
        });
        expect(answer.statusCode, `${url} ${header}`).toBe(200);
        expect(answer.headers['content-encoding'], `${url} ${header}`).toBe(encoding);
        expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
        expect(decoded(answer).length, `${url} ${header}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('photos (point 16)', () => {
  let url: string;
  let bytes: Buffer;
  beforeAll(async () => {
    const place = await createEstablishment(t.db, { name: 'Le Café des Fédérations' });
    url = await publishPhoto(t, (await createAdminAccount(t)).headers, place.id);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    bytes = whole.rawPayload;
  });

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  function expectError(response: LightMyRequestResponse, status: number, code: string) {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(ErrorBodySchema.parse(response.json()).code).toBe(code);
  }

  it('answers a photo with its validators, kept for a year', async () => {
    const response = await get();
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(new Date(String(response.headers['last-modified'])).getTime()).not.toBeNaN();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(response.headers['content-length'])).toBe(bytes.length);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'accept-ranges']) {
      expect(head.headers[name], name).toBe(response.headers[name]);
    }
  });

  it('answers a range with 206, and a range past the end with 416', async () => {
    const first = await get({ range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

    const last = await get({ range: 'bytes=-50' });
    expect(last.statusCode).toBe(206);
    expect(last.headers['content-range']).toBe(
      `bytes ${bytes.length - 50}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(last.rawPayload.equals(bytes.subarray(bytes.length - 50))).toBe(true);

    const past = await get({ range: `bytes=${bytes.length}-` });
    expectError(past, 416, 'RangeNotSatisfiable');
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    // `If-Range` with another version: the whole photo.
    const stale = await get({ range: 'bytes=0-99', 'if-range': '"une-autre-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 304 to a client that has it, 412 to a write-style condition that fails', async () => {
    const { etag, 'last-modified': lastModified } = (await get()).headers;
    const conditions: Record<string, string>[] = [
      { 'if-none-match': String(etag) },
      { 'if-modified-since': String(lastModified) },
    ];
    for (const headers of conditions) {
      const notModified = await get(headers);
      expect(notModified.statusCode, JSON.stringify(headers)).toBe(304);
      expect(notModified.body).toBe('');
      expect(notModified.headers.etag).toBe(etag);
    }
    expect((await get({ 'if-none-match': '"une-autre-version"' })).statusCode).toBe(200);
    expectError(await get({ 'if-match': '"une-autre-version"' }), 412, 'PreconditionFailed');
  });
});
