import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { boardsToday, readOnlyDemoServer, type BoardToday, type RunningServer } from './support/server';
import {
  MAP_DESKTOP,
  mapElement,
  mapPageUrl,
  openMapPage,
  project,
  readView,
  stillView,
  zoomInto,
  type View,
} from './support/map';

/*
 * Going back is going back (issue 28): Back and × from a place put the map page back as it was (view,
 * filters, list and its scroll), × adds no history entry, a detail page opens at its top with the focus
 * on its name; the first view holds all of France; the app banner hides nothing.
 * Its size (over 400 lines) is one journey per way of going back and per screen size, each on its own tab.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([readOnlyDemoServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = MAP_DESKTOP;
/** A common laptop's window, where the first view must hold all of France. */
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** Metropolitan France and Corsica's far ends: Brest's coast, Strasbourg, Menton, Dunkirk, Corsica's tip. */
const FRANCE_ENDS = [
  { name: 'pointe Saint-Mathieu', latitude: 48.33, longitude: -4.77 },
  { name: 'Dunkerque', latitude: 51.03, longitude: 2.37 },
  { name: 'Lauterbourg', latitude: 48.97, longitude: 8.23 },
  { name: 'Menton', latitude: 43.78, longitude: 7.5 },
  { name: 'Bonifacio', latitude: 41.39, longitude: 9.16 },
  { name: 'Cerbère', latitude: 42.44, longitude: 3.17 },
  { name: 'Hendaye', latitude: 43.36, longitude: -1.78 },
];

const map = mapElement;

async function openMap(page: Page) {
  await openMapPage(page, server.baseUrl);
  await waitForRouter(page);
}

interface Group {
  name: string;
  latitude: number;
  longitude: number;
}

/** A desktop visitor zoomed with the wheel into Nantes, its list scrolled down to a card it then opens. */
async function openNantesList(zoom = 10) {
  const context = await newVisitorContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await openMap(page);
  const groups = (await (await fetch(`${server.baseUrl}/api/groups/`)).json()) as Group[];
  const nantes = groups.find((g) => g.name.includes('Nantes'))!;
  await zoomInto(page, nantes.latitude, nantes.longitude, zoom);
  return { context, page, errors };
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: 'dans cette zone' });
const panel = (page: Page) => page.locator('.tv-shell__panel');
const panelScroll = (page: Page) => panel(page).evaluate((element) => element.scrollTop);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Scrolls the list until the last card shows (the panel scrolled well down), and returns that card. */
async function scrollToLastCard(page: Page) {
  const cards = page.getByTestId('establishment-list').locator('li');
  await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(3);
  const card = cards.last();
  await card.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const scrolled = await panelScroll(page);
  expect(scrolled, 'the list scrolled down to its last card').toBeGreaterThan(200);
  return { card, name: (await card.locator('h3').textContent())!, scrolled };
}

/** Opens the card's place with the mouse, as a visitor does; waits for the map to centre on it. */
async function openCard(page: Page, card: ReturnType<Page['locator']>, name: string) {
  await card.hover();
  await card.getByRole('link').click();
  await page.waitForURL(/\/(restaurant|remplisvert)\//u);
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 10_000 })
    .toBe(true);
  await expect.poll(async () => (await readView(page)).zoom, { timeout: 15_000 }).toBe(16);
}

async function expectSameMapPage(page: Page, view: View, count: string, scrolled: number, name: string) {
  await expect.poll(() => status(page).textContent(), { timeout: 10_000 }).toBe(count);
  const back = await stillView(page);
  expect(back.zoom).toBeCloseTo(view.zoom, 2);
  expect(back.latitude).toBeCloseTo(view.latitude, 4);
  expect(back.longitude).toBeCloseTo(view.longitude, 4);
  await expect.poll(() => panelScroll(page)).toBe(scrolled);
  // The focus on the card of the place just left, and no ring left on the map from the last hover.
  await expect.poll(() => focusedText(page)).toContain(name);
  expect(await page.locator('.tv-halo').count()).toBe(0);
}

describe('going back from a place', () => {
  it('opens a place of a scrolled list at its top with the focus on its name; Back puts the map page back as it was', async () => {
    const { context, page, errors } = await openNantesList();
    const view = await stillView(page);
    const count = (await status(page).textContent())!;
    expect(count).toMatch(/^\d+ établissements? dans cette zone$/u);
    const { card, name, scrolled } = await scrollToLastCard(page);

    await openCard(page, card, name);
    // A detail page opens at its top, its name focused (where reading starts, said by screen readers).
    expect(await panelScroll(page)).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('nom');
    // While on the place, its card's ring is gone with its card.
    expect(await page.locator('.tv-halo').count()).toBe(0);

    // The mouse off the list (on the header), as it is on the browser's Back button.
    await page.mouse.move(DESKTOP.width / 2, 10);
    await page.goBack();
    await page.waitForURL(mapPageUrl(server.baseUrl));
    await expectSameMapPage(page, view, count, scrolled, name);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('closes a place with × back to the same map page, without a new history entry', async () => {
    const { context, page, errors } = await openNantesList();
    const view = await stillView(page);
    const count = (await status(page).textContent())!;
    const { card, name, scrolled } = await scrollToLastCard(page);
    await openCard(page, card, name);
    const entries = await page.evaluate(() => history.length);

    await page.getByRole('button', { name: `Fermer ${name} et revenir à la liste` }).click();
    await page.waitForURL(mapPageUrl(server.baseUrl));
    await expectSameMapPage(page, view, count, scrolled, name);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    // × went back: the entry after this one is the place again.
    await page.goForward();
    await page.waitForURL(/\/(restaurant|remplisvert)\//u);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('comes back on a phone to the list’s sheet as it was: its height, its scroll and the view', async () => {
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openMap(page);
    const view = await stillView(page);
    await page.getByRole('button', { name: 'Agrandir la liste' }).tap();
    await page.getByRole('button', { name: 'Afficher la liste en plein écran' }).tap();
    await settleAnimations(page);
    const sheet = page.locator('.tv-shell__scroll');
    const cards = page.getByTestId('establishment-list').locator('li');
    await expect.poll(() => cards.count()).toBe(30);
    // Thirty more asked: the list keeps its sixty when it comes back.
    await page.getByRole('button', { name: /^Afficher 30 de plus/u }).tap();
    await expect.poll(() => cards.count()).toBe(60);
    await sheet.evaluate((element) => element.scrollTo(0, 900));
    await expect.poll(() => sheet.evaluate((element) => element.scrollTop)).toBe(900);
    const count = (await status(page).textContent())!;
    // A card in the middle of the screen, tapped.
    let index = 0;
    while ((await cards.nth(index).boundingBox())!.y < PHONE.viewport.height / 3) index += 1;
    const name = (await cards.nth(index).locator('h3').textContent())!;
    await cards.nth(index).getByRole('link').tap();
    await page.waitForURL(/\/(restaurant|remplisvert)\//u);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('nom');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.waitForURL(mapPageUrl(server.baseUrl));
    await expect.poll(() => status(page).textContent(), { timeout: 10_000 }).toBe(count);
    expect(await panel(page).getAttribute('data-sheet')).toBe('full');
    expect(await cards.count()).toBe(60);
    await expect
      .poll(() => page.locator('.tv-shell__scroll').evaluate((element) => element.scrollTop))
      .toBe(900);
    const back = await stillView(page);
    expect(back.zoom).toBeCloseTo(view.zoom, 2);
    expect(back.latitude).toBeCloseTo(view.latitude, 4);
    expect(back.longitude).toBeCloseTo(view.longitude, 4);
    await expect.poll(() => focusedText(page)).toContain(name);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('closes a page opened directly with × onto the map around the place, replacing its entry', async () => {
    const target = (
      (await (await fetch(`${server.baseUrl}/api/establishments/`)).json()) as {
        kind: string;
        uri: string;
        name: string;
      }[]
    )[0]!;
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/${target.kind}/${encodeURIComponent(target.uri)}`);
    await expect.poll(() => map(page).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await waitForRouter(page);
    await expect.poll(async () => (await readView(page)).zoom, { timeout: 15_000 }).toBe(16);
    const entries = await page.evaluate(() => history.length);
    // Read to its end first: the map page's list then shows from its top, not where the page was.
    await panel(page).evaluate((element) => element.scrollTo(0, element.scrollHeight));
    expect(await panelScroll(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Fermer ${target.name} et revenir à la liste` }).click();
    await page.waitForURL(mapPageUrl(server.baseUrl));
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await expect.poll(() => panelScroll(page)).toBe(0);
    await expect.poll(async () => (await readView(page)).zoom, { timeout: 10_000 }).toBe(13);
    await expect.poll(() => status(page).textContent()).toMatch(/^\d+ établissements? dans cette zone$/u);
    // The focus on the closed place's card, or the list's title: never on nothing.
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('keeps a dish category as a chip after Back, and « Retirer les filtres » takes a category alone off', async () => {
    const { context, page, errors } = await openNantesList(12);
    const view = await stillView(page);
    const box = (await map(page).boundingBox())!;
    const feed = (await (await fetch(`${server.baseUrl}/api/map/feed`)).json()) as {
      establishments: [string, string, string, number, number, string, string, number, number][];
      categorySets: string[][];
    };
    // A margin around the view: what the list and its boards may hold.
    const near = (latitude: number, longitude: number) => {
      const { x, y } = project(view, box, latitude, longitude);
      return (
        x > box.x - 200 && x < box.x + box.width + 200 && y > box.y - 200 && y < box.y + box.height + 200
      );
    };
    const inView = feed.establishments.filter((e) => near(e[3], e[4]));
    const boards = (
      (await boardsToday(server.baseUrl)) as (BoardToday & { items: { category: string }[] })[]
    ).filter((b) => near(b.establishment.location.latitude, b.establishment.location.longitude));
    const categoriesHere = new Set([
      ...inView.flatMap((e) => feed.categorySets[e[8]] ?? []),
      ...boards.flatMap((b) => b.items.map((item) => item.category)),
    ]);
    const all = (await (await fetch(`${server.baseUrl}/api/categories/?perPage=100`)).json()) as {
      id: string;
      name: string;
    }[];
    // A category of a dish on a board in view when there is one (which boards there are changes with the
    // day): its dishes are then marked; else one of a place's.
    const inBox = (latitude: number, longitude: number) => {
      const { x, y } = project(view, box, latitude, longitude);
      return x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height;
    };
    const boardInView = boards.find(
      (b) =>
        b.items.length > 0 && inBox(b.establishment.location.latitude, b.establishment.location.longitude),
    );
    const onBoard = all.find((c) => c.id === boardInView?.items[0]?.category);
    const here =
      onBoard ??
      all.find(
        (c) => categoriesHere.has(c.id) && inView.some((e) => feed.categorySets[e[8]]?.includes(c.id)),
      )!;
    const elsewhere = all.find((c) => !categoriesHere.has(c.id))!;
    expect(here, 'a category of a place in view').toBeDefined();
    expect(elsewhere, 'a category of no place in view').toBeDefined();

    const field = page.getByRole('combobox', { name: 'Catégories de plats' });
    const pick = async (name: string) => {
      await field.fill(name);
      await page.getByRole('option', { name, exact: true }).click();
      // The suggestion list closes once one is picked.
      await expect.poll(() => page.getByRole('listbox', { name: 'Catégories proposées' }).count()).toBe(0);
      await expect
        .poll(() => page.getByRole('button', { name: `Retirer ${name}` }).isVisible(), { timeout: 10_000 })
        .toBe(true);
    };
    await pick(here.name);
    if (onBoard !== undefined) {
      // Its dishes marked on the boards of the panel. Read the count only then: a place whose board has a dish
      // of the category is listed once the boards' answer for it has come (CI once read 2, then 3).
      await expect
        .poll(() => page.getByTestId('menu-board-list').getByText('(plat recherché)').count(), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
    }
    await expect
      .poll(() => status(page).textContent(), { timeout: 10_000 })
      .toMatch(/^\d+ établissements? dans/u);
    const count = (await status(page).textContent())!;
    const card = page.getByTestId('establishment-list').locator('li').first();
    const name = (await card.locator('h3').textContent())!;
    await openCard(page, card, name);
    await page.goBack();
    await page.waitForURL(mapPageUrl(server.baseUrl));
    // Still filtered, and said so by its chip.
    await expect
      .poll(() => page.getByRole('button', { name: `Retirer ${here.name}` }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => status(page).textContent()).toBe(count);

    await page.getByRole('button', { name: `Retirer ${here.name}` }).click();
    await pick(elsewhere.name);
    // Places elsewhere in France have it, the nearest named (issue 49, point 5), or none do.
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /^Aucun établissement/u })
            .textContent(),
        {
          timeout: 10_000,
        },
      )
      .toMatch(
        /^Aucun établissement (dans cette zone pour cette rechercheLe plus proche : .+, à [\d,\u202f]+ k?m\.|ne correspond à ces filtres)$/u,
      );
    await page.getByRole('button', { name: 'Retirer les filtres' }).click();
    await expect.poll(() => page.getByRole('button', { name: `Retirer ${elsewhere.name}` }).count()).toBe(0);
    await expect
      .poll(() => status(page).textContent(), { timeout: 10_000 })
      .toMatch(/^\d+ établissements? dans cette zone$/u);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

describe('the first view', () => {
  for (const [device, options] of [
    ['a 1366 × 900 desktop', { viewport: LAPTOP }],
    ['a 390 × 844 phone', PHONE],
  ] as const) {
    it(`holds all of metropolitan France and Corsica on ${device}`, async () => {
      const context = await newVisitorContext(browser, options);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await openMap(page);
      const view = await stillView(page);
      const box = (await map(page).boundingBox())!;
      // On a phone the list's sheet lies over the bottom of the map: France above it.
      const sheetTop = await page.evaluate(() => {
        const sheet = document.querySelector('.tv-shell__panel[data-sheet]');
        return sheet && getComputedStyle(sheet).position === 'absolute'
          ? sheet.getBoundingClientRect().top
          : Infinity;
      });
      const bottom = Math.min(box.y + box.height, sheetTop);
      const outside = FRANCE_ENDS.filter(({ latitude, longitude }) => {
        const { x, y } = project(view, box, latitude, longitude);
        return !(x > box.x && x < box.x + box.width && y > box.y && y < bottom);
      });
      expect(outside.map((end) => end.name)).toEqual([]);
      expect(errors()).toEqual([]);
      await context.close();
    });
  }
});

describe('the app banner on a phone', () => {
  const android = { ...PHONE, userAgent: ANDROID_UA };

  it('leaves the search field and the end of a detail page in view above it', async () => {
    const context = await newVisitorContext(browser, android);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openMap(page);
    const banner = page.getByTestId('smart-banner');
    await expect.poll(() => banner.isVisible(), { timeout: 10_000 }).toBe(true);
    const bannerTop = async () => (await banner.boundingBox())!.y;
    // The sheet at full height (typing raises it): its search field above the banner.
    const search = page.getByRole('combobox', { name: 'Rechercher' });
    await search.tap();
    await settleAnimations(page);
    const field = (await search.boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(await bannerTop());
    // The list's sheet ends above the banner at every height.
    const sheet = (await panel(page).boundingBox())!;
    expect(sheet.y + sheet.height).toBeLessThanOrEqual((await bannerTop()) + 1);

    // A detail page scrolled to its end: its last line (the share buttons) above the banner.
    const target = (
      (await (await fetch(`${server.baseUrl}/api/establishments/`)).json()) as {
        kind: string;
        uri: string;
      }[]
    )[1]!;
    await page.goto(`${server.baseUrl}/${target.kind}/${encodeURIComponent(target.uri)}`);
    // Loaded on a phone, the page shows the banner once React runs: on the visitor's first intent (0092).
    await waitForRouter(page);
    await expect.poll(() => banner.isVisible(), { timeout: 10_000 }).toBe(true);
    const share = page.getByRole('heading', { name: 'Partager' });
    const last = page.locator('.tv-share');
    const mapArea = page.locator('.tv-map-area');
    // Scrolled to the end again at each try, as a visitor would: the room for the banner is made once its
    // size is observed (smart-banner.tsx), so a scroll made just before ended 76 px short of the grown page,
    // the map area under the banner (seen once, in CI, two journeys at a time).
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        if (!(await share.isVisible())) return 'the « Partager » heading is not visible';
        const top = await bannerTop();
        const [shareBox, areaBox] = [(await last.boundingBox())!, (await mapArea.boundingBox())!];
        return {
          shareEndsAboveBanner: shareBox.y + shareBox.height <= top,
          mapAreaEndsAboveBanner: areaBox.y + areaBox.height <= top + 1,
        };
      })
      .toEqual({ shareEndsAboveBanner: true, mapAreaEndsAboveBanner: true });
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('is not shown in the owners’ space nor in the back office', async () => {
    const context = await newVisitorContext(browser, android);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openMap(page);
    await expect.poll(() => page.getByTestId('smart-banner').isVisible(), { timeout: 10_000 }).toBe(true);
    // Client side, from the map to the owners' space, and loaded there directly.
    await page.getByRole('link', { name: 'Espace restaurateur' }).tap();
    await page.waitForURL(/\/espace-restaurateur/u);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.getByTestId('smart-banner').count()).toBe(0);
    await page.goto(`${server.baseUrl}/espace-restaurateur/inscription`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByTestId('smart-banner').count()).toBe(0);
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByRole('textbox').first().isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('smart-banner').count()).toBe(0);
    // Back on the public pages, it shows again.
    await page.goto(server.baseUrl);
    await expect.poll(() => page.getByTestId('smart-banner').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('has no accessibility violation with the banner shown (axe)', async () => {
    const context = await newVisitorContext(browser, android);
    const page = await context.newPage();
    await openMap(page);
    await expect.poll(() => page.getByTestId('smart-banner').isVisible(), { timeout: 10_000 }).toBe(true);
    await settleAnimations(page);
    const results = await axeOn(page).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await context.close();
  });
});

describe('a place’s page', () => {
  it('links the five places nearest to it in its server HTML, nearest first, with their distance', async () => {
    const all = (await (await fetch(`${server.baseUrl}/api/establishments/`)).json()) as {
      kind: string;
      uri: string;
      location: { latitude: number; longitude: number };
    }[];
    const radians = (degrees: number) => (degrees * Math.PI) / 180;
    const meters = (a: (typeof all)[number], b: (typeof all)[number]) => {
      const [φ1, φ2] = [radians(a.location.latitude), radians(b.location.latitude)];
      const Δφ = φ2 - φ1;
      const Δλ = radians(b.location.longitude - a.location.longitude);
      const h = Math.sin(Δφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(Δλ / 2) ** 2;
      return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
    };
    // A place with six neighbours within 10 km, the fifth and sixth clearly apart (no tie to order).
    const ranked = (place: (typeof all)[number]) =>
      all
        .filter((o) => o.uri !== place.uri)
        .map((o) => ({ o, d: meters(place, o) }))
        .sort((a, b) => a.d - b.d);
    const place = all.find((p) => {
      const r = ranked(p);
      return r.length > 5 && r[5]!.d < 10_000 && r[5]!.d - r[4]!.d > 20;
    })!;
    expect(place, 'a place with six neighbours within 10 km').toBeDefined();
    const html = await (
      await fetch(`${server.baseUrl}/${place.kind}/${encodeURIComponent(place.uri)}`)
    ).text();
    const section = /<section aria-labelledby="a-proximite">([\s\S]*?)<\/section>/u.exec(html)?.[1] ?? '';
    expect(section).toContain('À proximité');
    const links = [...section.matchAll(/<a [^>]*href="([^"]+)"/gu)].map((m) =>
      decodeURIComponent(m[1]!.replaceAll('&#x27;', "'").replaceAll('&amp;', '&')),
    );
    expect(links).toEqual(
      ranked(place)
        .slice(0, 5)
        .map(({ o }) => `/${o.kind}/${o.uri}`),
    );
    expect(section).toMatch(/à (\d+\u00a0m|\d+(,\d)?\u00a0km)/u);
  });
});

describe('the map page’s panel and legend', () => {
  it('names each filter once, explains clusters and group circles, and opens a group’s other members', async () => {
    // The group with the most members, zoomed into (from zoom 9 it is the current one).
    const groups = (await (await fetch(`${server.baseUrl}/api/groups/`)).json()) as (Group & {
      radius: number;
    })[];
    const counted = await Promise.all(
      groups.map(async (g) => {
        const query = `latitude=${g.latitude}&longitude=${g.longitude}&radius=${g.radius}&limit=1`;
        const answer = (await (await fetch(`${server.baseUrl}/api/map/around?${query}`)).json()) as {
          count: number;
        };
        return { g, count: answer.count };
      }),
    );
    const biggest = counted.sort((a, b) => b.count - a.count)[0]!;
    expect(biggest.count, 'a group of more than twelve members').toBeGreaterThan(12);

    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openMap(page);
    const chips = await page.getByRole('group', { name: 'Filtres' }).getByRole('button').allTextContents();
    expect(chips).toContain('Restaurants');
    expect(chips).not.toContain('Restaurant');
    const singular = (label: string) => label.replace(/s\b/gu, '').toLowerCase();
    expect(new Set(chips.map(singular)).size, chips.join(', ')).toBe(chips.length);
    const legend = page.getByRole('list', { name: 'Légende de la carte' });
    expect(await legend.textContent()).toContain('Plusieurs établissements (zoomez)');
    expect(await legend.textContent()).toContain('Zone d’un collectif');

    // The map around one of its members: a page of it opened, then closed with ×.
    const member = (
      (await (
        await fetch(
          `${server.baseUrl}/api/map/around?latitude=${biggest.g.latitude}&longitude=${biggest.g.longitude}&radius=${biggest.g.radius}&limit=1`,
        )
      ).json()) as { establishments: { kind: string; uri: string; name: string }[] }
    ).establishments[0]!;
    await page.goto(`${server.baseUrl}/${member.kind}/${encodeURIComponent(member.uri)}`);
    await waitForRouter(page);
    await page.getByRole('button', { name: `Fermer ${member.name} et revenir à la liste` }).click();
    await page.waitForURL(mapPageUrl(server.baseUrl));
    const card = page.getByTestId('current-group');
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    // Where groups overlap, the one whose centre is nearest is current.
    const shown = counted.find(({ g }) => g.name === biggest.g.name) ?? biggest;
    await expect.poll(() => card.locator('h2').textContent()).toBe(shown.g.name);
    await expect
      .poll(() => card.locator('p').first().textContent())
      .toBe(
        `${shown.count.toLocaleString('fr-FR')} membres dans un rayon de ${shown.g.radius.toLocaleString('fr-FR')} km`,
      );
    expect(await card.getByRole('link').count()).toBe(12);
    const others = shown.count - 12;
    const more = card.getByRole('button', {
      name:
        others <= 50
          ? others === 1
            ? 'Voir l’autre membre'
            : `Voir les ${others} autres membres`
          : /^Voir 50 membres de plus/u,
    });
    await more.click();
    await expect.poll(() => card.getByRole('link').count()).toBe(Math.min(biggest.count, 12 + 50));
    expect(errors()).toEqual([]);
    await context.close();
  });
});
