import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { startSmtp, type TestSmtp } from '../apps/api/test/smtp';
import {
  launchBrowser,
  newVisitorContext,
  settleAnimations,
  waitForRouter,
  watchPageErrors,
  type Browser,
  type Page,
  axeOn,
} from './support/browser';
import {
  findQuietEstablishment,
  linkNewOwner,
  newOwnerContext,
  type ListedEstablishment,
} from './support/owners';
import { callApi, startServer, type RunningServer } from './support/server';
import { newAdminContext } from './support/admins';
import { MAP_DESKTOP, readView } from './support/map';

/*
 * « Signaler une erreur » (issue 30): a visitor reports wrong hours from a phone, another one without
 * JavaScript; the owner is told by e-mail, without the reporter's address; an admin sees the count in the
 * back office's menu, resolves one and dismisses the other, and the establishment's history keeps both.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = MAP_DESKTOP;
const ADMIN = { username: 'equipe-signalements', password: 'Une pissaladière 2026' };
const OWNER = {
  email: `rose.${Date.now()}@signalements.example.fr`,
  password: 'Des navettes de Marseille 2026',
  firstName: 'Rose',
  lastName: 'Fabre',
};
const REPORTER = 'visiteur.attentif@exemple.fr';

let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;
let target: ListedEstablishment;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  target = await findQuietEstablishment(server.baseUrl);
  ({ adminToken } = await linkNewOwner({
    baseUrl: server.baseUrl,
    smtp,
    admin: ADMIN,
    owner: OWNER,
    establishmentId: target.id,
  }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function checkAxe(page: Page, screen: string) {
  await settleAnimations(page);
  const results = await axeOn(page).exclude('.maplibregl-canvas').analyze();
  expect(
    results.violations.map((v) => `${screen} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const openReports = async () =>
  (
    await fetch(`${server.baseUrl}/api/reports/?status=open&perPage=1`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })
  ).headers.get('x-total-count');

describe('reports', () => {
  it('a visitor reports wrong hours from a phone; the owner is told; an admin resolves it in the back office', async () => {
    const openBefore = Number(await openReports());
    const pageUrl = `${server.baseUrl}${establishmentPath(target.kind, target.uri)}`;

    // A visitor on a phone, from the page.
    const context = await newVisitorContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchPageErrors(page);
    await page.goto(pageUrl);
    await waitForRouter(page);
    await page.getByRole('link', { name: 'Signaler une erreur' }).click();
    await page.waitForURL(/\/signaler$/);
    await waitForRouter(page);
    await checkAxe(page, 'formulaire de signalement');
    // Sent without leaving the page: the thanks take the focus.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const form = page.getByRole('group', { name: 'Que faut-il corriger ?' });
    await form.getByRole('radio', { name: 'Horaires erronés' }).check();
    await page.getByLabel('Précisions').fill('Fermé le lundi midi depuis septembre.');
    await page.getByLabel('Votre e-mail (facultatif)').fill(REPORTER);
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await page.getByText('Merci, votre signalement a été transmis.').waitFor();
    await expect(
      page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Merci, votre signalement a été transmis.',
    );
    expect(errors()).toEqual([]);
    await context.close();

    // Another visitor, without JavaScript: « Autre » needs a few words; the values typed are kept.
    const plain = await newVisitorContext(browser, { viewport: DESKTOP, javaScriptEnabled: false });
    const form2 = await plain.newPage();
    form2.setDefaultTimeout(15_000);
    await form2.goto(`${pageUrl}/signaler`);
    await form2.getByRole('radio', { name: 'Autre' }).check();
    await form2.getByLabel('Votre e-mail (facultatif)').fill(REPORTER);
    await form2.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(form2.getByRole('alert').innerText()).resolves.toContain('n’a pas été envoyé');
    await expect(form2.getByLabel('Précisions').getAttribute('aria-invalid')).resolves.toBe('true');
    await form2.getByText('Dites-nous en quelques mots ce qui ne va pas.').first().waitFor();
    await expect(form2.getByLabel('Votre e-mail (facultatif)').inputValue()).resolves.toBe(REPORTER);
    await form2.getByLabel('Précisions').fill('Le restaurant a changé de nom.');
    await form2.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await form2.getByText('Merci, votre signalement a été transmis.').waitFor();
    await plain.close();
    await expect.poll(openReports).toBe(String(openBefore + 2));

    // The form opened directly on a desktop: the map beside it shows the place (it showed France, issue 49).
    const desk = await newVisitorContext(browser, { viewport: DESKTOP });
    const besideForm = await desk.newPage();
    await besideForm.goto(`${pageUrl}/signaler`);
    await expect
      .poll(async () => (await readView(besideForm)).zoom, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(14);
    const view = await readView(besideForm);
    expect(Math.abs(view.latitude - target.location.latitude)).toBeLessThan(0.01);
    expect(Math.abs(view.longitude - target.location.longitude)).toBeLessThan(0.01);
    await desk.close();

    // The owner is told, without the reporter's address.
    const mail = await smtp.waitFor(OWNER.email, (m) => /Signalement/.test(m.subject), 15_000);
    expect(mail.subject).toContain(target.name);
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(REPORTER);

    // The admin: the menu counts the open reports; one is resolved, the other dismissed.
    const adminContext = await newVisitorContext(browser, { viewport: DESKTOP });
    const admin = await adminContext.newPage();
    admin.setDefaultTimeout(15_000);
    const adminErrors = watchPageErrors(admin);
    await admin.goto(`${server.baseUrl}/admin/login`);
    await waitForRouter(admin);
    await admin.getByLabel('Nom d’utilisateur').fill(ADMIN.username);
    await admin.locator('input[name="password"]').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Connexion' }).click();
    const menu = admin.getByRole('menuitem', { name: /Signalements/ });
    await expect.poll(() => menu.textContent(), { timeout: 20_000 }).toContain(String(openBefore + 2));
    await menu.click();
    const rows = admin.locator('tbody tr').filter({ hasText: target.name });
    await expect.poll(() => rows.count()).toBe(2);
    await checkAxe(admin, 'signalements');
    const hours = rows.filter({ hasText: 'Horaires erronés' });
    await hours.getByRole('button', { name: 'Marquer corrigé' }).click();
    await expect.poll(() => menu.textContent()).toContain(String(openBefore + 1));
    const other = rows.filter({ hasText: 'Le restaurant a changé de nom.' });
    await other.getByRole('button', { name: 'Écarter' }).click();
    await expect.poll(openReports).toBe(String(openBefore));
    // « Tous » stays chosen and lists the handled ones; a click made by mistake is undone (issue 48).
    const state = admin.getByRole('combobox', { name: 'État' });
    await state.click();
    await admin.getByRole('option', { name: 'Tous' }).click();
    await expect.poll(() => state.textContent()).toBe('Tous');
    await expect.poll(() => rows.count()).toBe(2);
    await rows
      .filter({ hasText: 'Horaires erronés' })
      .getByRole('button', { name: /^Rouvrir/ })
      .click();
    await expect.poll(openReports).toBe(String(openBefore + 1));
    await rows
      .filter({ hasText: 'Horaires erronés' })
      .getByRole('button', { name: /^Marquer corrigé/ })
      .click();
    await expect.poll(openReports).toBe(String(openBefore));
    expect(adminErrors()).toEqual([]);
    await adminContext.close();

    // The visitor who left an address is told once, in words, though the hours report was resolved twice.
    const told = await smtp.waitFor(REPORTER, (m) => /page a été corrigée/.test(m.text), 15_000);
    expect(told.text).toContain('la page a été corrigée');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.filter((m) => m.to === REPORTER && /traité/.test(m.subject))).toHaveLength(2);

    // Both are in the establishment's history, told by whom.
    const history = await callApi<{ action: string; actor: { name: string | null } | null }[]>(
      server.baseUrl,
      'GET',
      `/api/establishment/${target.id}/history`,
      undefined,
      adminToken,
    );
    const reportEntries = history.filter((entry) => entry.action === 'report');
    expect(reportEntries).toHaveLength(4);
    expect(reportEntries.every((entry) => entry.actor?.name === ADMIN.username)).toBe(true);
  });

  it('the owner answers « C’est juste » with a line on a phone; the team’s queue and its reports screen show it', async () => {
    const created = await callApi<{ id: string }>(
      server.baseUrl,
      'POST',
      `/api/establishment/${target.id}/reports`,
      { reason: 'contact', message: 'Le numéro ne répond plus.' },
    );
    const context = await newOwnerContext(browser, server.baseUrl, OWNER, { viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/espace-restaurateur`);
    await waitForRouter(page);
    await page.getByRole('link', { name: 'Signalements' }).first().click();
    await page.getByRole('heading', { name: 'Signalements', level: 1 }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: 'Le numéro ne répond plus.' });
    await card.getByText('État : À traiter').waitFor();
    await checkAxe(page, 'signalements du restaurateur');
    await card.getByRole('button', { name: 'C’est juste' }).click();
    await card.getByRole('button', { name: 'Envoyer ma réponse' }).click();
    await card.getByText('Dites en une ligne pourquoi la page est juste.').waitFor();
    await card
      .getByLabel(/En une ligne, pourquoi la page est juste/)
      .fill('Le numéro est le bon, nous répondons de 10 h à 18 h.');
    await card.getByRole('button', { name: 'Envoyer ma réponse' }).click();
    await card.getByText(/Vous avez répondu «\sC’est juste\s»/).waitFor();
    expect(await card.innerText()).not.toContain(REPORTER);
    expect(errors()).toEqual([]);
    await context.close();

    const queue = await callApi<
      { id: string; ownerAnswer: { answer: string; note: string | null } | null }[]
    >(server.baseUrl, 'GET', '/api/reports/?status=open&perPage=100', undefined, adminToken);
    expect(queue.find((r) => r.id === created.id)?.ownerAnswer).toMatchObject({
      answer: 'disputed',
      note: 'Le numéro est le bon, nous répondons de 10 h à 18 h.',
    });

    // The team's reports screen, on a desktop: the answer in its column, with the owner's line.
    const desk = await newAdminContext(browser, server.baseUrl, ADMIN, { viewport: DESKTOP });
    const admin = await desk.newPage();
    admin.setDefaultTimeout(15_000);
    const adminErrors = watchPageErrors(admin);
    await admin.goto(`${server.baseUrl}/admin/reports`);
    const headers = admin.locator('thead th');
    await headers.filter({ hasText: 'Réponse du restaurateur' }).waitFor();
    const column = (await headers.allInnerTexts()).findIndex((h) => h.trim() === 'Réponse du restaurateur');
    const row = admin.locator('tbody tr').filter({ hasText: 'Le numéro ne répond plus.' });
    await expect
      .poll(() => row.locator('td').nth(column).innerText())
      .toMatch(/^C’est juste\n«\u00a0Le numéro est le bon, nous répondons de 10 h à 18 h\.\u00a0»\nle \d/);
    await checkAxe(admin, 'signalements avec une réponse');
    expect(adminErrors()).toEqual([]);
    await desk.close();
  });
});
