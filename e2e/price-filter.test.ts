import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  launchBrowser,
  newVisitorContext,
  waitForRouter,
  watchPageErrors,
  type Browser,
  type Page,
} from './support/browser';
import { parisDay } from '@tables-voisines/contract/paris-time';
import { adminToken, createEstablishment } from './support/admins';
import { MAP_DESKTOP, mapElement, mapPageUrl, openMapPage, stillView, type View } from './support/map';
import { callApi, startServer, type RunningServer } from './support/server';

/*
 * « Moins de 15 € » on the map (issue 54, point 2): a visitor on a phone chooses a town, picks the price among
 * the board filters and sees only the boards whose cheapest way to eat there (`fromPrice`) is at most 15 €, as
 * the API answers them; the price stays in the address through a reload, Back and Forward. The journey
 * publishes its own boards of the day in a town of its own, one over 15 € and two under it, so that it does
 * not depend on which demo places have a board today (on Saturday 5 December none had a dear board near two
 * cheap ones); the demo's boards around count too, as the API answers them.
 */

const ADMIN = { username: 'chef-des-prix', password: 'Pounti-Aurillacois-2026' };
const TOWN = 'Aurillac';

let server: RunningServer;
let browser: Browser;
let mine: { town: string; dear: Board };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  mine = await publishBoardsOnBothSides();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const UNDER_15 = 'Moins de 15\u00a0€';

interface Board {
  establishment: { id: string; name: string; location: { latitude: number; longitude: number } };
  closedOnDate: boolean;
  fromPrice: number | null;
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
 * Three places of the journey's own around the town's point, each with today's board: one whose cheapest dish
 * is 19,50 € and two at 12,50 € and 14 € (the lowest price among dishes of no course is `fromPrice`).
 */
async function publishBoardsOnBothSides(): Promise<{ town: string; dear: Board }> {
  const token = await adminToken(server.baseUrl, ADMIN);
  const [place] = await callApi<{ name: string; latitude: number; longitude: number }[]>(
    server.baseUrl,
    'GET',
    `/api/places/search?q=${TOWN}&limit=1`,
  );
  expect(place?.name).toBe(TOWN);
  const { categories } = await callApi<{ categories: { id: string }[] }>(
    server.baseUrl,
    'GET',
    '/api/categories/search?searchTerm=plat&limit=1',
  );
  const boards = [
    { name: 'La Table du Cantal', offset: [0.0015, 0.002], prices: [19.5, 24] },
    { name: 'Le Bouchon Aurillacois', offset: [-0.0012, -0.0018], prices: [12.5, 16] },
    { name: 'Chez Maguy', offset: [0.001, -0.0022], prices: [14, 21] },
  ];
  const made: { id: string; uri: string }[] = [];
  for (const { name, offset, prices } of boards) {
    const location = { latitude: place!.latitude + offset[0]!, longitude: place!.longitude + offset[1]! };
    const establishment = await createEstablishment(server.baseUrl, token, {
      name,
      address: { postcode: '15000', town: TOWN },
      location,
    });
    await callApi(
      server.baseUrl,
      'POST',
      '/api/menuboard/',
      {
        establishment: establishment.id,
        title: 'Ardoise du jour',
        date: parisDay(new Date()),
        items: prices.map((price, i) => ({
          name: i === 0 ? 'Truffade et saucisse' : 'Pounti aux pruneaux',
          price,
          category: categories[0]!.id,
        })),
      },
      token,
    );
    made.push(establishment);
  }
  // The map's feed is made again after a change while the one before still answers (map-feed-answer.ts),
  // and the map lists only the boards of the places it shows: the pages open once the server has the new one.
  await vi.waitFor(
    async () => {
      const feed = await (await fetch(`${server.baseUrl}/api/map/feed`)).text();
      if (!made.every((place) => feed.includes(place.uri)))
        throw new Error('the map feed lacks the new places');
    },
    { timeout: 20_000, interval: 250 },
  );
  const offered = (await boardsIn(FRANCE)).filter((b) => !b.closedOnDate);
  const dear = offered.find((b) => b.establishment.id === made[0]!.id);
  expect(dear?.fromPrice).toBe(19.5);
  for (const cheap of made.slice(1)) {
    expect(offered.find((b) => b.establishment.id === cheap.id)?.fromPrice).toBeLessThanOrEqual(15);
  }
  return { town: TOWN, dear: dear! };
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
    const { town, dear } = mine;
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
    const { dear } = mine;
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
