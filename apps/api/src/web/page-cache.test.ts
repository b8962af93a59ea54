import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createEstablishment, disableEstablishment } from '../../test/factories';
import { establishments } from '../db/schema';
import { DataVersion } from '../lib/data-version';
import { PageCache } from './page-cache';

describe('PageCache', () => {
  it('forgets every page when the data version changes', () => {
    const version = new DataVersion();
    const cache = new PageCache(version);
    cache.set('/a', [], Buffer.from('A'));
    expect(cache.get('/a')?.body.toString()).toBe('A');
    version.bump();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.close();
  });

  it('keys pages by the day in Paris: today’s menu boards change at midnight', () => {
    let now = new Date('2025-11-21T22:59:00Z');
    const cache = new PageCache(new DataVersion(), { now: () => now, ttlMs: 86_400_000 });
    cache.set('/a', [], Buffer.from('A'));
    expect(cache.get('/a')).toBeDefined();
    now = new Date('2025-11-21T23:01:00Z');
    expect(cache.get('/a')).toBeUndefined();
    cache.close();
  });
});

describe('rendered pages behind the cache', () => {
  let t: TestApp;
  let id: string;
  const path = "/restaurant/l'atelier-(chez-toto)-a-saint-%C3%A9tienne";

  beforeAll(async () => {
    t = await createTestApp({ serveWeb: true });
    id = (await createEstablishment(t.db, { name: "L'Atelier (Chez Toto)", town: 'Saint-Étienne' })).id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('renders a page once, then answers it from memory with revalidation headers', async () => {
    const first = await get(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(first.body).toContain('L&#x27;Atelier (Chez Toto)');
    const second = await get(path);
    expect(second.headers['x-page-cache']).toBe('hit');
    // The same page, each answer with its own Content-Security-Policy nonce.
    const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, '');
    expect(withoutNonce(second.body)).toBe(withoutNonce(first.body));
    expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
    const notModified = await get(path, { 'if-none-match': String(second.headers.etag) });
    expect(notModified.statusCode).toBe(304);
  });

  it('sends the cached page compressed in the encoding the browser takes, with its own nonce', async () => {
    const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, '');
    const plain = await get(path);
    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['x-page-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const brHtml = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(withoutNonce(brHtml)).toBe(withoutNonce(plain.body));
    expect(br.headers['content-security-policy']).not.toBe(plain.headers['content-security-policy']);
    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(withoutNonce(zlib.gunzipSync(gzip.rawPayload).toString())).toBe(withoutNonce(plain.body));
  });

  it('shows an edit at once after the data version is bumped', async () => {
    await get(path);
    await t.db
      .update(establishments)
      .set({ description: 'Nouvelle carte d’automne' })
      .where(eq(establishments.id, id));
    expect((await get(path)).body).not.toContain('Nouvelle carte d’automne');
    t.app.ctx.dataVersion.bump();
    const fresh = await get(path);
    expect(fresh.headers['x-page-cache']).toBe('miss');
    expect(fresh.body).toContain('Nouvelle carte d’automne');
  });

  it('never caches a request with a query string or an answer other than 200', async () => {
    expect((await get(`${path}?utm_source=x`)).headers['x-page-cache']).toBeUndefined();
    const missing = await get('/restaurant/inconnu-a-nulle-part');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-page-cache']).toBeUndefined();
  });

  it('matches the uri whatever its percent-encoding, and answers 404 once disabled', async () => {
    for (const variant of [
      "/restaurant/l'atelier-(chez-toto)-a-saint-étienne",
      '/restaurant/l%27atelier-%28chez-toto%29-a-saint-%C3%A9tienne',
      // Decomposed accent (NFD), as some systems send it.
      `/restaurant/${encodeURIComponent("l'atelier-(chez-toto)-a-saint-e\u0301tienne")}`,
    ]) {
      const response = await get(variant);
      expect(response.statusCode, variant).toBe(200);
      expect(response.body).toContain('<link rel="canonical"');
    }
    // Under the other kind (a poster printed before an admin changed it): to the page's own address.
    const otherKind = await get("/remplisvert/l'atelier-(chez-toto)-a-saint-%C3%A9tienne");
    expect(otherKind.statusCode).toBe(301);
    expect(otherKind.headers.location).toBe(path);
    await disableEstablishment(t.db, id);
    t.app.ctx.dataVersion.bump();
    const disabled = await get(path);
    expect(disabled.statusCode).toBe(404);
    expect(disabled.body).toContain('Page introuvable');
  });

  it('redirects the id form of the address to the page’s own address', async () => {
    const other = await createEstablishment(t.db, { name: 'Pourquoi Pas ?', town: 'Lyon' });
    t.app.ctx.dataVersion.bump();
    const response = await get(`/restaurant/${other.id}`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/restaurant/pourquoi-pas-%3F-a-lyon');
    expect((await get('/restaurant/pourquoi-pas-%3F-a-lyon')).statusCode).toBe(200);
  });
});
