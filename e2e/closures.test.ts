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
import { MAP_DESKTOP, openMapPage } from './support/map';
import { findQuietEstablishment, linkNewOwner, type ListedEstablishment } from './support/owners';
import { callApi, startServer, type RunningServer } from './support/server';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

/*
 * Opening information people can trust (issue 30): a place open round the clock is in the map's « Ouvert
 * maintenant »; its owner enters a closure from a phone; the map leaves it out, its page says it is closed
 * and until when. Its own owner, made through the API, so the journey runs alone.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = MAP_DESKTOP;
const ADMIN = { username: 'equipe-conges', password: 'Un aïoli du vendredi 2026' };
const OWNER = {
  email: `lucien.${Date.now()}@conges.example.fr`,
  password: 'Des calissons d’Aix 2026',
  firstName: 'Lucien',
  lastName: 'Arnaud',
};
/** Open every hour of the week: two ranges a day that touch at noon and at midnight. */
const ROUND_THE_CLOCK = [1, 2, 3, 4, 5, 6, 7].flatMap((day) => [
  { day, opens: '00:00', closes: '12:00' },
  { day, opens: '12:00', closes: '00:00' },
]);

let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;
let target: ListedEstablishment;
let ownerToken: string;

beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  target = await findQuietEstablishment(server.baseUrl);
  ({ ownerToken } = await linkNewOwner({
    baseUrl: server.baseUrl,
    smtp,
    admin: ADMIN,
    owner: OWNER,
    establishmentId: target.id,
  }));
  await callApi(
    server.baseUrl,
    'PATCH',
    `/api/establishment/${target.id}`,
    { openingHours: ROUND_THE_CLOCK, closures: [] },
    ownerToken,
  );
});

/**
 * The target's opening hours and closures as the map's feed gives them. The feed is made again after a write
 * while the previous one keeps answering (seconds): a journey waits for the new one, as a visitor's next visit
 * would get it.
 */
async function inFeed() {
  const feed = await callApi<{
    establishments: unknown[][];
    openingHours: unknown[][];
    closures: unknown[][];
  }>(server.baseUrl, 'GET', '/api/map/feed');
  const row = feed.establishments.find((entry) => entry[2] === target.uri)!;
  return { hours: feed.openingHours[row[7] as number]!.length, closures: feed.closures[row[9] as number]! };
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** The map around the target's town, « Ouvert maintenant » on; answers the target's entry in the list. */
async function mapOpenNow(page: Page) {
  await openMapPage(page, server.baseUrl);
  const search = page.getByRole('combobox', { name: 'Rechercher' });
  await search.fill(target.address.town);
  await page
    .getByRole('listbox', { name: 'Suggestions' })
    .getByRole('group', { name: 'Villes' })
    .getByRole('option')
    .first()
    .click();
  const openNow = page
    .getByRole('group', { name: 'Filtres' })
    .getByRole('button', { name: 'Ouvert maintenant' });
  await openNow.click();
  await expect.poll(() => openNow.getAttribute('aria-pressed')).toBe('true');
  return page.getByTestId('establishment-list').locator(`[data-uri="${target.uri}"]`);
}

describe('closures', () => {
  it('an owner enters a closure from a phone: the map’s « Ouvert maintenant » leaves the place out, its page says until when', async () => {
    const visitorContext = await newVisitorContext(browser, { viewport: DESKTOP });
    const visitor = await visitorContext.newPage();
    visitor.setDefaultTimeout(15_000);
    const visitorErrors = watchPageErrors(visitor);
    // Before: open round the clock, it is among the places open now.
    await expect.poll(inFeed, { timeout: 20_000 }).toEqual({ hours: ROUND_THE_CLOCK.length, closures: [] });
    const before = await mapOpenNow(visitor);
    await expect.poll(() => before.count(), { timeout: 20_000 }).toBe(1);

    // The owner, on a phone: closed from today to the day after tomorrow, for annual leave.
    const today = parisDay(new Date());
    const lastDay = addDays(today, 2);
    const ownerContext = await newVisitorContext(browser, { viewport: PHONE });
    const owner = await ownerContext.newPage();
    owner.setDefaultTimeout(15_000);
    const ownerErrors = watchPageErrors(owner);
    await owner.goto(`${server.baseUrl}/espace-restaurateur/connexion`);
    await waitForRouter(owner);
    await owner.getByLabel('Adresse e-mail').fill(OWNER.email);
    await owner.getByLabel(/^Mot de passe/).fill(OWNER.password);
    await owner.getByRole('button', { name: 'Se connecter' }).click();
    await owner.getByRole('link', { name: 'Ma page' }).first().click();
    await owner.waitForURL(/\/ma-page$/);
    await owner.getByRole('button', { name: 'Ajouter une fermeture' }).click();
    const closure = owner.getByRole('group', { name: /Fermeture 1/ });
    // A closure ending before it starts is refused, next to its field.
    await closure.getByLabel('Du').fill(lastDay);
    await closure.getByLabel('Au').fill(today);
    await owner.getByRole('button', { name: 'Publier les modifications' }).click();
    await owner.getByText('La fin de la fermeture ne peut précéder son début.').waitFor();
    await closure.getByLabel('Du').fill(today);
    await closure.getByLabel('Au').fill(lastDay);
    await closure.getByLabel('Motif').fill('Congés annuels');
    await owner.getByRole('button', { name: 'Publier les modifications' }).click();
    await owner.getByText('Modifications publiées.').waitFor();
    // « Aperçu de votre page » shows the closure as the public page will (issue 48), with its reason.
    const until = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }).format(new Date(`${lastDay}T12:00:00Z`));
    const day = until.replace(/^(\p{L}+) 1 /u, '$1 1er ');
    const preview = owner.getByRole('region', { name: 'Aperçu de votre page' });
    await preview.getByText(`Fermé exceptionnellement jusqu’au ${day}`).first().waitFor();
    await preview.getByText('Congés annuels').first().waitFor();
    await expect
      .poll(async () => {
        const e = await callApi<{ closures: unknown[] }>(
          server.baseUrl,
          'GET',
          `/establishment/${target.id}/public`,
        );
        return e.closures;
      })
      .toEqual([{ from: today, to: lastDay, reason: 'Congés annuels' }]);
    expect(ownerErrors()).toEqual([]);
    await ownerContext.close();
    await expect.poll(async () => (await inFeed()).closures.length, { timeout: 20_000 }).toBe(1);

    // The visitor's map, loaded again: not open now any more; still on the map without the filter. The list
    // has said what it shows: places of the view, or, between midnight and the first opening of the morning
    // when this place was the only one open, that nothing is open (CI at 6:30 in Paris met it).
    const after = await mapOpenNow(visitor);
    await expect
      .poll(() =>
        visitor
          .getByRole('status')
          .filter({ hasText: /dans cette zone|^Rien n’est ouvert en ce moment/u })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => after.count(), { timeout: 20_000 }).toBe(0);
    await visitor
      .getByRole('group', { name: 'Filtres' })
      .getByRole('button', { name: 'Ouvert maintenant' })
      .click();
    await expect.poll(() => after.count(), { timeout: 20_000 }).toBe(1);

    // Its page says it is closed and until when, with the reason; the hours are still there.
    await visitor.goto(`${server.baseUrl}${establishmentPath(target.kind, target.uri)}`);
    await visitor.getByText(`Fermé exceptionnellement jusqu’au ${day}`).first().waitFor();
    await expect(visitor.getByText('Congés annuels').count()).resolves.toBeGreaterThan(0);
    await expect(visitor.getByText('Ouvert maintenant').count()).resolves.toBe(0);
    const jsonLd = await visitor.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join('\n')).toContain('specialOpeningHoursSpecification');
    expect(visitorErrors()).toEqual([]);
    await visitorContext.close();
  });

  it('a closure ending today says so and when the place opens again; today closed in the hours', async () => {
    const today = parisDay(new Date());
    const lunches = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '12:00', closes: '14:30' }));
    await callApi(
      server.baseUrl,
      'PATCH',
      `/api/establishment/${target.id}`,
      { openingHours: lunches, closures: [{ from: addDays(today, -1), to: today, reason: 'Inventaire' }] },
      ownerToken,
    );
    const tomorrow = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'long' }).format(
      new Date(`${addDays(today, 1)}T12:00:00Z`),
    );
    // The page as the server renders it for a visitor: the status line and the week's hours.
    const html = await (await fetch(`${server.baseUrl}${establishmentPath(target.kind, target.uri)}`)).text();
    // (Its times each in a span that does not wrap: the line's text, tags aside.)
    const status = /<p data-testid="opening-status"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(status.replace(/<[^>]+>/g, '')).toBe(`Fermé aujourd’hui, réouverture ${tomorrow} à 12 h`);
    expect(html).not.toContain('Fermé exceptionnellement jusqu’au');
    const todayRow = /<tr aria-current="date">[^]*?<\/tr>/.exec(html)?.[0] ?? '';
    expect(todayRow).toContain('Fermé exceptionnellement');
  });

  it('a place closed today does not offer today’s board: its page says so, the map’s boards leave it out', async () => {
    // Open round the clock, with today's board (issue 49: « Fermé exceptionnellement · Travaux », then the
    // board's tartare as if it were served).
    const today = parisDay(new Date());
    await callApi(
      server.baseUrl,
      'PATCH',
      `/api/establishment/${target.id}`,
      { openingHours: ROUND_THE_CLOCK, closures: [] },
      ownerToken,
    );
    const { categories } = await callApi<{ categories: { id: string }[] }>(
      server.baseUrl,
      'GET',
      '/api/categories/search?searchTerm=crepes&limit=1',
    );
    const dish = 'Tartare de bœuf du jour';
    const board = await callApi<{ id: string }>(
      server.baseUrl,
      'POST',
      '/api/menuboard/',
      {
        establishment: target.id,
        title: 'Ardoise du jour',
        date: today,
        items: [{ name: dish, price: 18.5, category: categories[0]!.id }],
      },
      ownerToken,
    );

    /** The map around the target's town as a new visitor opens it: the boards panel, once the search answered ours. */
    async function boardsAround(closedOnDate: boolean) {
      const context = await newVisitorContext(browser, { viewport: DESKTOP });
      const page = await context.newPage();
      // The map page, its search and its panel on a busy CI machine: more than the 15 s of a form's step.
      page.setDefaultTimeout(30_000);
      const errors = watchPageErrors(page);
      await openMapPage(page, server.baseUrl);
      await page.getByRole('combobox', { name: 'Rechercher' }).fill(target.address.town);
      // The search's answer around the town holds the board, marked as the server sees the place that day.
      const answered = page.waitForResponse(
        async (response) => {
          if (new URL(response.url()).pathname !== '/menuboards/surrounding') return false;
          const boards = (await response.json()) as { id: string; closedOnDate: boolean }[];
          return boards.some((b) => b.id === board.id && b.closedOnDate === closedOnDate);
        },
        { timeout: 45_000 },
      );
      // Awaited below; a failure before then is the test's, not an unhandled rejection.
      answered.catch(() => undefined);
      await page
        .getByRole('listbox', { name: 'Suggestions' })
        .getByRole('group', { name: 'Villes' })
        .getByRole('option')
        .first()
        .click();
      await answered;
      const panel = page.getByRole('region', { name: 'Ardoises du jour' });
      return { context, page, panel, errors };
    }

    // Open: the map's panel offers the tartare.
    const open = await boardsAround(false);
    await expect.poll(() => open.panel.getByText(dish).count(), { timeout: 20_000 }).toBe(1);
    expect(open.errors()).toEqual([]);
    await open.context.close();

    // Closed from today for works: the board is still answered, marked, and offered nowhere.
    await callApi(
      server.baseUrl,
      'PATCH',
      `/api/establishment/${target.id}`,
      { closures: [{ from: today, to: addDays(today, 3), reason: 'Travaux' }] },
      ownerToken,
    );
    const closed = await boardsAround(true);
    // The panel has drawn the answer (the list or its empty line) and the tartare is not in it.
    await expect
      .poll(
        async () =>
          (await closed.page.getByTestId('menu-board-list').count()) +
          (await closed.panel.getByText('Aucune ardoise du jour dans cette zone.').count()),
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect(closed.panel.getByText(dish).count()).resolves.toBe(0);

    // Its page: closed for works, then under « Ardoise du jour » the notice before the dish.
    const { page } = closed;
    await page.goto(`${server.baseUrl}${establishmentPath(target.kind, target.uri)}`);
    await page.getByText('Travaux').first().waitFor();
    await expect(page.getByTestId('opening-status').first().textContent()).resolves.toMatch(
      /^Fermé exceptionnellement jusqu’au /,
    );
    const section = page.getByRole('region', { name: 'Ardoise du jour', exact: true });
    await expect(section.getByRole('note').textContent()).resolves.toBe(
      'Fermé aujourd’hui : cette ardoise n’est pas servie.',
    );
    await expect(section.textContent()).resolves.toMatch(/n’est pas servie\..*Tartare de bœuf du jour/);
    // The page with its closure and the board's notice, as drawn: no accessibility violation.
    await settleAnimations(page);
    const results = await axeOn(page).exclude('.maplibregl-canvas').analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(closed.errors()).toEqual([]);
    await closed.context.close();
  });
});
