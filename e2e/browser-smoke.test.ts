import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newVisitorContext, watchPageErrors, type Browser } from './support/browser';
import { readOnlyDemoServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([readOnlyDemoServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
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

it('serves the OpenAPI document from the built server once the site has rendered a page', async () => {
  // The web site's server build holds its own copy of the contract's schemas: both used to register the
  // same ids in zod's global registry, and the document failed with "Duplicate schema id" (500).
  expect((await fetch(`${server.baseUrl}/restaurant/inconnu-a-nulle-part`)).status).toBe(404);
  const response = await fetch(`${server.baseUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  const document = (await response.json()) as { components: { schemas: Record<string, unknown> } };
  expect(Object.keys(document.components.schemas)).toEqual(
    expect.arrayContaining(['OpeningHours', 'Establishment', 'MenuBoard', 'Error']),
  );
  expect((await fetch(`${server.baseUrl}/api/docs`)).status).toBe(200);
});
