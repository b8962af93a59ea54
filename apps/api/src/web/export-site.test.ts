import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, TestClock, type TestApp } from '../../test/app';
import {
  createCategory,
  createEstablishment,
  createGroup,
  createMenuBoard,
  disableEstablishment,
} from '../../test/factories';
import { eq } from 'drizzle-orm';
import { establishments, groupMembers } from '../db/schema';
import { exportSite, pageBatchExporter, type PageFiles } from './export-site';
import { createPublicData, readAheadPublicPages, readPublicDataAsSnapshot } from './public-data';
import { parisDay } from '@tables-voisines/contract/paris-time';

// The app's clock, stopped at the file's start: today's board below is the server's, even past midnight.
const clock = new TestClock(new Date().toISOString());
let t: TestApp;
let outDir: string;
let atelierId: string;
const previous = process.env.IS_RR_BUILD_REQUEST;

beforeAll(async () => {
  // What `npm run export` sets: React Router then renders the SPA fallback for its build-time header.
  process.env.IS_RR_BUILD_REQUEST = 'yes';
  t = await createTestApp({
    serveWeb: true,
    clock: clock.now,
    env: { PUBLIC_URL: 'https://tables.example' },
  });
  const category = await createCategory(t.db, 'Plat du jour');
  const atelier = await createEstablishment(t.db, {
    name: "L'Atelier (Chez Toto)",
    town: 'Saint-Étienne',
    categoryIds: [category.id],
  });
  // A board of today and a group around the place: the page's every loader has something to say.
  await createMenuBoard(t.db, {
    establishmentId: atelier.id,
    date: parisDay(clock.now()),
    formulas: [
      { name: 'Formule du midi', priceCents: 1650, courses: [['plat', 'dessert']], description: null },
    ],
    items: [
      {
        name: 'Tarte aux pralines',
        priceCents: 650,
        course: 'dessert',
        categoryId: category.id,
        description: 'Pralines roses de Saint-Genis',
        allergens: ['gluten', 'eggs', 'milk', 'nuts'],
        diets: ['vegetarian'],
        homemade: true,
      },
    ],
  });
  atelierId = atelier.id;
  await createGroup(t.db, { name: 'Les Tables de la Loire', latitude: 45.764, longitude: 4.8357 });
  // And one far away that it joined by hand.
  const far = await createGroup(t.db, {
    name: 'Les Amis du Nord',
    latitude: 50.63,
    longitude: 3.06,
    radiusKm: 5,
  });
  await t.db.insert(groupMembers).values({ groupId: far.id, establishmentId: atelier.id });
  await createEstablishment(t.db, { name: 'Pourquoi Pas ?', town: 'Lyon', kind: 'remplisvert' });
  await createEstablishment(t.db, { name: 'Burger & Co, Frites', town: 'Strasbourg' });
  // An admin changed its address: the one on its posters must keep leading to it.
  const renamed = await createEstablishment(t.db, {
    name: 'Le Renommé',
    town: 'Lyon',
    uri: "l'ancien-nom-a-lyon",
  });
  await t.db
    .update(establishments)
    .set({ uri: 'le-renomme-a-lyon' })
    .where(eq(establishments.id, renamed.id));
  await disableEstablishment(t.db, (await createEstablishment(t.db, { name: 'Bar Fermé', town: 'Lyon' })).id);
  outDir = await mkdtemp(path.join(os.tmpdir(), 'tv-export-'));
});
afterAll(async () => {
  if (previous === undefined) delete process.env.IS_RR_BUILD_REQUEST;
  else process.env.IS_RR_BUILD_REQUEST = previous;
  await t.close();
  await rm(outDir, { recursive: true, force: true });
});

it('writes every public page under a safe file name, with the 404, the SPA fallback and the site files', async () => {
  const result = await exportSite(t.app, outDir);
  expect(result.pages).toBe(5);
  const read = (file: string) => readFile(path.join(outDir, file), 'utf8');

  expect(await read('restaurant/l_27atelier-_28chez-toto_29-a-saint-_C3_A9tienne.html')).toContain(
    'L&#x27;Atelier (Chez Toto)',
  );
  expect(await read('remplisvert/pourquoi-pas-_3F-a-lyon.html')).toContain('Pourquoi Pas ?');
  expect(existsSync(path.join(outDir, 'remplisvert/pourquoi-pas-_3F-a-lyon.data'))).toBe(true);
  expect(existsSync(path.join(outDir, 'restaurant/burger-_26-co_2C-frites-a-strasbourg.html'))).toBe(true);
  expect(existsSync(path.join(outDir, 'restaurant/bar-ferm_C3_A9-a-lyon.html'))).toBe(false);

  expect(await read('404.html')).toContain('Page introuvable');
  expect(await read('__spa-fallback.html')).toContain('Chargement en cours…');
  expect(await read('index.html')).toMatch(/^<!DOCTYPE html><html lang="fr">/);
  // Static files: a nonce in them would be every visitor's. The inline scripts are still there.
  for (const file of ['index.html', '404.html', '__spa-fallback.html']) {
    expect(await read(file)).toContain('<script');
    expect(await read(file)).not.toContain('nonce=');
  }
  expect(JSON.parse(await read('__manifest'))).toHaveProperty('restaurant');
  expect(await read('sitemap.xml')).toContain('https://tables.example/remplisvert/pourquoi-pas-%3F-a-lyon');
  expect(await read('robots.txt')).toContain('Sitemap: https://tables.example/sitemap.xml');
  expect(await read('favicon.svg')).toContain('<svg');

  const pages = JSON.parse(await read('pages.json')) as { path: string; file: string }[];
  expect(pages).toContainEqual({
    path: '/remplisvert/pourquoi-pas-%3F-a-lyon',
    file: 'remplisvert/pourquoi-pas-_3F-a-lyon.html',
  });
  for (const { file } of pages) expect(file).toMatch(/^[a-z0-9._A-F/~-]+$/);
  expect(await read('nginx-pages.conf')).toContain(
    '"/remplisvert/pourquoi-pas-?-a-lyon" /remplisvert/pourquoi-pas-_3F-a-lyon.html;',
  );
  expect(JSON.parse(await read('redirects.json'))).toEqual([
    { from: "/restaurant/l'ancien-nom-a-lyon", to: '/restaurant/le-renomme-a-lyon' },
    { from: "/remplisvert/l'ancien-nom-a-lyon", to: '/restaurant/le-renomme-a-lyon' },
  ]);
  const nginxRedirects = await read('nginx-redirects.conf');
  expect(nginxRedirects).toContain(`"/restaurant/l'ancien-nom-a-lyon" "/restaurant/le-renomme-a-lyon";`);
  expect(nginxRedirects).toContain(
    `"/restaurant/l'ancien-nom-a-lyon.data" "/restaurant/le-renomme-a-lyon.data";`,
  );
});

it("shares the establishments' pages with helper threads, which write the same files", async () => {
  // An in-process stand-in for export-cli's worker threads: it renders through the same app.
  const given: PageFiles[] = [];
  const exportPages = pageBatchExporter(t.app, outDir);
  const helper = {
    async exportPages(pages: PageFiles[]) {
      given.push(...pages);
      await exportPages(pages);
    },
  };
  const result = await exportSite(t.app, outDir, { helpers: [helper] });
  expect(result.pages).toBe(5);
  expect(given.length).toBeGreaterThan(0);
  const pages = JSON.parse(await readFile(path.join(outDir, 'pages.json'), 'utf8')) as { file: string }[];
  for (const { file } of pages) {
    expect(existsSync(path.join(outDir, file))).toBe(true);
    if (file !== 'index.html')
      expect(existsSync(path.join(outDir, file.replace(/\.html$/, '.data')))).toBe(true);
  }
  const first = given[0]!;
  expect(await readFile(path.join(outDir, first.file), 'utf8')).toMatch(/^<!DOCTYPE html><html lang="fr">/);
});

it('writes each page and its .data as the live server answers them (the .data byte for byte)', async () => {
  // Pages carry the time of their render: the same instant for the export and the live answers, the app's
  // (its clock's day is today's board's, so that it shows); `Date` is the web loader's clock (`renderedAt`).
  const frozen = clock.now();
  vi.useFakeTimers({ toFake: ['Date'], now: frozen });
  try {
    await exportSite(t.app, outDir);
    const pages = JSON.parse(await readFile(path.join(outDir, 'pages.json'), 'utf8')) as {
      path: string;
      file: string;
    }[];
    // Every page but one: the live answer carries a nonce of its own, the export's none (a nonce in a
    // static file would be every visitor's).
    const withoutNonce = (html: string) => html.replace(/ nonce="[^"]+"/g, '');
    const established = pages.filter((p) => p.path !== '/');
    expect(established).toHaveLength(4);
    for (const page of established) {
      const html = await t.app.inject({ method: 'GET', url: page.path });
      expect(html.statusCode).toBe(200);
      const exportedHtml = await readFile(path.join(outDir, page.file), 'utf8');
      expect(withoutNonce(exportedHtml)).toBe(withoutNonce(html.body));
      expect(html.body).toMatch(/ nonce="[^"]+"/);
      expect(exportedHtml).not.toContain('nonce=');

      const data = await t.app.inject({ method: 'GET', url: `${page.path}.data` });
      expect(data.statusCode).toBe(200);
      const exportedData = await readFile(path.join(outDir, page.file.replace(/\.html$/, '.data')));
      expect(exportedData.equals(data.rawPayload)).toBe(true);
    }
    const atelier = await readFile(
      path.join(outDir, 'restaurant/l_27atelier-_28chez-toto_29-a-saint-_C3_A9tienne.data'),
      'utf8',
    );
    expect(atelier).toContain('Tarte aux pralines');
    expect(atelier).toContain('Formule du midi');
    expect(atelier).toContain('Les Tables de la Loire');
    expect(atelier).toContain('Les Amis du Nord');
    expect(atelier).toContain(frozen.toISOString());
  } finally {
    vi.useRealTimers();
  }
});

it('gives the pages a board whose dishes say what is in them, read ahead as the export reads them', async () => {
  const tarte = {
    name: 'Tarte aux pralines',
    price: 6.5,
    description: 'Pralines roses de Saint-Genis',
    allergens: ['gluten', 'eggs', 'milk', 'nuts'],
    diets: ['vegetarian'],
    homemade: true,
    meatOrigin: null,
    course: 'dessert',
  };
  // Issue 54: the export's pages read the board's formules and courses as the live ones do.
  const formulas = [
    { name: 'Formule du midi', price: 16.5, courses: [['plat', 'dessert']], description: null },
  ];
  const live = await createPublicData(t.app.ctx).getTodayMenuBoard(atelierId);
  expect(live?.items).toEqual([expect.objectContaining(tarte)]);
  expect(live).toMatchObject({ formulas, fromPrice: 16.5 });
  const stop = readPublicDataAsSnapshot(t.app.ctx);
  try {
    await readAheadPublicPages(t.app.ctx, ["l'atelier-(chez-toto)-a-saint-étienne"]);
    const exported = await createPublicData(t.app.ctx).getTodayMenuBoard(atelierId);
    expect(exported?.items).toEqual([expect.objectContaining(tarte)]);
    expect(exported).toMatchObject({ formulas, fromPrice: 16.5 });
  } finally {
    stop();
  }
});
