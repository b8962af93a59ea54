import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  layoutShiftsOnceDrawn,
  newVisitorContext,
  paintAndFirstScript,
  waitForRouter,
  watchLayoutShifts,
  watchPageErrors,
  type Browser,
  type Page,
  axeOn,
} from './support/browser';
import { boardsToday, readOnlyDemoServer, startServer, type RunningServer } from './support/server';
import {
  MAP_DESKTOP,
  mapElement,
  mapPageUrl,
  openMapPage,
  project,
  readView,
  screenshotForDocs,
  stillView,
  textInSight,
  zoomInto,
  type Box,
  type View,
} from './support/map';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([readOnlyDemoServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

interface Group {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  radius: number;
}

const DESKTOP = MAP_DESKTOP;
/*
 * The public map in Chromium against the real `npm start`: France's first view, clusters and places, the
 * list beside the map, the current group and its boards, places opened from the map and by their address,
 * the phone's bottom sheet and detail pages, search; then the map at the scale of France (the server's
 * clusters before the feed). Its size (over 400 lines) is one journey per thing a visitor does on the map;
 * they share one server and one browser.
 */

/** A common laptop's window: France's first view there draws single places of both kinds beside clusters. */
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Listed {
  id: string;
  kind: string;
  name: string;
  uri: string;
  location: { latitude: number; longitude: number };
}
/** The public list, as the map's journeys pick their establishments from it. */
async function listed(): Promise<Listed[]> {
  return (await (await fetch(`${server.baseUrl}/api/establishments/`)).json()) as Listed[];
}
const map = mapElement;

/** « Rien n’est ouvert en ce moment » and when the first places open (« à 7 h », « demain à 7 h 30 »). */
const NOTHING_OPEN =
  'Rien n’est ouvert en ce momentLes premiers ouvrent\\s(.*\\s)?à\\s\\d+\\sh(\\s\\d\\d)?\\.';
const FIRST_OPENING = new RegExp(`^${NOTHING_OPEN}$`, 'u');

/**
 * 4 a.m. in Paris, on the server's day (its menu boards and closures are of that day): none of the demo
 * data's places is open then (its bars close at 2 at the latest, its brasseries at midnight).
 */
function parisFourAm(): number {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const parisHour = (at: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' }).format(
      at,
    );
  // Winter time, else summer time.
  const winter = Date.parse(`${day}T04:00:00+01:00`);
  return parisHour(winter) === '04' ? winter : Date.parse(`${day}T04:00:00+02:00`);
}

/** Whether this element is the one hit at its centre: nothing lies over it. */
function hitAtCentre(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && element.contains(hit);
}

async function expectNoAxeViolation(page: Page) {
  const results = await axeOn(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * What MapLibre has drawn (its layers are pixels): the map element says it once the map is still. Clusters
 * and places whoever made them; `server`: how many of them are the server's clusters and places.
 */
async function drawn(page: Page) {
  const el = map(page);
  const read = async (name: string) => Number((await el.getAttribute(`data-drawn-${name}`)) ?? 0);
  const [clusters = 0, restaurants = 0, remplisvert = 0, boards = 0, server = 0] = await Promise.all(
    ['clusters', 'restaurants', 'remplisvert', 'boards', 'server'].map(read),
  );
  return { clusters, restaurants, remplisvert, boards, server, places: clusters + restaurants + remplisvert };
}
/** How many of the clusters and places drawn are the server's. */
const drawnByServer = async (page: Page) => (await drawn(page)).server;

/** Today's menu boards around the map's view (its box at this zoom), as the map asks for them. */
async function boardsAround<Board>(view: View, box: Box): Promise<Board[]> {
  const span = (360 / (512 * 2 ** view.zoom)) * (box.width / 2);
  const response = await fetch(`${server.baseUrl}/menuboards/surrounding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      categories: [],
      northEast: { latitude: view.latitude + span / 2, longitude: view.longitude + span },
      southWest: { latitude: view.latitude - span / 2, longitude: view.longitude - span },
    }),
  });
  return (await response.json()) as Board[];
}

/** The first of what is drawn well inside the map's box with nothing else within 40 px: alone under a click. */
function aloneInBox<T extends { at: { x: number; y: number } }>(drawn: T[], box: Box): T | undefined {
  const inBox = (p: { x: number; y: number }) =>
    p.x > box.x + 60 && p.x < box.x + box.width - 60 && p.y > box.y + 60 && p.y < box.y + box.height - 60;
  return drawn.find(
    ({ at }) => inBox(at) && drawn.every((o) => o.at === at || Math.hypot(o.at.x - at.x, o.at.y - at.y) > 40),
  );
}

async function openMap(page: Page) {
  await openMapPage(page, server.baseUrl);
  await expect.poll(async () => (await drawn(page)).places, { timeout: 20_000 }).toBeGreaterThan(0);
}

/** How many times the page has asked for the whole map feed so far. */
function feedRequests(page: Page): () => number {
  let feeds = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/map/feed') feeds += 1;
  });
  return () => feeds;
}

/** A desktop visitor on the map, zoomed with the mouse wheel into the group of Nantes. */
/** The map on a desktop, zoomed into where `where` says once France is shown. */
async function openAt(zoom: number, where: (page: Page) => Promise<{ latitude: number; longitude: number }>) {
  const context = await newVisitorContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await openMap(page);
  const { latitude, longitude } = await where(page);
  await zoomInto(page, latitude, longitude, zoom);
  return { context, page, errors };
}

async function openNantes(zoom: number) {
  const groups = (await (await fetch(`${server.baseUrl}/api/groups/`)).json()) as Group[];
  const nantes = groups.find((g) => g.name.includes('Nantes'))!;
  return openAt(zoom, () => Promise.resolve(nantes));
}

/**
 * The map at `zoom` around a place with today's board, among those France's first view shows the one with
 * the most places around it: which places have a board changes with the day, and a fixed town may have none
 * in view on some days.
 */
async function openAtABoard(zoom: number) {
  const feed = (await (await fetch(`${server.baseUrl}/api/map/feed`)).json()) as {
    establishments: [string, string, string, number, number][];
  };
  const around = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
    feed.establishments.filter((e) => Math.abs(e[3] - latitude) < 0.01 && Math.abs(e[4] - longitude) < 0.02)
      .length;
  const places = (await boardsToday(server.baseUrl)).map((b) => b.establishment);
  return openAt(zoom, async (page) => {
    const [view, box] = [await stillView(page), (await map(page).boundingBox())!];
    const inView = places.filter(({ location }) => {
      const { x, y } = project(view, box, location.latitude, location.longitude);
      return x > box.x + 50 && x < box.x + box.width - 50 && y > box.y + 50 && y < box.y + box.height - 50;
    });
    expect(inView.length, 'menu boards today in the first view').toBeGreaterThan(0);
    inView.sort((a, b) => around(b.location) - around(a.location) || a.id.localeCompare(b.id));
    return inView[0]!.location;
  });
}

/**
 * A place clicked, hovered, a card hovered, a board clicked: the same whoever clusters the places, the map
 * (a few thousand establishments) or the server (at the scale of France, MAP_SERVER_CLUSTERS_FROM).
 */
function pointerJourneys() {
  it('opens the page of an establishment clicked on the map at zoom 16, and comes back on clear', async () => {
    const { context, page, errors } = await openNantes(14);

    await expect
      .poll(async () => (await drawn(page)).restaurants + (await drawn(page)).remplisvert, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    // The place drawn nearest the centre of the map, clicked where the map draws it: well inside the map's
    // box, away from its controls.
    // Tuples of kind, name, uri, latitude, longitude...
    const feed = (await (await fetch(`${server.baseUrl}/api/map/feed`)).json()) as {
      establishments: [string, string, string, number, number][];
    };
    const still = await stillView(page);
    const box = (await map(page).boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const inBox = (p: { x: number; y: number }) =>
      p.x > box.x + 60 && p.x < box.x + box.width - 60 && p.y > box.y + 60 && p.y < box.y + box.height - 60;
    const fromCentre = (p: { x: number; y: number }) => Math.hypot(p.x - centre.x, p.y - centre.y);
    const target = feed.establishments
      .map((e) => project(still, box, e[3], e[4]))
      .filter(inBox)
      .reduce<{ x: number; y: number } | undefined>(
        (best, p) => (best === undefined || fromCentre(p) < fromCentre(best) ? p : best),
        undefined,
      );
    expect(target, 'a place drawn inside the map').toBeDefined();
    await page.mouse.click(target!.x, target!.y);
    await page.waitForURL(/\/(restaurant|remplisvert)\//u);
    await expect.poll(async () => (await readView(page)).zoom, { timeout: 15_000 }).toBe(16);
    // The page opened is the one of a place drawn under the click (another one may be drawn on top).
    const uri = decodeURIComponent(new URL(page.url()).pathname).split('/').at(-1);
    const { id } = (await listed()).find((e) => e.uri === uri)!;
    const establishment = (await (await fetch(`${server.baseUrl}/establishment/${id}/public`)).json()) as {
      uri: string;
      name: string;
      location: { latitude: number; longitude: number };
    };
    expect(decodeURIComponent(new URL(page.url()).pathname)).toContain(establishment.uri);
    const view = await readView(page);
    expect(view.latitude).toBeCloseTo(establishment.location.latitude, 3);
    expect(view.longitude).toBeCloseTo(establishment.location.longitude, 3);

    // History push: back returns to the map.
    await page.getByRole('button', { name: `Fermer ${establishment.name} et revenir à la liste` }).click();
    await page.waitForURL(mapPageUrl(server.baseUrl));
    await expect.poll(() => page.getByTestId('establishment-list').count()).toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: /^Fermer .* et revenir à la liste$/u }).count())
      .toBe(0);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('names the place under the mouse, rings the place of the card under it, opens the place of a board', async () => {
    const { context, page, errors } = await openAtABoard(14);
    // Tuples of kind, name, uri, latitude, longitude...
    const feed = (await (await fetch(`${server.baseUrl}/api/map/feed`)).json()) as {
      establishments: ['restaurant' | 'remplisvert', string, string, number, number][];
    };
    const still = await stillView(page);
    const box = (await map(page).boundingBox())!;
    const drawnAt = feed.establishments.map((e) => ({ e, at: project(still, box, e[3], e[4]) }));
    const halo = page.locator('.tv-halo');

    // A place alone where it is drawn: the mouse over it names it and rings it.
    const alone = aloneInBox(drawnAt, box);
    expect(alone, 'a place drawn alone inside the map').toBeDefined();
    await page.mouse.move(alone!.at.x, alone!.at.y);
    const label = alone!.e[0] === 'restaurant' ? 'Restaurant' : 'Remplis vert';
    await expect
      .poll(() => page.locator('canvas.maplibregl-canvas').getAttribute('title'))
      .toBe(`${label} : ${alone!.e[1]}`);
    await expect.poll(() => halo.count()).toBe(1);
    const ring = (await halo.boundingBox())!;
    expect(Math.abs(ring.x + ring.width / 2 - alone!.at.x)).toBeLessThan(3);
    expect(Math.abs(ring.y + ring.height / 2 - alone!.at.y)).toBeLessThan(3);

    // A card of the list under the mouse: its place ringed on the map, wherever it is.
    const cards = page.getByTestId('establishment-list').locator('li');
    // The card's link names its place by address, unique where names are not (the demo data has several
    // « Le Camion Pizza »).
    const href = (await cards.first().locator('a').first().getAttribute('href'))!;
    const uri = decodeURIComponent(href).split('/').at(-1);
    const place = drawnAt.find(({ e }) => e[2] === uri);
    expect(place, `the first card's place (${href}) in the feed`).toBeDefined();
    await cards.first().hover();
    await expect
      .poll(async () => {
        const at = await halo.boundingBox();
        return at === null
          ? Infinity
          : Math.hypot(at.x + at.width / 2 - place!.at.x, at.y + at.height / 2 - place!.at.y);
      })
      .toBeLessThan(3);
    await page.mouse.move(box.x + box.width - 5, box.y + box.height / 2);
    await expect.poll(() => halo.count()).toBe(0);

    // Today's boards are drawn beside their place (16 px right, 16 px up): one clicked opens its place.
    await expect.poll(async () => (await drawn(page)).boards, { timeout: 15_000 }).toBeGreaterThan(0);
    const view = await stillView(page);
    const around = await boardsAround<{
      establishment: { uri: string; location: { latitude: number; longitude: number } };
    }>(view, box);
    const badges = around.map((b) => {
      const at = project(view, box, b.establishment.location.latitude, b.establishment.location.longitude);
      return { uri: b.establishment.uri, at: { x: at.x + 16, y: at.y - 16 } };
    });
    const badge = aloneInBox(badges, box);
    expect(badge, 'a board drawn alone inside the map').toBeDefined();
    await page.mouse.click(badge!.at.x, badge!.at.y);
    await page.waitForURL(/\/(restaurant|remplisvert)\//u);
    expect(decodeURIComponent(new URL(page.url()).pathname).split('/').at(-1)).toBe(badge!.uri);
    expect(errors()).toEqual([]);
    await context.close();
  });
}

describe('the map page', () => {
  it('shows all of France with clustered establishments of both kinds and the list beside it', async () => {
    const context = await newVisitorContext(browser, { viewport: LAPTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // A cluster image made too late for the tile asking for it: the tile is drawn without that cluster.
    const missingImages: string[] = [];
    page.on('console', (message) => {
      if (/could not be loaded/.test(message.text())) missingImages.push(message.text().slice(0, 80));
    });
    await openMap(page);
    const view = await readView(page);
    // France fitted into the map (e2e/going-back.test.ts checks its ends are in view): under zoom 6 here.
    expect(view.zoom).toBeGreaterThan(4.5);
    expect(view.zoom).toBeLessThan(6);
    expect(Math.abs(view.latitude - 46.4)).toBeLessThan(0.5);
    expect(view.group).toBe('');
    await expect.poll(async () => (await drawn(page)).clusters).toBeGreaterThan(0);
    // Both kinds have their own shape: disc for restaurants, diamond for "Remplis vert".
    await expect.poll(async () => (await drawn(page)).restaurants).toBeGreaterThan(0);
    await expect.poll(async () => (await drawn(page)).remplisvert).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('establishment-list').locator('li').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'dans cette zone' }).textContent())
      .toMatch(/\d+ établissements dans cette zone/);
    // The controls speak French.
    await expect.poll(() => page.getByRole('button', { name: 'Autour de moi' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Zoomer', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Plein écran' }).count()).toBe(1);
    await page.screenshot({ path: path.join(os.tmpdir(), 'map-desktop.png') }).catch(() => undefined);
    expect(missingImages).toEqual([]);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('draws the server’s clusters of the view while the whole feed is on its way, then its own in their place', async () => {
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // The feed of every establishment held back, as a slow network would (3.8 MB at 200,000).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/map/feed', async (route) => {
      await released;
      await route.continue();
    });
    const preview = () => drawnByServer(page);
    await page.goto(server.baseUrl);
    await expect.poll(preview, { timeout: 30_000 }).toBeGreaterThan(0);
    const france = await stillView(page);
    const shownFirst = await preview();
    // Everything drawn is the server's.
    expect((await drawn(page)).places).toBe(shownFirst);

    // A cluster of the preview, clicked, opens on the zoom at which it parts; the view's clusters follow.
    const box = (await map(page).boundingBox())!;
    const span = 360 / (512 * 2 ** france.zoom);
    const query = new URLSearchParams({
      west: String(france.longitude - span * (box.width / 2)),
      east: String(france.longitude + span * (box.width / 2)),
      south: String(france.latitude - span * (box.height / 2)),
      north: String(france.latitude + span * (box.height / 2)),
      zoom: String(Math.floor(france.zoom)),
    });
    const answer = (await (await fetch(`${server.baseUrl}/api/map/points?${query}`)).json()) as {
      features: { type: string; latitude: number; longitude: number; expansionZoom?: number }[];
    };
    const clusters = answer.features
      .filter((f) => f.type === 'cluster')
      .map((f) => ({ ...f, at: project(france, box, f.latitude, f.longitude) }));
    const cluster = aloneInBox(clusters, box)!;
    expect(cluster).toBeDefined();
    await page.mouse.click(cluster.at.x, cluster.at.y);
    await expect
      .poll(async () => (await stillView(page)).zoom, { timeout: 15_000 })
      .toBeCloseTo(cluster.expansionZoom!, 1);
    await expect.poll(preview).toBeGreaterThan(0);
    await stillView(page);
    const previewed = await preview();
    expect((await drawn(page)).places).toBe(previewed);

    // The feed comes: the map's own places replace the preview, clustered alike (as many drawn).
    release();
    await expect.poll(preview, { timeout: 20_000 }).toBe(0);
    await stillView(page);
    expect((await drawn(page)).places).toBe(previewed);
    expect(shownFirst).toBeGreaterThan(0);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('keeps the server’s clusters and list when the feed cannot be loaded; a filter asks for it again', async () => {
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    let refused = true;
    let refusals = 0;
    await page.route('**/api/map/feed', async (route) => {
      if (!refused) return route.continue();
      refusals += 1;
      return route.abort('failed');
    });
    // The map's chunk arrives after both attempts have failed, as on a slow phone (seen in CI): the canvas
    // mounting then must not ask for the feed twice again.
    await page.route('**/assets/map-chunk.client-*.js', async (route) => {
      await expect.poll(() => refusals, { timeout: 15_000 }).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return route.continue();
    });
    const preview = () => drawnByServer(page);
    await page.goto(server.baseUrl);
    await expect.poll(preview, { timeout: 30_000 }).toBeGreaterThan(0);
    // The list of the view comes from the server meanwhile: the visitor sees it, not an error.
    const status = page.getByRole('status').filter({ hasText: 'dans cette zone' });
    await expect.poll(() => status.count(), { timeout: 20_000 }).toBe(1);
    // Not only while the feed was being asked again: still there once every attempt has failed (the site
    // asks once more after a failure: `retry: 1` in lib/query-provider.tsx).
    await expect.poll(() => refusals, { timeout: 15_000 }).toBe(2);
    await stillView(page);
    expect(await preview()).toBeGreaterThan(0);
    expect((await drawn(page)).places).toBe(await preview());
    expect(await status.textContent()).toMatch(/\d+ établissements dans cette zone/u);
    expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    expect(refusals).toBe(2);

    // A filter needs the feed: its failure is said, and "Réessayer" loads it.
    await page.getByRole('button', { name: 'Remplis vert', exact: true }).click();
    const retry = page.getByRole('button', { name: 'Réessayer' });
    await expect.poll(() => retry.count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'pas pu être chargée' }).count())
      .toBe(1);
    refused = false;
    await retry.click();
    await expect.poll(preview, { timeout: 20_000 }).toBe(0);
    await expect.poll(async () => (await drawn(page)).remplisvert).toBeGreaterThan(0);
    expect((await drawn(page)).restaurants).toBe(0);
    await context.close();
  });

  it('has no accessibility violation (axe)', async () => {
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await openMap(page);
    const results = await axeOn(page).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await context.close();
  });

  it('says when « Autour de moi » is refused by the browser and offers the town search', async () => {
    // No location permission given: the browser refuses it, as when a visitor said no (MapLibre only greyed
    // its button, issue 49).
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openMap(page);
    await page.getByRole('button', { name: 'Autour de moi' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'localisation' });
    await expect
      .poll(() => alert.textContent(), { timeout: 10_000 })
      .toMatch(
        /^La localisation est désactivée pour ce site\. Autorisez-la dans les réglages du navigateur, ou cherchez une ville\./,
      );
    await alert.getByRole('button', { name: 'Chercher une ville' }).click();
    expect(await alert.count()).toBe(0);
    expect(
      await page
        .getByRole('combobox', { name: 'Rechercher' })
        .evaluate((input) => input === document.activeElement),
    ).toBe(true);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('says on a phone when « Autour de moi » is refused, over the map and above the sheet (axe)', async () => {
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openMap(page);
    await page.getByRole('button', { name: 'Autour de moi' }).tap();
    const alert = page.getByRole('alert').filter({ hasText: 'localisation' });
    await expect.poll(() => alert.count(), { timeout: 10_000 }).toBe(1);
    // In sight: inside the screen, over the map, not under the list's sheet.
    await expect
      .poll(() => textInSight(page, 'La localisation est désactivée pour ce site.'), { timeout: 10_000 })
      .toBe(true);
    expect(await textInSight(page, 'Chercher une ville')).toBe(true);
    await expectNoAxeViolation(page);
    // The town search: its field focused, the sheet raised to full height with it.
    await alert.getByRole('button', { name: 'Chercher une ville' }).tap();
    expect(await alert.count()).toBe(0);
    const search = page.getByRole('combobox', { name: 'Rechercher' });
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect
      .poll(() => page.locator('.tv-sheet-handle').getAttribute('aria-label'))
      .toBe('Réduire la liste');
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('draws nothing at 4 a.m. with « Ouvert maintenant » on a phone and says why over the map, with the way out', async () => {
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.clock.install({ time: parisFourAm() });
    await openMap(page);
    // The chip tapped as the sheet first shows it, at its lowest: the sheet stays there.
    await page.getByRole('button', { name: 'Ouvert maintenant' }).tap();
    await expect.poll(async () => (await drawn(page)).places, { timeout: 20_000 }).toBe(0);
    // Said once to screen readers, by the list's status line.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Rien n’est ouvert' }).textContent(), {
        timeout: 10_000,
      })
      .toMatch(FIRST_OPENING);
    // And in sight, over the empty map: the list's line was ~450 px down a sheet showing its first 140 px
    // (issue 49). The search field and the chips stay in sight too.
    await expect.poll(() => textInSight(page, 'Rien n’est ouvert en ce moment')).toBe(true);
    expect(await textInSight(page, 'Les premiers ouvrent ')).toBe(true);
    const notice = page.getByTestId('map-empty-notice');
    expect(await notice.textContent()).toMatch(new RegExp(`^${NOTHING_OPEN}Retirer les filtres$`, 'u'));
    for (const element of [
      page.getByRole('combobox', { name: 'Rechercher' }),
      page.getByRole('button', { name: 'Ouvert maintenant' }),
    ]) {
      expect(await element.evaluate(hitAtCentre)).toBe(true);
    }
    expect(await page.locator('.tv-sheet-handle').getAttribute('aria-label')).toBe('Agrandir la liste');
    await expectNoAxeViolation(page);
    await screenshotForDocs(page, 'issue49-1-after-open-now-night-phone');

    // The way out, in sight: the places come back, the note goes.
    const removeFilters = notice.getByRole('button', { name: 'Retirer les filtres' });
    expect(await textInSight(page, 'Retirer les filtres')).toBe(true);
    await removeFilters.tap();
    await expect.poll(async () => (await drawn(page)).places, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await notice.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ouvert maintenant' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('draws nothing at 4 a.m. with « Ouvert maintenant » on a desktop, the list beside saying why (axe)', async () => {
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.clock.install({ time: parisFourAm() });
    await openMap(page);
    await page.getByRole('button', { name: 'Ouvert maintenant' }).click();
    await expect.poll(async () => (await drawn(page)).places, { timeout: 20_000 }).toBe(0);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Rien n’est ouvert' }).textContent(), {
        timeout: 10_000,
      })
      .toMatch(FIRST_OPENING);
    // The list beside the map says it, in sight; no « dézoomez » with all of France in view, and no note
    // over the map (the phone's): one « Retirer les filtres ».
    expect(await textInSight(page, 'Rien n’est ouvert en ce moment')).toBe(true);
    expect(await textInSight(page, 'Les premiers ouvrent ')).toBe(true);
    expect(await page.getByText(/dézoomez/u).count()).toBe(0);
    expect(await page.getByTestId('map-empty-notice').isVisible()).toBe(false);
    const removeFilters = page.getByRole('button', { name: 'Retirer les filtres' });
    expect(await removeFilters.count()).toBe(1);
    expect(await textInSight(page, 'Retirer les filtres')).toBe(true);
    await expectNoAxeViolation(page);
    await screenshotForDocs(page, 'issue49-1-after-open-now-night-desktop');

    await removeFilters.click();
    await expect.poll(async () => (await drawn(page)).places, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'dans cette zone' }).textContent())
      .toMatch(/^\d+ établissements dans cette zone$/u);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('makes the group under the centre current from zoom 9, shows and filters its menu boards', async () => {
    const groups = (await (await fetch(`${server.baseUrl}/api/groups/`)).json()) as Group[];
    const lyon = groups.find((g) => g.name.includes('Lyon'))!;
    expect(lyon).toBeDefined();
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openMap(page);

    await zoomInto(page, lyon.latitude, lyon.longitude, 8);
    expect((await readView(page)).group).toBe('');
    await expect.poll(() => page.getByTestId('current-group').count()).toBe(0);

    await zoomInto(page, lyon.latitude, lyon.longitude, 10.5);
    await expect.poll(async () => (await readView(page)).group, { timeout: 10_000 }).toBe(lyon.id);
    const banner = page.getByTestId('current-group');
    await expect.poll(() => banner.getByRole('heading').textContent()).toBe(lyon.name);
    await expect.poll(() => banner.getByRole('link').count()).toBeGreaterThan(0);

    // Today's menu boards of the visible area, on the map and in the list.
    const boards = page.getByTestId('menu-board-list').locator(':scope > li');
    await expect.poll(() => boards.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await drawn(page)).boards).toBeGreaterThan(0);
    const before = await boards.count();
    await expect.poll(() => boards.first().textContent()).toMatch(/\d+,\d{2}\s€/u);

    // Filter by a category found in those boards, typed as a visitor does (search as you type).
    const around = await boardsAround<{ items: { category: string }[] }>(
      await readView(page),
      (await map(page).boundingBox())!,
    );
    const categoryId = around[0]!.items[0]!.category;
    const category = (await (
      await fetch(`${server.baseUrl}/api/categories/category/${categoryId}`)
    ).json()) as {
      name: string;
    };
    const input = page.getByRole('combobox', { name: 'Catégories de plats' });
    await input.click();
    // The whole name: past the first letters, many categories match ("Cuisine ...") and the search shows
    // only the first 10.
    await input.pressSequentially(category.name, { delay: 30 });
    await page.getByRole('option', { name: category.name, exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: category.name }).count()).toBeGreaterThan(0);
    await expect.poll(() => boards.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => boards.count()).toBeLessThanOrEqual(before);

    // Below zoom 9 there is no current group any more.
    const zoomOut = page.getByRole('button', { name: 'Dézoomer', exact: true });
    for (let i = 0; i < 4 && (await readView(page)).zoom >= 9; i += 1) {
      const from = (await readView(page)).zoom;
      await zoomOut.click();
      // Once the map has eased out a level and stopped.
      await expect.poll(async () => (await readView(page)).zoom).toBeLessThanOrEqual(from - 0.99);
      await stillView(page);
    }
    await expect.poll(async () => (await readView(page)).zoom).toBeLessThan(9);
    await expect.poll(() => page.getByTestId('current-group').count()).toBe(0);
    expect(errors()).toEqual([]);
    await context.close();
  });

  pointerJourneys();
  sameNameJourney();

  it('keeps the dish categories and « Sans… » filters in the address: a reload and a shared link show them', async () => {
    const { categories } = (await (
      await fetch(`${server.baseUrl}/api/categories/search?searchTerm=&limit=1`)
    ).json()) as { categories: { id: string; name: string }[] };
    const category = categories[0]!;
    const groups = (await (await fetch(`${server.baseUrl}/api/groups/`)).json()) as Group[];
    const lyon = groups.find((g) => g.name.includes('Lyon'))!;
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Where today's boards are asked for (from zoom 9), with the filters given.
    await page.goto(`${server.baseUrl}/#carte=11/${lyon.latitude}/${lyon.longitude}`);
    await expect.poll(() => map(page).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    const input = page.getByRole('combobox', { name: 'Catégories de plats' });
    await input.click();
    await input.pressSequentially(category.name, { delay: 30 });
    await page.getByRole('option', { name: category.name, exact: true }).click();
    await page.getByRole('button', { name: /Filtrer les plats/ }).click();
    await page.getByRole('checkbox', { name: 'Sans gluten' }).check();
    await page.getByRole('button', { name: 'Fermer les filtres' }).click();
    // Written with the rest of the view: the category by its id, the allergen by its key.
    const hash = (target: Page) => decodeURIComponent(new URL(target.url()).hash);
    await expect
      .poll(() => hash(page))
      .toMatch(new RegExp(`^#carte=.*&plats=${category.id}&sans=gluten$`, 'u'));

    /** The chips say the filters again, by their names, and the boards are asked with them. */
    const sameFilters = async (target: Page, round: string) => {
      const chips = (name: string) => target.getByRole('button', { name, exact: true });
      await expect.poll(() => chips(`Retirer ${category.name}`).count(), { timeout: 15_000 }).toBe(1);
      expect(await chips('Retirer le filtre Sans gluten').count(), round).toBe(1);
      expect(await target.getByRole('button', { name: 'Retirer cette catégorie' }).count(), round).toBe(0);
      expect(await target.getByRole('button', { name: /Filtrer les plats/ }).textContent(), round).toContain(
        '1 filtre',
      );
    };
    const boardsAsked = (target: Page) =>
      target.waitForRequest((request) => {
        if (new URL(request.url()).pathname !== '/menuboards/surrounding') return false;
        const body = JSON.parse(request.postData() ?? '{}') as {
          categories?: string[];
          excludeAllergens?: string[];
        };
        return body.categories?.join() === category.id && body.excludeAllergens?.join() === 'gluten';
      });
    const shared = page.url();
    const askedAgain = boardsAsked(page);
    await page.reload();
    await askedAgain;
    await sameFilters(page, 'reload');
    expect(hash(page)).toMatch(new RegExp(`&plats=${category.id}&sans=gluten$`, 'u'));

    // The link, opened by someone else; then with a category the server does not know, which goes.
    const friend = await newVisitorContext(browser, { viewport: DESKTOP });
    const other = await friend.newPage();
    const otherErrors = watchPageErrors(other);
    const asked = boardsAsked(other);
    await other.goto(shared);
    await asked;
    await sameFilters(other, 'link');
    const unknown = '0badc0de-0000-4000-8000-000000000000';
    await other.goto(shared.replace(`plats=${category.id}`, `plats=${unknown},${category.id}`));
    await other.reload();
    await sameFilters(other, 'unknown id');
    await expect.poll(() => hash(other)).toMatch(new RegExp(`&plats=${category.id}&sans=gluten$`, 'u'));
    // A 404 for the unknown category is expected in the console: nothing else.
    expect(otherErrors().filter((e) => !e.includes('404'))).toEqual([]);
    expect(errors()).toEqual([]);
    await friend.close();
    await context.close();
  });

  it('centres on an establishment at zoom 16 when its page is opened directly', async () => {
    const list = await listed();
    const target = list.find((e) => e.kind === 'remplisvert')!;
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const response = await page.goto(`${server.baseUrl}/remplisvert/${encodeURIComponent(target.uri)}`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => map(page).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(async () => (await readView(page)).zoom, { timeout: 15_000 }).toBe(16);
    const view = await readView(page);
    expect(view.latitude).toBeCloseTo(target.location.latitude, 3);
    expect(view.longitude).toBeCloseTo(target.location.longitude, 3);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('shows a detail page on a phone without the map, which starts once the visitor goes to it', async () => {
    // A restaurant with a menu board today: its page is taller than the screen whatever the day (without
    // one, some pages are short enough for the map to be in view, and it rightly starts at once).
    const boards = await boardsAround<{ establishment: { id: string } }>(
      { zoom: 5, latitude: 46.6, longitude: 2.4, group: '' },
      { x: 0, y: 0, width: 1400, height: 1400 },
    );
    const withBoard = new Set(boards.map((b) => b.establishment.id));
    const list = await listed();
    const target = list.find((e) => e.kind === 'restaurant' && withBoard.has(e.id))!;
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const mapScripts: string[] = [];
    page.on('request', (request) => {
      if (/map-chunk|maplibre/u.test(request.url())) mapScripts.push(request.url());
    });
    const response = await page.goto(`${server.baseUrl}/restaurant/${encodeURIComponent(target.uri)}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1, name: target.name }).isVisible()).toBe(true);
    // Hydrated and quiet: the content first, the map after it, below the screen, not started.
    await waitForRouter(page);
    await page.waitForLoadState('networkidle');
    const area = page.locator('.tv-map-area');
    expect(await area.getAttribute('data-map-started')).toBe('false');
    expect(mapScripts).toEqual([]);
    const [articleBox, mapBox] = await Promise.all([
      page.getByRole('article').boundingBox(),
      page.locator('#carte').boundingBox(),
    ]);
    expect(mapBox!.y).toBeGreaterThanOrEqual(articleBox!.y + articleBox!.height - 1);
    expect(mapBox!.y).toBeGreaterThan(844);
    const results = await axeOn(page).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    await page.getByRole('link', { name: 'Voir sur la carte' }).tap();
    await expect.poll(() => map(page).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    expect(mapScripts.length).toBeGreaterThan(0);
    const view = await stillView(page);
    expect(view.zoom).toBe(16);
    expect(view.latitude).toBeCloseTo(target.location.latitude, 3);
    expect(view.longitude).toBeCloseTo(target.location.longitude, 3);
    const onScreen = await page.evaluate(() => {
      const box = document.getElementById('carte')!.getBoundingClientRect();
      return box.top < window.innerHeight && box.bottom > 0;
    });
    expect(onScreen).toBe(true);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('keeps a phone detail page still while its HTML arrives in two parts', async () => {
    const target = (await listed()).find((e) => e.kind === 'restaurant')!;
    const pagePath = `/restaurant/${encodeURIComponent(target.uri)}`;
    const html = await (await fetch(`${server.baseUrl}${pagePath}`)).text();
    // A slow network: the page up to the establishment's name, then the rest 800 ms later; the browser
    // shows the first part meanwhile. Every other request goes to the server as it is.
    const cut = html.indexOf('</h1>') + '</h1>'.length;
    expect(cut).toBeGreaterThan(5);
    const slow = http.createServer((request, response) => {
      if (request.url === pagePath) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.write(html.slice(0, cut));
        setTimeout(() => response.end(html.slice(cut)), 800);
        return;
      }
      fetch(`${server.baseUrl}${request.url}`).then(
        async (answer) => {
          const body = Buffer.from(await answer.arrayBuffer());
          response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
          response.end(body);
        },
        () => response.destroy(),
      );
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    try {
      await watchLayoutShifts(page);
      const { port } = slow.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}${pagePath}`);
      await waitForRouter(page);
      const shifts = await layoutShiftsOnceDrawn(page);
      // The map comes after the content as the page arrives: nothing above it moves it down (the fonts
      // moving the text by a pixel or two weigh about 0.006).
      expect(shifts.filter((s) => s.nodes.some((n) => n.includes('tv-map'))).map((s) => s.value)).toEqual([]);
      expect(shifts.reduce((sum, s) => sum + s.value, 0)).toBeLessThan(0.05);
    } finally {
      await context.close();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('keeps the list beside the map in place on a desktop with classic scrollbars as its places arrive', async () => {
    // The panel's scrollbar came with the places (« Chargement des établissements… » needs none): the list
    // narrowed by its width and its text wrapped anew, a layout shift of 0.22 in Lighthouse's desktop run.
    const withScrollbars = await launchBrowser({ scrollbars: true });
    const context = await newVisitorContext(withScrollbars, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    try {
      await watchLayoutShifts(page);
      await page.goto(server.baseUrl);
      const panel = page.locator('.tv-shell__panel');
      await page.locator('.tv-establishment-card').first().waitFor();
      // The scrollbar takes room here, as it would on such a desktop.
      expect(await panel.evaluate((p: HTMLElement) => p.offsetWidth - p.clientWidth)).toBeGreaterThan(1);
      const shifts = await layoutShiftsOnceDrawn(page);
      expect(shifts.reduce((sum, s) => sum + s.value, 0)).toBeLessThan(0.05);
      expect(errors()).toEqual([]);
    } finally {
      await context.close();
      await withScrollbars.close();
    }
  });

  it('starts the map on a phone going from a detail page to the map page without scrolling', async () => {
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // A page whose map lies well below the fold: how long a page is depends on the day (the demo's
    // boards change every day), so the journey looks for one instead of taking the first.
    const below = async () =>
      page.evaluate(
        () => document.querySelector('.tv-map-area')!.getBoundingClientRect().top - window.innerHeight,
      );
    let found = false;
    for (const target of (await listed()).slice(0, 20)) {
      await page.goto(`${server.baseUrl}/${target.kind}/${encodeURIComponent(target.uri)}`);
      if ((await below()) > 300) {
        found = true;
        break;
      }
    }
    expect(found, 'no detail page among the first twenty puts its map 300 px below the fold').toBe(true);
    await waitForRouter(page);
    // Hydrated, the map area observed: once the browser has looked where it is as the site does (its
    // START_MARGIN, map-area.tsx), and a few frames more for what the site would do of it, it is far from
    // the viewport and the map has not started.
    const nearAtFirst = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const observer = new IntersectionObserver(
            async (entries) => {
              observer.disconnect();
              for (let i = 0; i < 3; i += 1) await new Promise((r) => requestAnimationFrame(r));
              resolve(entries.some((entry) => entry.isIntersecting));
            },
            { rootMargin: '150px 0px' },
          );
          observer.observe(document.querySelector('.tv-map-area')!);
        }),
    );
    expect(nearAtFirst).toBe(false);
    expect(await page.locator('.tv-map-area').getAttribute('data-map-started')).toBe('false');
    await page.getByRole('link', { name: 'Tables Voisines' }).tap();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => map(page).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(async () => (await drawn(page)).places, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('lays the list out as a bottom sheet over the map on a phone', async () => {
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openMap(page);
    // The sheet lies over the whole map, its controls included (MapLibre's attribution sits in the
    // bottom-right corner, under the sheet).
    const covered = await page.evaluate(() => {
      const panel = document.querySelector('.tv-shell__panel')!;
      const box = panel.getBoundingClientRect();
      return [
        [box.right - 20, box.bottom - 20],
        [box.left + 20, box.bottom - 20],
        [box.right - 20, box.top + 40],
      ].map(([x, y]) => panel.contains(document.elementFromPoint(x!, y!)));
    });
    expect(covered).toEqual([true, true, true]);
    const sheetButton = page.getByRole('button', { name: 'Agrandir la liste' });
    await sheetButton.click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Afficher la liste en plein écran' }).count())
      .toBe(1);
    await page.screenshot({ path: path.join(os.tmpdir(), 'map-mobile.png') }).catch(() => undefined);

    // The handle dragged: one height down, then up twice; a short move is a tap (the next height).
    const handle = page.locator('.tv-sheet-handle');
    const sheetState = () => handle.getAttribute('aria-label');
    const drag = async (dy: number) => {
      // Once the sheet has stopped moving (its height is animated): hovering waits for a stable element.
      await handle.hover();
      const box = (await handle.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + dy, { steps: 6 });
      await page.mouse.up();
    };
    await drag(80);
    await expect.poll(sheetState).toBe('Agrandir la liste');
    await drag(-80);
    await expect.poll(sheetState).toBe('Afficher la liste en plein écran');
    await drag(-80);
    await expect.poll(sheetState).toBe('Réduire la liste');
    await drag(-80);
    await expect.poll(sheetState).toBe('Réduire la liste');
    await drag(6);
    await expect.poll(sheetState).toBe('Agrandir la liste');

    // At its lowest, typing a search raises the sheet to full height: its results in view, not under the field.
    const search = page.getByRole('combobox', { name: 'Rechercher' });
    await search.tap();
    await expect.poll(sheetState).toBe('Réduire la liste');
    await expect
      .poll(async () => (await page.locator('.tv-shell__panel').boundingBox())!.height)
      .toBeGreaterThan(PHONE.viewport.height / 2);
    // The sheet's height is animated: its field reaches the top half once the move has ended.
    await expect
      .poll(async () => {
        const box = (await search.boundingBox())!;
        return box.y + box.height;
      })
      .toBeLessThan(PHONE.viewport.height / 2);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('asks for its scripts once painted on a phone, and keeps a search typed before they run (decision 0093)', async () => {
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // The page's scripts held until the search is typed: the visitor is faster than the phone's network.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    });
    const response = await page.goto(`${server.baseUrl}/`);
    const html = await response!.text();
    // No preload in the HTML: the page's module script adds them once its content is painted.
    expect(html).not.toContain('<link rel="modulepreload"');
    const hrefs = JSON.parse(/const preloads = (\[[^\]]*\]);/.exec(html)![1]!) as string[];
    expect(hrefs.length).toBeGreaterThan(5);
    // The search field is painted with no script run (the list is asked for by the page once it runs).
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const search = page.getByRole('combobox', { name: 'Rechercher' });
    expect(await search.isVisible()).toBe(true);
    await search.tap();
    await search.pressSequentially('Clermont');
    expect(await page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(false);
    // The scripts were asked for after the first paint, none before.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    release();
    await waitForRouter(page);
    const { painted, firstScript } = await paintAndFirstScript(page);
    expect(firstScript).toBeGreaterThan(painted);
    // Hydrated, the search typed meanwhile is still there, and answered.
    await expect.poll(() => search.inputValue()).toBe('Clermont');
    await expect
      .poll(() => page.getByRole('option', { name: /Clermont-Ferrand/ }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect.poll(async () => (await drawn(page)).places, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('takes a search whose places are all out of view to them, and fits all of France on a phone', async () => {
    // West of Brittany, searched from the map around a place of the east (a page closed with ×).
    const all = (await listed()) as (Listed & { address: { town: string } })[];
    const far = all.find((e) => e.location.longitude < -3.5)!;
    const east = all.find((e) => e.location.longitude > 6.5)!;
    expect(far).toBeDefined();
    expect(east).toBeDefined();
    // The map jumps instead of flying: what is tested is where it goes.
    const context = await newVisitorContext(browser, { ...PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/${east.kind}/${encodeURIComponent(east.uri)}`);
    await waitForRouter(page);
    await page.getByRole('button', { name: `Fermer ${east.name} et revenir à la liste` }).tap();
    await page.waitForURL(mapPageUrl(server.baseUrl));
    await expect.poll(() => map(page).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    const status = page.getByRole('status').filter({ hasText: 'dans cette zone' });
    const search = page.getByRole('combobox', { name: 'Rechercher' });
    await search.fill(`${far.name} ${far.address.town}`);
    // The nearest of them named too (issue 49, point 5).
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toMatch(
        /^Aucun établissement dans cette zone pour cette rechercheLe plus proche : .+, à [\d\u202f]+ km\.$/u,
      );
    const toResults = page.getByRole('button', {
      name: /^Voir (le résultat|les \d+ résultats) ailleurs en France$/,
    });
    await toResults.click();
    await expect
      .poll(() => page.getByTestId('establishment-list').getByRole('link', { name: far.name }).count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const [latitude, longitude] = ((await map(page).getAttribute('data-center')) ?? '')
      .split(',')
      .map(Number);
    expect(Math.abs(latitude! - far.location.latitude)).toBeLessThan(0.5);
    expect(Math.abs(longitude! - far.location.longitude)).toBeLessThan(0.5);

    // Nothing found anywhere: said so, no way to results nor to France (France would show nothing more), and
    // the map draws nothing either (it kept every place drawn, issue 49).
    await search.fill('zzqxw');
    const nothing = page.getByRole('status').filter({ hasText: 'Aucun établissement ne correspond' });
    await expect
      .poll(() => nothing.textContent())
      .toBe('Aucun établissement ne correspond à «\u00a0zzqxw\u00a0»');
    expect(await toResults.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Voir toute la France' }).count()).toBe(0);
    await expect.poll(async () => (await drawn(page)).places, { timeout: 10_000 }).toBe(0);
    // The sheet raised by the typing: the map's note, which it would cut in half, is not shown; the sheet
    // lowered, it is, in sight; raised again, the list's own way out is in sight.
    const note = page.getByTestId('map-empty-notice');
    expect(await note.isVisible()).toBe(false);
    const handle = page.locator('.tv-sheet-handle');
    expect(await handle.getAttribute('aria-label')).toBe('Réduire la liste');
    // Asked for less motion, the sheet changes height at once (CI once found the note still under it).
    expect(
      await page.locator('.tv-shell__panel').evaluate((panel) => getComputedStyle(panel).transitionDuration),
    ).toBe('0s');
    await handle.tap();
    await expect.poll(() => note.isVisible()).toBe(true);
    await expect.poll(() => textInSight(page, 'Aucun établissement ne correspond')).toBe(true);
    expect(await textInSight(page, 'Retirer les filtres')).toBe(true);
    await handle.tap();
    await handle.tap();
    expect(await handle.getAttribute('aria-label')).toBe('Réduire la liste');
    expect(await note.isVisible()).toBe(false);
    await page
      .getByRole('region', { name: 'Établissements sur la carte' })
      .getByRole('button', { name: 'Retirer les filtres' })
      .tap();
    await expect.poll(async () => (await drawn(page)).places, { timeout: 10_000 }).toBeGreaterThan(0);

    // A town with no place around: "Voir toute la France" shows France whole, which zoom 6 does not on a
    // phone (Brest and Strasbourg both in view: zoom under 6, centre in France).
    await search.fill('Florac');
    const florac = page.getByRole('option', { name: /^Florac Trois Rivières — Lozère \(48\)/ });
    await expect.poll(() => florac.count(), { timeout: 10_000 }).toBe(1);
    await florac.tap();
    // The nearest place named, rather than « dézoomez » (issue 49, point 5).
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toMatch(/^Aucun établissement dans cette zoneLe plus proche : .+, à \d+ km\.$/u);
    await page.getByRole('button', { name: 'Voir toute la France' }).tap();
    await expect
      .poll(async () => Number(await map(page).getAttribute('data-zoom')), { timeout: 10_000 })
      .toBeLessThan(5.5);
    const [lat, lng] = ((await map(page).getAttribute('data-center')) ?? '').split(',').map(Number);
    expect(lat).toBeGreaterThan(45);
    expect(lat).toBeLessThan(47.5);
    expect(lng).toBeGreaterThan(1);
    expect(lng).toBeLessThan(3.5);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('moves on with Tab from a search field whose suggestions are open, to something seen (phone)', async () => {
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openMap(page);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el === null || el === document.body ? 'body' : (el.textContent ?? '').trim() || el.tagName;
      });
    // Into « Catégories de plats » with the keyboard: its suggestions open on focus.
    const categories = page.getByRole('combobox', { name: 'Catégories de plats' });
    await categories.focus();
    await expect.poll(() => page.getByRole('option').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Tab went to the box of suggestions (a scrolled box is a Tab stop in Chromium), which closed, and the
    // focus fell on the body (issue 49): it goes to the first place of the list.
    await page.keyboard.press('Tab');
    const first = await page.getByTestId('establishment-list').locator('a').first().textContent();
    await expect.poll(focused).toBe(first?.trim());
    // The same from the town search.
    const search = page.getByRole('combobox', { name: 'Rechercher' });
    await search.fill('Lyon');
    await expect.poll(() => page.getByRole('option').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    await expect.poll(focused).not.toBe('body');
    expect(await page.locator('.tv-combobox__popup').count()).toBe(0);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

/**
 * Two places of the same name in the same town (issue 49, point 14): the list beside the map gives each
 * its street after the town, from the feed or from the server's list alike.
 */
function sameNameJourney() {
  it('tells two places of the same name in the same town apart by their street in the list', async () => {
    interface Public extends Listed {
      venueType: string;
      address: { street: string | null; town: string };
    }
    const trucks = ((await listed()) as Public[]).filter(
      (e) => e.name === 'Le Truck Gourmand' && e.address.town === 'Riom',
    );
    expect(trucks, 'the demo data’s two « Le Truck Gourmand » in Riom').toHaveLength(2);
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // A shared link to the town: the map flies to Riom at zoom 12, where both are in view.
    const response = await page.goto(`${server.baseUrl}/?q=Riom`);
    expect(response?.status()).toBe(200);
    const list = page.getByRole('list', { name: 'Établissements affichés sur la carte' });
    for (const truck of trucks) {
      expect(truck.address.street, 'a street to tell them apart').not.toBeNull();
      const card = list.locator(`[data-uri="${truck.uri}"]`);
      await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(1);
      expect(await card.getByRole('heading').textContent()).toBe('Le Truck Gourmand');
      expect(await card.getByRole('paragraph').textContent()).toBe(
        `Food truck · Riom, ${truck.address.street}`,
      );
    }
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('tells two members of a group of the same name apart on its card on a phone, no two of them touching', async () => {
    // A group whose first twelve members (those its card shows, by name) hold two of the same name: in the
    // demo data, two « La Part des Anges » in Pessac, in the Bordeaux group.
    const groups = (await (await fetch(`${server.baseUrl}/api/groups/`)).json()) as Group[];
    const found = await Promise.all(
      groups.map(async (group) => {
        const query = `latitude=${group.latitude}&longitude=${group.longitude}&radius=${group.radius}&limit=12`;
        const answer = (await (await fetch(`${server.baseUrl}/api/map/around?${query}`)).json()) as {
          establishments: { name: string }[];
        };
        const names = answer.establishments.map((m) => m.name);
        return { group, shown: names.length, twice: names.find((name, i) => names.indexOf(name) !== i) };
      }),
    );
    const { group, shown, twice } = found.find((f) => f.twice !== undefined) ?? {};
    expect(twice, 'a group showing two members of the same name').toBeDefined();

    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/#carte=11/${group!.latitude}/${group!.longitude}`);
    await expect
      .poll(() => map(page).getAttribute('data-current-group'), { timeout: 30_000 })
      .toBe(group!.id);
    const card = page.getByTestId('current-group');
    const items = card.getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(shown);
    // The two read differently: where each is follows its name.
    const same = items.filter({ has: page.getByRole('link', { name: twice, exact: true }) });
    await expect.poll(() => same.count()).toBe(2);
    const [first, second] = await same.allTextContents();
    expect(first?.startsWith(`${twice} · `), first).toBe(true);
    expect(first).not.toBe(second);

    // What each item draws (its text, and its bullet, drawn left of its box when outside it, as wide as the
    // same bullet inside a box) stays apart from the others: not on them, not touching side by side.
    const inks = await items.evaluateAll((lis) =>
      lis.map((li) => {
        const box = li.getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(li);
        const rects = [box, ...text.getClientRects()];
        let left = Math.min(...rects.map((r) => r.left));
        const style = getComputedStyle(li);
        if (
          style.display === 'list-item' &&
          style.listStyleType !== 'none' &&
          style.listStylePosition === 'outside'
        ) {
          const probe = li.cloneNode(false) as HTMLElement;
          probe.style.cssText = 'position:absolute;visibility:hidden;list-style-position:inside';
          probe.textContent = 'x';
          li.parentElement!.append(probe);
          const inside = document.createRange();
          inside.selectNodeContents(probe);
          left -= inside.getBoundingClientRect().left - probe.getBoundingClientRect().left;
          probe.remove();
        }
        return {
          text: li.textContent,
          left,
          right: Math.max(...rects.map((r) => r.right)),
          top: Math.min(...rects.map((r) => r.top)),
          bottom: Math.max(...rects.map((r) => r.bottom)),
        };
      }),
    );
    const touching = inks.flatMap((a, i) =>
      inks.slice(i + 1).flatMap((b) => {
        const overVertically = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
        const apart = Math.max(a.left, b.left) - Math.min(a.right, b.right);
        return overVertically && apart < 8 ? [`${a.text} / ${b.text} (${apart.toFixed(1)} px apart)`] : [];
      }),
    );
    expect(touching).toEqual([]);
    expect(errors()).toEqual([]);
    await context.close();
  });
}

describe('the map page at the scale of France (from MAP_SERVER_CLUSTERS_FROM establishments)', () => {
  let withFeed: RunningServer;
  let scaled: RunningServer | undefined;
  beforeAll(async () => {
    // Every establishment counts as many: this server's map keeps the server's clusters.
    scaled = await startServer({ MAP_SERVER_CLUSTERS_FROM: '0' });
    withFeed = server;
    server = scaled;
  });
  afterAll(async () => {
    server = withFeed;
    await scaled?.stop();
  });

  it('keeps the server’s clusters and list without the feed until a filter, then draws the feed’s places', async () => {
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const feeds = feedRequests(page);
    await openMap(page);
    // The list says how many are in view, from the server: the feed is not downloaded.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'dans cette zone' }).textContent(), {
        timeout: 20_000,
      })
      .toMatch(/\d+ établissements dans cette zone/);
    // A wait that stays: the map is given a second to ask for the feed, and must not (the assertion itself).
    await page.waitForTimeout(1000);
    await stillView(page);
    expect(feeds()).toBe(0);
    const france = await drawn(page);
    expect(france.clusters).toBeGreaterThan(0);
    expect(france.server).toBe(france.places);
    // Spaces in the search field search nothing: still the server's list, still no feed.
    const status = page.getByRole('status').filter({ hasText: 'dans cette zone' });
    const counted = await status.textContent();
    await page.getByRole('combobox', { name: 'Rechercher' }).fill('   ');
    // A wait that stays: a second, well past the field's 150 ms pause, for the spaces to ask for the feed.
    await page.waitForTimeout(1000);
    expect(await status.textContent()).toBe(counted);
    expect(feeds()).toBe(0);

    // A filter: the feed is downloaded once; the server's clusters are of every establishment, the feed's
    // places filtered are drawn.
    // The feed held back until the map has been looked at while it comes: the server's clusters stay drawn,
    // not a blank map (they were cleared at once, and a slow machine then saw no place drawn).
    let releaseFeed = () => {};
    const feedHeld = new Promise<void>((resolve) => {
      releaseFeed = resolve;
    });
    await page.route('**/api/map/feed', async (route) => {
      await feedHeld;
      await route.continue();
    });
    const chip = page.getByRole('button', { name: 'Remplis vert', exact: true });
    await chip.click();
    await expect.poll(() => feeds(), { timeout: 10_000 }).toBe(1);
    await stillView(page);
    expect(await drawnByServer(page)).toBe(france.places);
    releaseFeed();
    await expect.poll(() => drawnByServer(page), { timeout: 15_000 }).toBe(0);
    await stillView(page);
    const filtered = await drawn(page);
    expect(filtered.places).toBeGreaterThan(0);
    expect(filtered.restaurants).toBe(0);
    expect(feeds()).toBe(1);

    // The filter off: the server's clusters again, in place of the feed's.
    await chip.click();
    await expect.poll(() => drawnByServer(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const now = await drawn(page);
        return now.places === now.server;
      })
      .toBe(true);
    await stillView(page);
    expect(await drawn(page)).toMatchObject({ server: france.places, places: france.places });
    expect(feeds()).toBe(1);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('lists the view and the current group from the server exactly as from the feed', async () => {
    const groups = (await (await fetch(`${server.baseUrl}/api/groups/`)).json()) as Group[];
    const lyon = groups.find((g) => g.name.includes('Lyon'))!;
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const feeds = feedRequests(page);
    await openMap(page);
    const list = page.getByTestId('establishment-list');
    // France: "Afficher plus" asks the server for the next nearest, after the same first ones.
    await expect.poll(() => list.locator('li').count(), { timeout: 20_000 }).toBe(30);
    const first = await list.locator('h3').allTextContents();
    await page.getByRole('button', { name: /^Afficher 30 de plus/u }).click();
    await expect.poll(() => list.locator('li').count(), { timeout: 15_000 }).toBe(60);
    expect((await list.locator('h3').allTextContents()).slice(0, 30)).toEqual(first);

    await zoomInto(page, lyon.latitude, lyon.longitude, 10.5);
    await expect.poll(async () => (await readView(page)).group, { timeout: 10_000 }).toBe(lyon.id);
    await stillView(page);
    const banner = page.getByTestId('current-group');
    const listStatus = page.locator('section[aria-labelledby="liste-etablissements"]').getByRole('status');
    const read = async () => ({
      status: await listStatus.textContent(),
      cards: await list.locator('h3').allTextContents(),
      places: await list.locator('p').allTextContents(),
      group: await banner.locator('p').allTextContents(),
      members: await banner.locator('li').allTextContents(),
    });
    await expect
      .poll(async () => (await read()).group.join(' '), { timeout: 20_000 })
      .toMatch(/\d+ membres?/u);
    await expect.poll(async () => (await read()).cards.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const fromServer = await read();
    expect(feeds()).toBe(0);
    expect(fromServer.members.length).toBeGreaterThan(0);
    const inView = Number(/^([\d\s\u202f]+)/u.exec(fromServer.status ?? '')![1]!.replace(/\D/gu, ''));
    expect(fromServer.cards.length).toBe(Math.min(30, inView));

    // A filter on then off: the list and the group now come from the feed, the same.
    const chip = page.getByRole('button', { name: 'Remplis vert', exact: true });
    await chip.click();
    await expect.poll(feeds, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await read()).status, { timeout: 15_000 }).not.toBe(fromServer.status);
    await chip.click();
    await expect.poll(read, { timeout: 15_000 }).toEqual(fromServer);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('draws the feed’s places when the server’s clusters cannot be had', async () => {
    const context = await newVisitorContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await openMap(page);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'dans cette zone' }).count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await stillView(page);
    expect(await drawnByServer(page)).toBeGreaterThan(0);
    // The server's clusters now refused: the next view is drawn from the feed, and the following ones.
    await page.route(/\/api\/map\/points\?/u, (route) => route.abort('failed'));
    const box = (await map(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => drawnByServer(page), { timeout: 20_000 }).toBe(0);
    await stillView(page);
    expect((await drawn(page)).places).toBeGreaterThan(0);
    await context.close();
  });

  pointerJourneys();
  sameNameJourney();
});
