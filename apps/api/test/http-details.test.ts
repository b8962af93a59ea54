/*
 * HTTP details (decision 0044): HEAD, 405, errors before routing, cross-origin reads, site files. Its size
 * (over 400 lines) is those five details of HTTP, each checked on the API, the pages and the site files alike.
 */
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ErrorBodySchema } from '@tables-voisines/contract/errors';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import { webBuildDir } from '../src/paths';
import { createAdminAccount } from './accounts';
import { createTestApp, type TestApp } from './app';
import { createEstablishment } from './factories';

let t: TestApp;
let restaurantUri: string;
let remplisVertUri: string;

beforeAll(async () => {
  expect(existsSync(path.join(webBuildDir, 'server', 'index.js')), 'run `npm run build` first').toBe(true);
  t = await createTestApp({ serveWeb: true });
  restaurantUri = (await createEstablishment(t.db, { name: 'Le Bouchon d’Été', town: 'Lyon' })).uri;
  remplisVertUri = (
    await createEstablishment(t.db, { name: 'La Gourde', town: 'Nantes', kind: 'remplisvert' })
  ).uri;
});
afterAll(() => t.close());

/** Headers that differ between two answers of the same resource by design. */
const PER_ANSWER = new Set(['date', 'x-page-cache']);

function comparableHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (PER_ANSWER.has(name)) continue;
    // Each answer has its own CSP nonce.
    headers[name] =
      name === 'content-security-policy' ? String(value).replace(/'nonce-[^']+'/, 'nonce') : value;
  }
  return headers;
}

function expectErrorBody(response: LightMyRequestResponse, code: string) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.code).toBe(code);
  return body;
}

describe('HEAD', () => {
  const pages = () => [
    '/',
    `/restaurant/${encodeURIComponent(restaurantUri)}`,
    `/remplisvert/${encodeURIComponent(remplisVertUri)}`,
    '/espace-restaurateur/connexion',
    '/admin',
    '/page/qui/n-existe-pas',
    '/?vue=liste',
  ];

  it('answers every page with the status and headers of its GET, and no body', async () => {
    for (const url of pages()) {
      // Twice each: the first answer of a page is rendered, the next ones come from the page cache.
      for (const round of [1, 2]) {
        const get = await t.app.inject({ method: 'GET', url });
        const head = await t.app.inject({ method: 'HEAD', url });
        expect(head.statusCode, `${url} (${round})`).toBe(get.statusCode);
        expect(comparableHeaders(head), `${url} (${round})`).toEqual(comparableHeaders(get));
        expect(head.body, url).toBe('');
        expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
      }
    }
  });

  it('answers a page compressed for the browser with the same encoding and length', async () => {
    const url = `/restaurant/${encodeURIComponent(restaurantUri)}`;
    const headers = { 'accept-encoding': 'gzip' };
    const get = await t.app.inject({ method: 'GET', url, headers });
    const head = await t.app.inject({ method: 'HEAD', url, headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    // Each answer has its own nonce, compressed a byte longer or shorter.
    expect(
      Math.abs(Number(head.headers['content-length']) - Number(get.headers['content-length'])),
    ).toBeLessThan(8);
    expect(head.body).toBe('');
  });

  it('answers a moved page with the same redirection', async () => {
    const place = await createEstablishment(t.db, { name: 'Chez Anciennement', town: 'Lille' });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/establishment/${place.id}`,
      headers: (await createAdminAccount(t)).headers,
      payload: { uri: 'chez-maintenant-a-lille' },
    });
    expect(renamed.statusCode).toBe(200);
    const url = `/restaurant/${encodeURIComponent(place.uri)}`;
    const get = await t.app.inject({ method: 'GET', url });
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(get.statusCode).toBe(301);
    expect(head.statusCode).toBe(301);
    expect(head.headers.location).toBe(get.headers.location);
    expect(head.body).toBe('');
  });

  it('answers API reads and site files like their GET', async () => {
    for (const url of [
      '/api/groups/',
      '/manifest.webmanifest',
      '/robots.txt',
      '/favicon.svg',
      '/api/nulle-part',
    ]) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
  });
});

describe('a method the path does not take', () => {
  it('is a 405 with Allow and the error body, on the API', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/groups/' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    const body = expectErrorBody(response, 'MethodNotAllowed');
    expect(body.message).toBe(
      'La méthode DELETE n’est pas acceptée à l’adresse /api/groups/ (méthodes acceptées : GET, HEAD, OPTIONS).',
    );
    const write = await t.app.inject({ method: 'GET', url: '/api/group/' });
    expect(write.statusCode).toBe(405);
    expect(write.headers.allow).toBe('POST');
  });

  it('is a 405 on a path with parameters, with or without its trailing slash', async () => {
    for (const url of [
      '/api/establishment/11111111-1111-1111-1111-111111111111/groups',
      '/api/establishment/11111111-1111-1111-1111-111111111111/groups/',
    ]) {
      const response = await t.app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(405);
      expect(response.headers.allow, url).toBe('GET, HEAD');
      expectErrorBody(response, 'MethodNotAllowed');
    }
  });

  it('is a 405 on the pages, which take GET and HEAD', async () => {
    for (const url of ['/', `/restaurant/${encodeURIComponent(restaurantUri)}`, '/espace-restaurateur']) {
      const response = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(response.statusCode, url).toBe(405);
      expect(response.headers.allow, url).toBe('GET, HEAD');
      expectErrorBody(response, 'MethodNotAllowed');
    }
  });

  it('stays a 404 where no route has the path', async () => {
    for (const [method, url] of [
      ['DELETE', '/api/nulle-part'],
      ['PUT', '/nulle/part'],
      ['POST', '/api/establishment/11111111-1111-1111-1111-111111111111/inconnu'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.allow, url).toBeUndefined();
      expectErrorBody(response, 'NotFound');
    }
  });
});

describe('cross-origin reads', () => {
  const origin = { origin: 'https://carte.exemple.fr' };
  const CORS_HEADERS = /^access-control-/;
  const corsHeadersOf = (response: LightMyRequestResponse) =>
    Object.keys(response.headers).filter((name) => CORS_HEADERS.test(name));

  it('lets any origin read the public reads, without credentials', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Comptoir Ouvert', town: 'Lyon' });
    const reads = [
      { method: 'GET', url: '/api/establishments/' },
      { method: 'GET', url: '/api/establishments?page=1&perPage=2' },
      { method: 'GET', url: '/api/groups/' },
      { method: 'GET', url: `/establishment/${place.id}/public` },
      { method: 'GET', url: '/api/categories/search?searchTerm=cr' },
      { method: 'GET', url: '/api/categories/' },
      { method: 'HEAD', url: '/api/groups/' },
      {
        method: 'POST',
        url: '/menuboards/surrounding',
        payload: {
          categories: [],
          northEast: { latitude: 46, longitude: 5 },
          southWest: { latitude: 45, longitude: 4 },
        },
      },
    ] as const;
    for (const read of reads) {
      const response = await t.app.inject({ ...read, headers: origin });
      expect(response.statusCode, read.url).toBe(200);
      expect(response.headers['access-control-allow-origin'], read.url).toBe('*');
      expect(response.headers['access-control-allow-credentials'], read.url).toBeUndefined();
    }
    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/establishments?page=1&perPage=2',
      headers: origin,
    });
    expect(paged.headers['access-control-expose-headers']).toContain('X-Total-Count');
  });

  it('answers the preflight of a public read', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/menuboards/surrounding',
      headers: {
        ...origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('POST');
    expect(response.headers['access-control-allow-headers']).toBe('content-type');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/categories/category/11111111-1111-1111-1111-111111111111',
      headers: { ...origin, 'access-control-request-method': 'GET' },
    });
    expect(read.statusCode).toBe(204);
    expect(read.headers['access-control-allow-methods']).toBe('GET, HEAD');
  });

  it('lists OPTIONS among the methods of a public read', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/groups/' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('gives the places search and the open data files the same, by their paths', async () => {
    for (const url of ['/api/places/search?q=lyon', '/api/open-data/establishments.csv']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { ...origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode, url).toBe(204);
      expect(preflight.headers['access-control-allow-origin'], url).toBe('*');
    }
  });

  it('gives nothing else a CORS header, and refuses other preflights', async () => {
    const admin = await createAdminAccount(t);
    const others = [
      { method: 'GET', url: '/api/admins/', headers: { ...origin, ...admin.headers } },
      { method: 'GET', url: '/api/map/points?west=4&south=45&east=5&north=46&zoom=8', headers: origin },
      {
        method: 'POST',
        url: '/api/admin/sign-in',
        headers: origin,
        payload: { username: 'x', password: 'y' },
      },
      { method: 'GET', url: '/', headers: origin },
      { method: 'GET', url: '/manifest.webmanifest', headers: origin },
      { method: 'GET', url: '/api/nulle-part', headers: origin },
    ] as const;
    for (const request of others) {
      const response = await t.app.inject(request);
      expect(corsHeadersOf(response), request.url).toEqual([]);
      expect(String(response.headers.vary ?? ''), request.url).not.toMatch(/origin/i);
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admins/',
      headers: {
        ...origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(corsHeadersOf(preflight)).toEqual([]);
    expect(preflight.statusCode).toBe(405);
    expect(preflight.headers.allow).toBe('GET, HEAD');
    expectErrorBody(preflight, 'MethodNotAllowed');
    // A public path, but a method it does not take across origins: the preflight lists what it does take.
    const write = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/groups/',
      headers: { ...origin, 'access-control-request-method': 'DELETE' },
    });
    expect(write.headers['access-control-allow-methods']).toBe('GET, HEAD');
  });
});

describe('site files', () => {
  it('serves /favicon.ico, which browsers ask for by themselves, as a real icon', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const ico = response.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), then one entry per size, each a PNG.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico.readUInt8(6 + 16 * i));
    expect(sizes).toEqual([16, 32, 48]);
    const firstImage = ico.readUInt32LE(6 + 12);
    expect(ico.subarray(firstImage, firstImage + 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    const head = await t.app.inject({ method: 'HEAD', url: '/favicon.ico' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(response.headers['content-type']);
  });
});

/** One request written as it is on a real socket; the raw answer, once the server closed or answered. */
async function rawRequest(
  request: string | Buffer,
): Promise<{ status: number; headers: string; body: string }> {
  const address = t.app.server.address() as net.AddressInfo;
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(address.port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const headEnd = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (
        headEnd !== -1 &&
        length !== undefined &&
        Buffer.byteLength(received.slice(headEnd + 4)) >= Number(length)
      ) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('close', () => resolve(received));
    socket.on('error', (error) => (received === '' ? reject(error) : resolve(received)));
  });
  const headEnd = raw.indexOf('\r\n\r\n');
  return {
    status: Number(raw.slice(9, 12)),
    headers: raw.slice(0, headEnd),
    body: raw.slice(headEnd + 4),
  };
}

describe('requests refused before any route, on a real socket', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  function expectRawError(answer: { headers: string; body: string }, code: string) {
    expect(answer.headers).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    const body = ErrorBodySchema.parse(JSON.parse(answer.body));
    expect(body.code).toBe(code);
    return body;
  }

  it('answers headers too large with a 431 and the French error body', async () => {
    const answer = await rawRequest(
      `GET /api/groups/ HTTP/1.1\r\nHost: localhost\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    const body = expectRawError(answer, 'HeadersTooLarge');
    expect(body.message).toBe('Les en-têtes de la requête (cookies compris) sont trop volumineux.');
  });

  it('answers an address too long with a 414 and the French error body', async () => {
    const answer = await rawRequest(
      `GET /restaurant/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(answer.status).toBe(414);
    expect(expectRawError(answer, 'UriTooLong').message).toBe('L’adresse demandée est trop longue.');
  });

  it('answers a parameter over the router’s limit with a 414, on an API read outside /api too', async () => {
    for (const url of [`/api/establishment/${'x'.repeat(600)}`, `/establishment/${'x'.repeat(600)}/public`]) {
      const answer = await rawRequest(`GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer.status, url).toBe(414);
      expectRawError(answer, 'UriTooLong');
    }
  });

  it('answers a malformed request with a 400 and the French error body', async () => {
    const answer = await rawRequest('GET / HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(expectRawError(answer, 'ValidationError').message).toBe('La requête HTTP est mal formée.');
  });

  it('answers a body over the limit with a 413 and the French error body', async () => {
    const body = JSON.stringify({ categories: [], padding: 'x'.repeat(BODY_LIMIT) });
    const answer = await rawRequest(
      'POST /menuboards/surrounding HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(413);
    expect(expectRawError(answer, 'PayloadTooLarge').message).toBe('Le contenu envoyé est trop volumineux.');
  });

  it('answers a body over the limit sent in chunks, without a length, with the same 413', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = Array.from({ length: 20 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const answer = await rawRequest(
      'POST /menuboards/surrounding HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks}0\r\n\r\n`,
    );
    expect(answer.status).toBe(413);
    expectRawError(answer, 'PayloadTooLarge');
  });
});
