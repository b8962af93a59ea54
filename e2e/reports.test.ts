import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import {
  launchBrowser,
  newVisitorContext,
  settleAnimations,
  waitForRouter,
  watchPageErrors,
  type Browser,
  type Page,
} from './support/browser';
import { startServer, type RunningServer } from './support/server';

/*
 * « Signaler une erreur », end to end against the real `npm start`: a visitor reports a wrong page from
 * its link, without JavaScript and with it; an admin sees the count in the menu, marks the report
 * corrected, and the establishment's history says so. axe checks the form and the list.
 */

const ADMIN = { username: 'chef-signalements', password: 'Blanquette-du-jeudi-2026' };
const BAD_REQUEST =
  'console: Failed to load resource: the server responded with a status of 400 (Bad Request)';

let server: RunningServer;
let browser: Browser;
let place: { id: string; kind: 'restaurant' | 'remplisvert'; uri: string; name: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // Each visitor context says its own address through a trusted proxy: the limit is per address.
    startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true' }),
    launchBrowser(),
  ]);
  const list = (await (await fetch(`${server.baseUrl}/api/establishments/`)).json()) as (typeof place)[];
  place = list.find((e) => /^[a-z-]+$/.test(e.uri))!;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkAxe(page: Page, screen: string) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).exclude('.maplibregl-canvas').analyze();
  expect(
    results.violations.map((v) => `${screen} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

describe('a visitor reports an error and an admin resolves it', () => {
  it('reports without JavaScript: errors beside their fields, then the thanks', async () => {
    const context = await newVisitorContext(browser, {
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.21' },
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${establishmentPath(place.kind, place.uri)}`);
    await page.getByRole('link', { name: 'Signaler une erreur' }).click();
    await page.getByRole('group', { name: 'Que faut-il corriger ?' }).waitFor();
    await page.getByLabel('Autre').check();
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toContain('n’a pas été envoyé');
    const message = page.getByLabel('Précisions');
    await expect(message.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#signalement-precisions-erreur').innerText()).resolves.toBe(
      'Dites-nous en quelques mots ce qui ne va pas.',
    );
    await expect(page.getByLabel('Autre').isChecked()).resolves.toBe(true);
    await message.fill('La terrasse est fermée pour travaux jusqu’en mars.');
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await page.getByText('Merci, votre signalement a été transmis.').waitFor();
    await context.close();
  });

  it('reports with JavaScript without reloading, the focus on the thanks', async () => {
    const context = await newVisitorContext(browser, {
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.22' },
    });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}${establishmentPath(place.kind, place.uri)}/signaler`);
    await waitForRouter(page);
    await checkAxe(page, 'formulaire de signalement');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByLabel('Horaires erronés').check();
    await page.getByLabel('Précisions').fill('Fermé le lundi midi depuis la rentrée.');
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await page.getByText('Merci, votre signalement a été transmis.').waitFor();
    await expect(
      page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Merci, votre signalement a été transmis.',
    );
    expect(errors().filter((e) => e !== BAD_REQUEST)).toEqual([]);
    await context.close();
  });

  it('shows the count in the menu; the admin marks a report corrected and the history says so', async () => {
    const context = await newVisitorContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/admin/login`);
    await waitForRouter(page);
    await page.getByLabel('Nom d’utilisateur').fill(ADMIN.username);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Connexion' }).click();
    // The demo's three open reports and the two just sent.
    const menu = page.getByRole('menuitem', { name: 'Signalements (5 à traiter)' });
    await menu.waitFor({ timeout: 30_000 });
    await menu.click();
    await page.getByRole('columnheader', { name: 'Reçu le' }).waitFor();
    const row = page.locator('tbody tr', { hasText: 'Fermé le lundi midi depuis la rentrée.' });
    await expect(row.innerText()).resolves.toContain('Horaires erronés');
    await checkAxe(page, 'signalements');
    await row.getByRole('button', { name: `Marquer corrigé : Horaires erronés — ${place.name}` }).click();
    await page.getByText('Signalement marqué corrigé.').waitFor();
    await page.getByRole('menuitem', { name: 'Signalements (4 à traiter)' }).waitFor();
    await expect(row.count()).resolves.toBe(0);

    const signedIn = (await (
      await fetch(`${server.baseUrl}/api/admin/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).json()) as { authentication: { token: string } };
    const history = await fetch(`${server.baseUrl}/api/establishment/${place.id}/history`, {
      headers: { authorization: `Bearer ${signedIn.authentication.token}` },
    });
    const entries = (await history.json()) as { action: string; changes: unknown[] }[];
    expect(entries.find((e) => e.action === 'report')?.changes).toEqual([
      {
        field: 'report',
        from: { status: 'open', reason: 'hours' },
        to: { status: 'resolved', reason: 'hours' },
      },
    ]);
    expect(errors()).toEqual([]);
    await context.close();
  });
});
