import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment, disableEstablishment } from '../../../test/factories';
import { buildSitemapFiles } from './sitemap';
import { siteRoutes } from './site.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://tables.example' } });
  await createEstablishment(t.db, { name: "L'Atelier (Chez Toto)", town: 'Saint-Étienne' });
  await createEstablishment(t.db, { name: 'Pourquoi Pas ?', town: 'Lyon', kind: 'remplisvert' });
  await createEstablishment(t.db, { name: 'Burger & Co', town: 'Strasbourg' });
  await disableEstablishment(t.db, (await createEstablishment(t.db, { name: 'Bar Fermé', town: 'Lyon' })).id);
});
afterAll(() => t.close());

describe('GET /sitemap.xml', () => {
  it('lists the home page and every enabled establishment page, escaped', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://tables.example/',
      'https://tables.example/restaurant/burger-%26-co-a-strasbourg',
      'https://tables.example/restaurant/l&apos;atelier-(chez-toto)-a-saint-%C3%A9tienne',
      'https://tables.example/remplisvert/pourquoi-pas-%3F-a-lyon',
    ]);
    expect(response.body).not.toContain('bar-ferm');
  });

  it('becomes an index of numbered files past the limit', async () => {
    const app = Fastify();
    app.decorate('ctx', t.app.ctx);
    await app.register(siteRoutes, { sitemapUrlLimit: 2 });
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex');
    expect([...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://tables.example/sitemap-1.xml',
      'https://tables.example/sitemap-2.xml',
    ]);
    const second = await app.inject({ method: 'GET', url: '/sitemap-2.xml' });
    expect(second.statusCode).toBe(200);
    expect(second.body.match(/<url>/g)).toHaveLength(2);
    expect((await app.inject({ method: 'GET', url: '/sitemap-3.xml' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('buildSitemapFiles', () => {
  it('splits past the limit, each file at most the limit', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ loc: `https://x.fr/${i}` }));
    const files = buildSitemapFiles('https://x.fr', entries, 2);
    expect([...files.keys()]).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    expect(files.get('sitemap-3.xml')!.match(/<url>/g)).toHaveLength(1);
    expect([...buildSitemapFiles('https://x.fr', entries, 5).keys()]).toEqual(['sitemap.xml']);
  });
});

it('answers robots.txt with the sitemap and the private areas left out', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/plain/);
  expect(response.body).toContain('Sitemap: https://tables.example/sitemap.xml');
  expect(response.body).toContain('Disallow: /admin');
});
