import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newVisitorContext,
  waitForRouter,
  watchPageErrors,
  type Browser,
  type Page,
} from './support/browser';
import { MAP_DESKTOP, mapElement, mapPageUrl, openMapPage, stillView, type View } from './support/map';
import { callApi, readOnlyDemoServer, type RunningServer } from './support/server';

/*
 * « Moins de 15 € » on the map (issue 54, point 2): a visitor on a phone chooses a town, picks the price among
 * the board filters and sees only the boards whose cheapest way to eat there (`fromPrice`) is at most 15 €, as
 * the API answers them; the price stays in the address through a reload, Back and Forward. Read-only: the
 * demo data's shared server, its boards of the day found by asking the API.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([readOnlyDemoServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const UNDER_15 = 'Moins de 15\u00a0€';

interface Board {
  establishment: { id: string; name: string; location: { latitude: number; longitude: number } };
  closedOnDate: boolean;
  fromPrice: number | null;
}
interface Listed {
  id: string;
  address: { town: string };
}
interface Box {
  northEast: { latitude: number; longitude: number };
  southWest: { latitude: number; longitude: number };
}

/** Today's boards in a box, as the map asks for them; with a price, `maxPrice`. */
const boardsIn = (box: Box, maxPrice?: number) =>
  callApi<Board[]>(server.baseUrl, 'POST', '/menuboards/surrounding', {
    categories: [],
    ...box,
    ...(maxPrice === undefined ? {} : { maxPrice }),
  });

const FRANCE: Box = {
  northEast: { latitude: 51.5, longitude: 10 },
  southWest: { latitude: 41, longitude: -5.5 },
};

/** The map's box for a view (Web Mercator, 512 px tiles), as MapLibre's `getBounds` gives it. */
function boxOf(view: View, size: { width: number; height: number }): Box {
  const world = 512 * 2 ** view.zoom;
  const x = (lng: number) => ((lng + 180) / 360) * world;
  const y = (lat: number) => {
    const s = Math.sin((lat * Math.PI) / 180);
    return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * world;
  };
  const lng = (px: number) => (px / world) * 360 - 180;
  const lat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI;
  const cx = x(view.longitude);
  const cy = y(view.latitude);
  return {
    northEast: { latitude: lat(cy - size.height / 2), longitude: lng(cx + size.width / 2) },
    southWest: { latitude: lat(cy + size.height / 2), longitude: lng(cx - size.width / 2) },
  };
}

const inBox = (box: Box, b: Board, margin = 0) => {
  const { latitude, longitude } = b.establishment.location;
  return (
    latitude > box.southWest.latitude + margin &&
    latitude < box.northEast.latitude - margin &&
    longitude > box.southWest.longitude + margin &&
    longitude < box.northEast.longitude - margin
  );
};

/**
 * A town whose boards of the day are on both sides of 15 €: one board over it (or with no price) and at
 * least two at most it nearby. Which establishments have a board changes with the day.
 */
async function townOnBothSides(): Promise<{ town: string; dear: Board }> {
  const [boards, listed] = await Promise.all([
    boardsIn(FRANCE),
    callApi<Listed[]>(server.baseUrl, 'GET', '/api/establishments/'),
  ]);
  const offered = boards.filter((b) => !b.closedOnDate);
  const townOf = new Map(listed.map((e) => [e.id, e.address.town]));
  const near = (a: Board, b: Board) =>
    Math.abs(a.establishment.location.latitude - b.establishment.location.latitude) < 0.05 &&
    Math.abs(a.establishment.location.longitude - b.establishment.location.longitude) < 0.07;
  const candidates = offered
    .filter((b) => b.fromPrice === null || b.fromPrice > 15)
    .map((dear) => ({
      dear,
      cheap: offered.filter((b) => b.fromPrice !== null && b.fromPrice <= 15 && near(b, dear)).length,
    }))
    .filter((c) => c.cheap >= 2 && townOf.has(c.dear.establishment.id))
    .sort((a, b) => b.cheap - a.cheap);
  expect(candidates.length, 'no demo town has boards on both sides of 15 € today').toBeGreaterThan(0);
  const { dear } = candidates[0]!;
  return { town: townOf.get(dear.establishment.id)!, dear };
}

/** The number the list of today's boards says: « 3 ardoises du jour »; 0 when it says there is none. */
async function boardsListed(page: Page): Promise<number> {
  const list = page.getByTestId('menu-board-list');
  if ((await list.count()) === 0) return 0;
  const label = (await list.getAttribute('aria-label')) ?? '';
  return Number(/^(\d+) ardoises? du jour$/u.exec(label)?.[1] ?? NaN);
}

/** The names and « dès … » prices of the cards listed. */
async function cardsListed(page: Page) {
  const cards = page.getByTestId('menu-board-list').locator(':scope > li');
  return Promise.all(
    (await cards.all()).map(async (card) => ({
      name: (await card.locator('h4').textContent()) ?? '',
      text: (await card.textContent()) ?? '',
    })),
  );
}

async function mapBox(page: Page): Promise<Box> {
  const view = await stillView(page);
  const size = (await mapElement(page).boundingBox())!;
  return boxOf(view, size);
}

describe('« Moins de 15 € » on the map', () => {
  it('a visitor on a phone keeps only the boards at most 15 €, through a reload, Back and Forward', async () => {
    const { town, dear } = await townOnBothSides();
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors = watchPageErrors(page);
    await openMapPage(page, server.baseUrl);
    await waitForRouter(page);
    const start = page.url();

    // The town chosen: a new entry in the history.
    await page.getByRole('combobox', { name: 'Rechercher' }).fill(town);
    await page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('group', { name: 'Villes' })
      .getByRole('option')
      .first()
      .click();
    await expect.poll(() => page.url()).toMatch(/#carte=/u);
    // Zoomed out until the view holds the dear board and boards under 15 € (the map's « Dézoomer » button).
    let box = await mapBox(page);
    for (let i = 0; i < 4; i += 1) {
      const around = (await boardsIn(box)).filter((b) => !b.closedOnDate);
      const cheap = around.filter((b) => b.fromPrice !== null && b.fromPrice <= 15 && inBox(box, b, 0.002));
      if (inBox(box, dear, 0.002) && cheap.length >= 2) break;
      const before = (await stillView(page)).zoom;
      await page.getByRole('button', { name: 'Dézoomer' }).click();
      await expect.poll(async () => (await stillView(page)).zoom).toBeLessThan(before);
      box = await mapBox(page);
    }
    const all = (await boardsIn(box)).filter((b) => !b.closedOnDate && inBox(box, b));
    const under15 = all.filter((b) => b.fromPrice !== null && b.fromPrice <= 15);
    expect(all.map((b) => b.establishment.name)).toContain(dear.establishment.name);
    expect(under15.length).toBeGreaterThanOrEqual(2);
    // What the API answers with `maxPrice`: the same boards.
    const answered = (await boardsIn(box, 15)).filter((b) => !b.closedOnDate && inBox(box, b));
    expect(answered.map((b) => b.establishment.id).sort()).toEqual(
      under15.map((b) => b.establishment.id).sort(),
    );
    // Before the price: every board of the view, the dear one too.
    await expect.poll(() => boardsListed(page)).toBe(all.length);
    const urlBefore = page.url();

    // The price, among the board filters: sent as `maxPrice` with the dish filters.
    const asked = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/menuboards/surrounding' &&
        (JSON.parse(request.postData() ?? '{}') as { maxPrice?: number }).maxPrice === 15,
    );
    await page.getByRole('button', { name: /Filtrer les plats/u }).click();
    await page.getByRole('radio', { name: UNDER_15 }).check();
    await asked;
    await page.getByRole('button', { name: 'Fermer les filtres' }).click();
    const chip = page.getByRole('button', { name: `Retirer le filtre ${UNDER_15}` });
    await chip.waitFor();
    await expect.poll(() => boardsListed(page)).toBe(under15.length);
    const prices = (await cardsListed(page)).map(({ text }) =>
      Number(/dès (\d+(?:,\d+)?)\u00a0€/u.exec(text)?.[1]?.replace(',', '.') ?? NaN),
    );
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeLessThanOrEqual(15);
    const names = (await cardsListed(page)).map((c) => c.name);
    expect(names).not.toContain(dear.establishment.name);
    for (const name of names) expect(under15.map((b) => b.establishment.name)).toContain(name);
    await expect.poll(() => page.url()).toMatch(/&prix=15(&|$)/u);
    const filteredUrl = page.url();

    // A reload keeps it: the chip, the radio, the boards.
    await page.reload();
    await expect.poll(() => mapElement(page).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await chip.waitFor();
    await expect.poll(() => boardsListed(page)).toBe(under15.length);
    expect(page.url()).toBe(filteredUrl);

    // Back: before the town, and so before the price; no chip, no `prix`.
    await page.goBack();
    await expect.poll(() => page.url()).not.toMatch(/prix=/u);
    expect(page.url()).toMatch(mapPageUrl(server.baseUrl));
    expect(urlBefore).not.toMatch(/prix=/u);
    await expect.poll(() => chip.count()).toBe(0);
    await page.getByRole('button', { name: /Filtrer les plats/u }).click();
    await expect(page.getByRole('radio', { name: 'Tous les prix' }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Fermer les filtres' }).click();

    // Forward: the town again, with its price.
    await page.goForward();
    await expect.poll(() => page.url()).toBe(filteredUrl);
    await chip.waitFor();
    await expect.poll(() => boardsListed(page)).toBe(under15.length);
    expect(start).toMatch(mapPageUrl(server.baseUrl));
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('a link with the price opens filtered in a fresh desktop browser; a price the server would refuse is dropped', async () => {
    const { dear } = await townOnBothSides();
    const { latitude, longitude } = dear.establishment.location;
    const view = `#carte=11/${latitude.toFixed(5)}/${longitude.toFixed(5)}`;
    const context = await newVisitorContext(browser, { viewport: MAP_DESKTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors = watchPageErrors(page);
    const sent: { maxPrice?: number }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/menuboards/surrounding') {
        sent.push(JSON.parse(request.postData() ?? '{}') as { maxPrice?: number });
      }
    });

    await page.goto(`${server.baseUrl}/${view}&prix=15`);
    await expect.poll(() => mapElement(page).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await page.getByRole('button', { name: `Retirer le filtre ${UNDER_15}` }).waitFor();
    const box = await mapBox(page);
    const under15 = (await boardsIn(box, 15)).filter((b) => !b.closedOnDate && inBox(box, b));
    expect(under15.length).toBeGreaterThan(0);
    await expect.poll(() => boardsListed(page)).toBe(under15.length);
    expect((await cardsListed(page)).map((c) => c.name)).not.toContain(dear.establishment.name);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((body) => body.maxPrice === 15)).toBe(true);
    await page.getByRole('button', { name: /Filtrer les plats/u }).click();
    await expect(page.getByRole('radio', { name: UNDER_15 }).isChecked()).resolves.toBe(true);

    // « quinze » is no price: left out, every board of the view listed, the dear one too.
    sent.length = 0;
    const other = await context.newPage();
    const otherErrors = watchPageErrors(other);
    other.on('request', (request) => {
      if (new URL(request.url()).pathname === '/menuboards/surrounding') {
        sent.push(JSON.parse(request.postData() ?? '{}') as { maxPrice?: number });
      }
    });
    await other.goto(`${server.baseUrl}/${view}&prix=quinze`);
    await expect.poll(() => mapElement(other).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    const otherBox = await mapBox(other);
    const all = (await boardsIn(otherBox)).filter((b) => !b.closedOnDate && inBox(otherBox, b));
    await expect.poll(() => boardsListed(other)).toBe(all.length);
    expect(all.length).toBeGreaterThan(under15.length);
    expect((await cardsListed(other)).map((c) => c.name)).toContain(dear.establishment.name);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.some((body) => 'maxPrice' in body)).toBe(false);
    await expect(other.getByRole('button', { name: /^Retirer le filtre Moins de/u }).count()).resolves.toBe(
      0,
    );
    expect(errors()).toEqual([]);
    expect(otherErrors()).toEqual([]);
    await context.close();
  });
});
