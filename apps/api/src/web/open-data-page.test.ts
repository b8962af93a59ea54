import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';
import { createTestApp, TestClock, type TestApp } from '../../test/app';
import { createCategory, createEstablishment, createMenuBoard } from '../../test/factories';
import { webBuildDir } from '../paths';

/*
 * « Données ouvertes » as a browser without JavaScript reads it: the three files linked, their licence, what
 * each holds today and the date of the data, linked from the header and the contact page.
 */

let t: TestApp;
const clock = new TestClock('2026-12-03T10:00:00+01:00');
beforeAll(async () => {
  expect(existsSync(path.join(webBuildDir, 'server', 'index.js')), 'run `npm run build` first').toBe(true);
  t = await createTestApp({ serveWeb: true, clock: clock.now });
  const plats = (await createCategory(t.db, 'Plats')).id;
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '12:00', closes: '14:00' }));
  const today = parisDay(clock.now());
  for (const name of ['Chez Lulu', 'Le Zinc']) {
    const place = await createEstablishment(t.db, {
      name,
      openingHours: everyDay,
      updatedAt: new Date('2026-12-02T15:00:00Z'),
    });
    await createMenuBoard(t.db, {
      establishmentId: place.id,
      date: today,
      items: [{ name: `Plat de ${name}`, priceCents: 1200, categoryId: plats }],
    });
    await createMenuBoard(t.db, {
      establishmentId: place.id,
      date: addDays(today, 1),
      items: [{ name: 'Demain', priceCents: 1200, categoryId: plats }],
    });
  }
  await createEstablishment(t.db, { name: 'Le Caché', disabled: true });
  t.app.ctx.dataVersion.bump();
});
afterAll(() => t.close());

describe('the open data page', () => {
  it('links the three files under their licence, with their sizes and the date of their data', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/donnees-ouvertes' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Données ouvertes — ');
    for (const file of ['establishments.geojson', 'establishments.csv', 'menus.csv']) {
      expect(page.body).toContain(`href="/api/open-data/${file}"`);
    }
    expect(page.body).toMatch(
      /<a href="https:\/\/www\.etalab\.gouv\.fr\/licence-ouverte-open-licence\/"[^>]*>Licence Ouverte 2\.0/,
    );
    expect(page.body).toContain('2 établissements en points');
    expect(page.body).toContain('2 plats du jeudi 3 décembre');
    expect(page.body).toContain('la dernière date du mercredi 2 décembre');
    expect(page.body).toMatch(/<a [^>]*href="\/donnees-ouvertes"[^>]*>Données ouvertes<\/a>/);
    const contact = await t.app.inject({ method: 'GET', url: '/contact' });
    expect(contact.body).toMatch(/<a [^>]*href="\/donnees-ouvertes"[^>]*>données ouvertes<\/a>/);
  });
});
