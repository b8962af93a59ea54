import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { startSmtp, type TestSmtp } from '../apps/api/test/smtp';
import {
  launchBrowser,
  newVisitorContext,
  waitForRouter,
  watchPageErrors,
  type Browser,
  type Page,
} from './support/browser';
import { MAP_DESKTOP, openMapPage } from './support/map';
import { findQuietEstablishment, linkNewOwner, type ListedEstablishment } from './support/owners';
import { callApi, startServer, type RunningServer } from './support/server';

/*
 * Dishes that say what is in them (issue 29): an owner publishes a board from a phone with allergens, a diet
 * and fait maison; the visitor reads them on the page, then filters the map « Sans gluten » and sees which dish
 * of the board passes. Its own owner, made through the API, so the journey runs alone.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = MAP_DESKTOP;
const ADMIN = { username: 'equipe-plats', password: 'Une soupe au pistou 2026' };
const OWNER = { email: `margot.${Date.now()}@lentilles.example.fr`, password: 'Des lentilles du Puy 2026' };

let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;
let target: ListedEstablishment;

beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  target = await findQuietEstablishment(server.baseUrl);
  const owner = { ...OWNER, firstName: 'Margot', lastName: 'Vidal' };
  await linkNewOwner({ baseUrl: server.baseUrl, smtp, admin: ADMIN, owner, establishmentId: target.id });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Fills dish `n` of the owner's board: name, price in French, the first or second category. */
async function fillDish(page: Page, n: number, name: string, price: string, category: number) {
  const dish = page.getByRole('group', { name: `Plat ${n}`, exact: true });
  await dish.getByLabel('Nom du plat').fill(name);
  await dish.getByLabel('Prix (€)').fill(price);
  await dish.getByLabel('Catégorie').click();
  await page.getByRole('option').nth(category).click();
  return dish;
}

describe('dishes that say what is in them', () => {
  it('an owner publishes allergens from a phone; a visitor reads them and filters the map « Sans gluten »', async () => {
    // The owner, on a phone.
    const ownerContext = await newVisitorContext(browser, { viewport: PHONE });
    const owner = await ownerContext.newPage();
    owner.setDefaultTimeout(15_000);
    const ownerErrors = watchPageErrors(owner);
    await owner.goto(`${server.baseUrl}/espace-restaurateur/connexion`);
    await waitForRouter(owner);
    await owner.getByLabel('Adresse e-mail').fill(OWNER.email);
    await owner.getByLabel(/^Mot de passe/).fill(OWNER.password);
    await owner.getByRole('button', { name: 'Se connecter' }).click();
    await owner.getByRole('link', { name: 'Ardoise du jour' }).first().click();
    await owner.waitForURL(/\/ardoise$/);
    await owner.getByText('Pas d’ardoise en ligne aujourd’hui').waitFor();

    // A salad with mustard, vegan and fait maison; a tart with gluten, milk and eggs; a dish not stated.
    const salad = await fillDish(owner, 1, 'Salade de lentilles vertes', '9,50', 0);
    await salad.getByRole('button', { name: /Allergènes et détails/ }).click();
    await salad.getByLabel('Description (facultative)').fill('Lentilles du Puy, échalote, persil');
    await salad.getByRole('checkbox', { name: 'Moutarde' }).check();
    await salad.getByRole('checkbox', { name: 'Végan' }).check();
    // A vegan dish is vegetarian too.
    await expect(salad.getByRole('checkbox', { name: 'Végétarien' }).isChecked()).resolves.toBe(true);
    await salad.getByRole('checkbox', { name: 'Fait maison' }).check();

    const tart = await fillDish(owner, 2, 'Tarte fine aux pommes', '6', 1);
    await tart.getByRole('button', { name: /Allergènes et détails/ }).click();
    for (const allergen of ['Gluten', 'Lait', 'Œufs']) {
      await tart.getByRole('checkbox', { name: allergen, exact: true }).check();
    }
    // Closed, the details say themselves on one line.
    await tart.getByRole('button', { name: /Allergènes et détails/ }).click();
    await expect(tart.getByText(/Allergènes : gluten, œufs, lait/).count()).resolves.toBeGreaterThan(0);

    await fillDish(owner, 3, 'Plat du marché', '12', 0);
    await owner.getByRole('button', { name: 'Publier l’ardoise' }).click();
    await owner.getByText('Ardoise publiée : elle est en ligne sur votre page.').waitFor();

    // What the server keeps: every field, « not stated » apart from « none ».
    const board = await callApi<{
      items: {
        name: string;
        allergens: string[] | null;
        diets: string[];
        homemade: boolean;
        description: string | null;
      }[];
    }>(server.baseUrl, 'GET', `/api/establishment/${target.id}/menuboard`);
    expect(
      board.items.map(({ name, allergens, diets, homemade, description }) => ({
        name,
        allergens,
        diets,
        homemade,
        description,
      })),
    ).toEqual([
      {
        name: 'Salade de lentilles vertes',
        allergens: ['mustard'],
        diets: ['vegetarian', 'vegan'],
        homemade: true,
        description: 'Lentilles du Puy, échalote, persil',
      },
      {
        name: 'Tarte fine aux pommes',
        allergens: ['gluten', 'eggs', 'milk'],
        diets: [],
        homemade: false,
        description: null,
      },
      { name: 'Plat du marché', allergens: null, diets: [], homemade: false, description: null },
    ]);
    expect(ownerErrors()).toEqual([
      // No board today yet: the form's first read is a 404, which Chromium logs.
      'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    await ownerContext.close();

    // The visitor reads them on the page.
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}${establishmentPath(target.kind, target.uri)}`);
    await page.getByText('Salade de lentilles vertes').waitFor();
    for (const text of [
      'Allergène : moutarde',
      'Allergènes : gluten, œufs, lait',
      'Allergènes non renseignés, demandez au restaurant',
      'Lentilles du Puy, échalote, persil',
    ]) {
      await expect(page.getByText(text, { exact: true }).count(), text).resolves.toBe(1);
    }
    await expect(page.getByText('Végan', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByText('Fait maison', { exact: true }).count()).resolves.toBe(1);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join('\n')).toContain('https://schema.org/VeganDiet');

    // The map around its town, filtered « Sans gluten »: the salad passes, the tart and the unstated dish not.
    await openMapPage(page, server.baseUrl);
    const search = page.getByRole('combobox', { name: 'Rechercher' });
    await search.fill(target.address.town);
    await page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('group', { name: 'Villes' })
      .getByRole('option')
      .first()
      .click();
    const ours = page.getByTestId('menu-board-list').locator(':scope > li').filter({ hasText: target.name });
    await expect.poll(() => ours.count(), { timeout: 20_000 }).toBe(1);

    const asked = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/menuboards/surrounding' &&
        (
          JSON.parse(request.postData() ?? '{}') as { excludeAllergens?: string[] }
        ).excludeAllergens?.includes('gluten') === true,
    );
    await page.getByRole('button', { name: /Filtrer les plats/ }).click();
    await page.getByRole('checkbox', { name: 'Sans gluten' }).check();
    await asked;
    await page.getByRole('button', { name: 'Retirer le filtre Sans gluten' }).waitFor();
    const marked = ours.locator('li', { hasText: '(plat recherché)' });
    await expect
      .poll(() => marked.allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Salade de lentilles vertes')]);

    // The chip takes the filter away: no dish is marked any more.
    await page.getByRole('button', { name: 'Retirer le filtre Sans gluten' }).click();
    await expect.poll(() => marked.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => ours.count()).toBe(1);
    expect(errors()).toEqual([]);
    await context.close();
  });
});
