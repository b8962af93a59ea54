import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitorContext, waitForRouter, type Browser, type Page } from './support/browser';
import { readOnlyDemoServer, type RunningServer } from './support/server';

/*
 * Specification §2 and §8: when a resource fails to load during a navigation (a deployment removed the old
 * hashed files, the network dropped a request), the browser makes a full page load of the *target* address.
 * React Router on its own reloads the page being left.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([readOnlyDemoServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

/** The map page, with the detail page's route module made to fail; documents loaded from then on. */
async function openMapWithBrokenDetailCode() {
  const context = await newVisitorContext(browser, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const brokenChunks: string[] = [];
  // `routes/establishment.tsx` is built into `assets/establishment-<hash>.js`.
  await page.route(/\/assets\/establishment-[\w-]+\.js$/, async (route) => {
    brokenChunks.push(new URL(route.request().url()).pathname);
    await route.abort('failed');
  });
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) {
      documents.push(decodeURIComponent(new URL(request.url()).pathname));
    }
  });
  await page.goto(`${server.baseUrl}/`);
  // Hydrated: the list beside the map is filled in by the browser.
  const firstLink = page.locator('main a[href^="/restaurant/"]').first();
  await firstLink.waitFor({ timeout: 30_000 });
  // Marks this document: a full page load starts a new one without the mark.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  documents.length = 0;
  return { context, page, firstLink, brokenChunks, documents };
}

/** Runs `navigate`, then checks that the browser made a full load of `target`, and of nothing else. */
async function expectFullLoadOf(
  page: Page,
  target: string,
  navigate: () => Promise<unknown>,
  documents: string[],
  brokenChunks: string[],
) {
  const targetDocument = page.waitForRequest(
    (request) =>
      request.resourceType() === 'document' && decodeURIComponent(new URL(request.url()).pathname) === target,
    { timeout: 30_000 },
  );
  await navigate();
  await targetDocument;
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === target, { timeout: 30_000 });
  // A new document: the mark set on the map page is gone.
  await page.waitForFunction(
    () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === undefined,
    undefined,
    { timeout: 30_000 },
  );
  // The target's own server-rendered page.
  await page.locator('h1').first().waitFor();
  expect(brokenChunks.length).toBeGreaterThan(0);
  // One document: the target's. The page being left was not reloaded first.
  expect(documents).toEqual([target]);
}

describe('a page whose code fails to load', () => {
  it('is loaded in full at its own address when a link to it is followed', async () => {
    const { context, page, firstLink, brokenChunks, documents } = await openMapWithBrokenDetailCode();
    const href = (await firstLink.getAttribute('href'))!;
    // By its address: the list may reorder while the map settles.
    const link = page.locator(`main a[href="${href}"]`).first();
    await expectFullLoadOf(page, decodeURIComponent(href), () => link.click(), documents, brokenChunks);
    await context.close();
  });

  it('is loaded in full at its own address when the map navigates to it', async () => {
    const { context, page, firstLink, brokenChunks, documents } = await openMapWithBrokenDetailCode();
    const target = decodeURIComponent((await firstLink.getAttribute('href'))!);
    await waitForRouter(page);
    // What choosing a marker does: a client navigation started by code, not by a link.
    const navigate = () =>
      page.evaluate((to) => {
        const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): unknown } })
          .__reactRouterDataRouter;
        void router.navigate(to);
      }, target);
    await expectFullLoadOf(page, target, navigate, documents, brokenChunks);
    await context.close();
  });
});
