import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newVisitorContext, watchPageErrors, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('opens the home page in Debian’s Chromium, in French, without errors', async () => {
  const context = await newVisitorContext(browser);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const response = await page.goto(server.baseUrl);
  expect(response?.status()).toBe(200);
  expect(await page.getAttribute('html', 'lang')).toBe('fr');
  await expect(page.locator('h1').first().textContent()).resolves.toContain('Tables Voisines');
  expect(errors()).toEqual([]);
  await context.close();
});
