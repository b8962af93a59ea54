import { expect } from 'vitest';
import type { Page } from './browser';

/**
 * The desktop window of the map's journeys: the site's desktop layout starts at 960 px, and a smaller window
 * than the usual 1280 × 800 is about a third fewer pixels for SwiftShader to draw at every frame of the map.
 */
export const MAP_DESKTOP = { width: 1024, height: 720 };

/** The map element: its data attributes say what the map shows (map-drawn.ts). */
export const mapElement = (page: Page) => page.getByTestId('map');

/** The view the map reports: zoom, centre and current group. */
export async function readView(page: Page) {
  const el = mapElement(page);
  const [zoom, center, group] = await Promise.all([
    el.getAttribute('data-zoom'),
    el.getAttribute('data-center'),
    el.getAttribute('data-current-group'),
  ]);
  const [latitude, longitude] = (center ?? '0,0').split(',').map(Number) as [number, number];
  return { zoom: Number(zoom), latitude, longitude, group: group ?? '' };
}

/** Opens the map page and waits until the map has started. */
export async function openMapPage(page: Page, baseUrl: string) {
  const response = await page.goto(baseUrl);
  expect(response?.status()).toBe(200);
  await expect.poll(() => mapElement(page).getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
}

export type View = Awaited<ReturnType<typeof readView>>;
export type Box = { x: number; y: number; width: number; height: number };

/**
 * Waits until the map is still (idle after its last move) and reports the same view twice, then reads it:
 * what is drawn and where are only known then (a wheel zoom eases on after the wheel).
 */
export async function stillView(page: Page): Promise<View> {
  let last = '';
  await expect
    .poll(
      async () => {
        const still = await mapElement(page).getAttribute('data-still');
        const view = JSON.stringify(await readView(page));
        const settled = still === 'true' && view === last;
        last = view;
        return settled;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return readView(page);
}

/** Web Mercator, 512 px tiles (MapLibre): where a place is drawn in the map's box for a view. */
export function project(view: View, box: Box, latitude: number, longitude: number) {
  const worldSize = 512 * 2 ** view.zoom;
  const x = (lng: number) => ((lng + 180) / 360) * worldSize;
  const y = (lat: number) => {
    const s = Math.sin((lat * Math.PI) / 180);
    return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * worldSize;
  };
  return {
    x: box.x + box.width / 2 + x(longitude) - x(view.longitude),
    y: box.y + box.height / 2 + y(latitude) - y(view.latitude),
  };
}

/** Resolves after the page has drawn two more frames. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** MapLibre's mouse-wheel rate (scroll_zoom.ts): a notch of `d` pixels zooms by log2(2 / (1 + e^(-d/450))). */
const WHEEL_RATE = 1 / 450;
/** The largest notch, about +0.98 of zoom (MapLibre zooms at most ×2 per frame). */
const LARGEST_NOTCH = 1800;
/** Notches of a quick turn of the wheel. */
const NOTCHES_PER_TURN = 3;

/** The notch (in wheel pixels) that zooms in by `zoom` (under 1), MapLibre's rate inverted. */
const notchFor = (zoom: number) => Math.min(LARGEST_NOTCH, Math.log(1 / (2 / 2 ** zoom - 1)) / WHEEL_RATE);

/**
 * Zooms with the mouse wheel on a place until the map reaches `zoom`, as a visitor does: quick turns of a
 * few notches with the mouse on the place (MapLibre zooms around the pointer, so the place stays under it),
 * the last notch sized to end just past `zoom`. Each turn's zoom is read once the map is still again: read
 * while the zoom still eases on (it is reported at the end, 300 to 400 ms after the wheel on this machine),
 * the map would seem short of `zoom` and be zoomed once too often.
 */
export async function zoomInto(page: Page, latitude: number, longitude: number, zoom: number) {
  let view = await stillView(page);
  for (let i = 0; i < 20 && view.zoom < zoom; i += 1) {
    const { x, y } = project(view, (await mapElement(page).boundingBox())!, latitude, longitude);
    await page.mouse.move(x, y);
    const missing = zoom - view.zoom;
    const whole = Math.min(NOTCHES_PER_TURN, Math.floor(missing));
    const notches =
      whole === 0 ? [notchFor(missing + 0.05)] : Array.from({ length: whole }, () => LARGEST_NOTCH);
    for (const [index, notch] of notches.entries()) {
      // One notch a frame: MapLibre adds up what comes within a frame and zooms at most ×2 a frame.
      if (index > 0) await nextFrames(page);
      await page.mouse.wheel(0, -notch);
    }
    const before = view.zoom;
    await expect.poll(async () => (await readView(page)).zoom, { timeout: 10_000 }).not.toBe(before);
    view = await stillView(page);
  }
  expect(view.zoom).toBeGreaterThanOrEqual(zoom);
  return view;
}

/**
 * The map page's address: `/`, with the view in its fragment once the visitor has moved the map or chosen a
 * town or a chip (`#carte=…`, issue 49, point 4).
 */
export function mapPageUrl(baseUrl: string): RegExp {
  return new RegExp(`^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(#carte=.*)?$`, 'u');
}

/** SCREENSHOTS=1 writes docs/screens/<name>.png once the map is still; a plain run leaves them alone. */
export async function screenshotForDocs(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  const { mkdir } = await import('node:fs/promises');
  const path = await import('node:path');
  const { repoRoot } = await import('./server');
  const dir = path.join(repoRoot, 'docs/screens');
  await mkdir(dir, { recursive: true });
  await expect.poll(() => mapElement(page).getAttribute('data-still'), { timeout: 20_000 }).toBe('true');
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * Whether `text` is on screen: an element saying it lies inside the viewport and is the one hit at the
 * centre of its first line (not under the phone's sheet nor anything else). Not the centre of its box: an
 * inline element broken over two lines may have nothing of its own there.
 */
export function textInSight(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const { innerWidth: width, innerHeight: height } = window;
    const holders = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) =>
        element.textContent?.includes(wanted) === true &&
        ![...element.children].some((child) => child.textContent?.includes(wanted) === true),
    );
    return holders.some((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.top < 0 || box.left < 0 || box.bottom > height || box.right > width) {
        return false;
      }
      const line = element.getClientRects()[0]!;
      const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
      return hit !== null && element.contains(hit);
    });
  }, text);
}
