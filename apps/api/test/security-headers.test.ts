import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildDir } from '../src/paths';
import { createAdminAccount, TEST_PASSWORD } from './accounts';
import { createTestApp, type TestApp } from './app';
import { queryRows } from './fuzz/contract-fuzz';
import { tinyPng } from './images';

// The headers every answer carries (@fastify/helmet), the page's nonce, HSTS only over HTTPS, CORS closed
// but for the public reads (test/http-details.test.ts).

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  expect(existsSync(path.join(webBuildDir, 'server', 'index.js')), 'run `npm run build` first').toBe(true);
  t = await createTestApp({ serveWeb: true, data: 'demo' });
  proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const directives = (csp: string | undefined) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...values]) => [name!, values]),
  );

/** Every inline `<script>` of a page (no `src`) with its nonce attribute. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => /nonce="([^"]*)"/.exec(m[1]!)?.[1]);

describe('the base map in the Content-Security-Policy', () => {
  const connectSrc = async (env: Record<string, string>) => {
    const app = await createTestApp({ env });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/healthz' });
      const csp = directives(response.headers['content-security-policy'] as string);
      return { connect: csp.get('connect-src'), img: csp.get('img-src'), font: csp.get('font-src') };
    } finally {
      await app.close();
    }
  };

  it('lists exactly the national plan’s host by default, nothing offline, any https host for another style', async () => {
    const byDefault = await connectSrc({ MAP_STYLE: 'public' });
    expect(byDefault.connect).toEqual(["'self'", 'https://data.geopf.fr']);
    expect(byDefault.img).toContain('https://data.geopf.fr');
    expect(byDefault.img).not.toContain('https:');
    expect(byDefault.font).toContain('https://data.geopf.fr');
    expect((await connectSrc({ MAP_STYLE: 'offline' })).connect).toEqual(["'self'"]);
    const local = await connectSrc({
      MAP_STYLE: 'public',
      MAP_STYLE_URL: 'http://127.0.0.1:8099/style.json',
    });
    expect(local.connect).toEqual(["'self'", 'https:', 'http://127.0.0.1:8099']);
  });
});

describe('security headers', () => {
  it('gives a page a strict policy: scripts from this origin and the nonce only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy'] as string);
    const scriptSrc = csp.get('script-src')!;
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);

    const scripts = inlineScripts(response.body);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((n) => n === nonce)).toBe(true);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('never answers two pages with the same nonce, cached or not', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/', '/', '/nulle/part', '/?q=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      const nonce = /'nonce-([^']+)'/.exec(response.headers['content-security-policy'] as string)![1]!;
      expect(seen.has(nonce)).toBe(false);
      seen.add(nonce);
      const scripts = inlineScripts(response.body);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.every((n) => n === nonce)).toBe(true);
    }
  });

  it('sends no new policy with a 304, so the kept page keeps the nonce it came with', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
  });

  it('puts the same headers on API answers and errors', async () => {
    for (const url of ['/api/establishments', '/api/nulle-part', '/readyz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('lets only the embedded map be framed, by any site, with the rest of its policy kept', async () => {
    const groups = (await t.app.inject({ method: 'GET', url: '/api/groups/' })).json() as {
      id: string;
      name: string;
    }[];
    const group = groups[0]!;
    for (const url of [
      `/integrer/carte?groupe=${group.id}`,
      '/integrer/carte',
      '/integrer/carte/?ville=Lyon',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp.get('frame-ancestors'), url).toEqual(['*']);
      expect(csp.get('script-src'), url).toContain("'self'");
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const embedded = await t.app.inject({ method: 'GET', url: `/integrer/carte?groupe=${group.id}` });
    // The group named from the first paint, without the site's header.
    expect(embedded.body).toContain(`Carte des membres de ${group.name}`);
    expect(embedded.body).not.toMatch(/<header[ >]/);

    const [place] = (await t.app.inject({ method: 'GET', url: '/api/establishments/' })).json() as {
      kind: string;
      uri: string;
    }[];
    const others = [
      '/',
      `/${place!.kind}/${encodeURIComponent(place!.uri)}`,
      '/contact',
      '/integrer/carte/x',
    ];
    for (const url of [...others, '/api/groups/', '/INTEGRER/CARTE']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(
        directives(response.headers['content-security-policy'] as string).get('frame-ancestors'),
        url,
      ).toEqual(["'none'"]);
    }
  });

  it('says so in the frame for an unknown group, rather than failing', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-identifiant']) {
      const response = await t.app.inject({ method: 'GET', url: `/integrer/carte?groupe=${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Ce collectif n’existe pas ou n’existe plus.');
      expect(response.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('keeps CORS closed beyond the public reads: no Access-Control header for another origin, preflight included', async () => {
    const origin = { origin: 'https://malveillant.example' };
    const get = await t.app.inject({ method: 'GET', url: '/api/admins/', headers: origin });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/establishment',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('sends HSTS only over HTTPS: behind a trusted proxy saying so, never over plain HTTP', async () => {
    const https = await proxied.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await proxied.app.inject({ method: 'GET', url: '/healthz' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim HTTPS.
    const untrusted = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('uploaded files and secrets at rest', () => {
  it('serves a photo with its image type, nosniff and a policy that runs nothing', async () => {
    const file = `${randomUUID()}.png`;
    await mkdir(path.join(t.config.dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(t.config.dataDir, 'uploads', file), await tinyPng());
    const response = await t.app.inject({ method: 'GET', url: `/media/${file}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("script-src-attr 'none'");
    // Nothing but photo names: no way out of the uploads folder.
    for (const name of ['..%2F..%2Fsecrets.json', '%2e%2e%2fdb.lock', 'x.svg', `${file}.html`]) {
      expect((await t.app.inject({ method: 'GET', url: `/media/${name}` })).statusCode).toBe(404);
    }
  });

  it('keeps only a hash of long-life tokens: the secret answered is nowhere in the database', async () => {
    const admin = await createAdminAccount(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sign-in',
      payload: { username: admin.username, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const { longLifeToken } = response.json().authentication as { longLifeToken: string };
    expect(longLifeToken.length).toBeGreaterThanOrEqual(32);
    const tables = await queryRows<{ tablename: string }>(
      t.db,
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    let found = 0;
    let scanned = 0;
    for (const { tablename } of tables) {
      const rows = await queryRows<{ row: string }>(
        t.db,
        sql`select row_to_json(t)::text as row from ${sql.identifier(tablename)} t`,
      );
      scanned += rows.length;
      found += rows.filter((r) => r.row.includes(longLifeToken)).length;
    }
    expect(scanned).toBeGreaterThan(0);
    expect(found).toBe(0);
    // The stored hash still signs in once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sign-in',
      payload: { token: longLifeToken },
    });
    expect(again.statusCode).toBe(200);
  });
});
