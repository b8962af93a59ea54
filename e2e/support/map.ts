import { expect } from 'vitest';
import type { Page } from './browser';

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
