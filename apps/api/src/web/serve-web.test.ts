import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { webBuildDir } from '../paths';
import { pageBodies } from './serve-web';

let t: TestApp;
beforeAll(async () => {
  // `npm test` builds the site first (pretest); a missing build is a failure, never a skip.
  expect(existsSync(path.join(webBuildDir, 'server', 'index.js')), 'run `npm run build` first').toBe(true);
  t = await createTestApp({ serveWeb: true });
});
afterAll(() => t.close());

describe('the web site served by the API process', () => {
  it('renders the home page in French on the server', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toMatch(/^<!DOCTYPE html><html lang="fr">/);
    expect(response.body).toContain('Tables Voisines');
  });

  it('writes the loaders’ data whole in the page for hydration, the same as the page’s .data', async () => {
    const decode = async (text: string) =>
      (await decodeTurboStream(new Blob([text]).stream(), globalThis)).value as Record<string, unknown>;
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const enqueued = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)];
    expect(enqueued).toHaveLength(1);
    expect(html).toContain('window.__reactRouterContext.streamController.close();');
    const inPage = (await decode(JSON.parse(enqueued[0]![1]!) as string)) as {
      loaderData: Record<string, unknown>;
    };
    const data = await decode((await t.app.inject({ method: 'GET', url: '/_.data' })).body);
    expect(Object.keys(inPage.loaderData).length).toBeGreaterThan(0);
    for (const [routeId, loaded] of Object.entries(inPage.loaderData)) {
      expect(data[routeId]).toEqual({ data: loaded });
    }
  });

  it('answers an unknown page with the French 404 page and a real 404 status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nulle/part' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page introuvable');
    expect(response.body).toContain('<html lang="fr">');
  });

  it('writes the site stylesheet in each page, from the cache too, each answer with its own nonce', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const href = /<style data-precedence="default" data-href="(\/assets\/site-[\w-]+\.css)">/.exec(html)?.[1];
    expect(href).toBeDefined();
    const stylesheet = (await t.app.inject({ method: 'GET', url: href! })).body;
    expect(stylesheet).toContain('@font-face');
    const [first, second] = [
      await t.app.inject({ method: 'GET', url: '/page-qui-n-existe-pas-mais-en-cache' }),
      await t.app.inject({ method: 'GET', url: '/' }),
    ];
    expect(first.statusCode).toBe(404);
    for (const answer of [first, second]) {
      expect(answer.body).toContain(`data-href="${href}">${stylesheet}</style>`);
    }
    expect(second.headers['x-page-cache']).toBe('hit');
    const nonces = [html, second.body].map((body) => /nonce="([^"]+)"/.exec(body)?.[1]);
    expect(nonces[0]).toBeDefined();
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('keeps the stylesheet once, not in every cached page, and puts it back when sending one', () => {
    const stylesheet = `${'p{margin:0 0 1em}'.repeat(20)}/* $& $1 */`;
    const page = Buffer.from(`<head><style data-href="/a.css">${stylesheet}</style></head><p>Été</p>`);
    const bodies = pageBodies(stylesheet);
    const cached = bodies.forCache(page);
    expect(cached.toString()).not.toContain(stylesheet);
    expect(cached.length).toBeLessThan(page.length);
    expect(bodies.forAnswer(cached, 'n0nce').toString()).toBe(page.toString());
    expect(pageBodies(null).forCache(page)).toBe(page);
  });

  it('keeps unknown API paths as JSON 404s, never the HTML page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nulle-part' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NotFound');
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const asset = /(\/assets\/[^"]+\.js)/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await t.app.inject({ method: 'GET', url: asset! });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the Brotli or gzip copy of an asset the browser accepts, the same bytes once decoded', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const script = /(\/assets\/entry\.client-[^"]+\.js)/.exec(html)?.[1];
    const stylesheet = /(\/assets\/[^"]+\.css)/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(stylesheet).toBeDefined();
    for (const url of [script!, stylesheet!, '/map/land.json']) {
      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const br = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe(plain.headers['content-type']);
      expect(br.headers['cache-control']).toBe(plain.headers['cache-control']);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('keeps the service worker revalidated on every visit, compressed or not', async () => {
    for (const encoding of ['identity', 'gzip, br']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/sw.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });
});
