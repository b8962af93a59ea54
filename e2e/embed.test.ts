import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newVisitorContext,
  watchPageErrors,
  type Browser,
  type Page,
  axeOn,
} from './support/browser';
import type { FrameLocator } from 'playwright-core';
import { readOnlyDemoServer, repoRoot, type RunningServer } from './support/server';

/*
 * The embedded map (issue 52, point 3) as another site shows it: a page of another origin (its own small
 * server, on `localhost` while the product answers on `127.0.0.1`) puts `/integrer/carte?groupe=…` in an
 * iframe; Chromium shows it with the group's members and the map, without the site's header, its links
 * opening the full site in a new tab. The home page in the same iframe is refused.
 */

let server: RunningServer;
let browser: Browser;
let outside: http.Server;
let outsideUrl: string;
let group: { id: string; name: string };

const embedSrc = () => `${server.baseUrl}/integrer/carte?groupe=${group.id}`;

/** The other site: its page with the group's map, and one that tries to frame the home page. */
function framingPage(src: string, title: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Le site du collectif</title></head>
<body style="margin:0;padding:16px;font-family:sans-serif;background:#f4efe6;color:#222">
<h1 style="font-size:22px;margin:0 0 12px">Nos membres, près de chez vous</h1>
<p style="margin:0 0 12px">Retrouvez les restaurateurs du collectif sur la carte.</p>
<iframe id="carte" src="${src}" width="100%" height="480" style="border:0" title="${title}" loading="lazy"></iframe>
</body></html>`;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([readOnlyDemoServer(), launchBrowser()]);
  const groups = (await (await fetch(`${server.baseUrl}/api/groups/`)).json()) as {
    id: string;
    name: string;
  }[];
  group = groups.find((g) => g.name.includes('Lyon')) ?? groups[0]!;
  outside = http.createServer((request, response) => {
    const page =
      request.url === '/accueil'
        ? framingPage(`${server.baseUrl}/`, 'La carte de Tables Voisines')
        : framingPage(embedSrc(), `Carte des membres de ${group.name}`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
  // Another origin than the product's (`127.0.0.1`): another host name, another port.
  outsideUrl = `http://localhost:${(outside.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => outside?.close(resolve));
});

/** Waits for the frame's map to be drawn and its members listed. */
async function expectMapAndMembers(frame: FrameLocator) {
  await expect
    .poll(() => frame.getByTestId('map').getAttribute('data-ready'), { timeout: 30_000 })
    .toBe('true');
  await expect.poll(() => frame.locator('canvas.maplibregl-canvas').count()).toBe(1);
  await expect.poll(() => frame.getByTestId('current-group').locator('li').count()).toBeGreaterThan(0);
}

async function screenshot(page: Page, frame: FrameLocator, name: string) {
  await expect
    .poll(() => frame.getByTestId('map').getAttribute('data-still'), { timeout: 20_000 })
    .toBe('true');
  const dir = path.join(repoRoot, 'docs/screens');
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

describe('the embedded map', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1024, height: 720 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`shows a group's members and map in another site's frame (${name})`, async () => {
      const context = await newVisitorContext(browser, { viewport });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const answer = page.waitForResponse((r) => r.url() === embedSrc());
      await page.goto(outsideUrl);
      const response = await answer;
      expect(response.headers()['x-frame-options']).toBeUndefined();
      expect(response.headers()['content-security-policy']).toContain('frame-ancestors *');

      const frame = page.frameLocator('#carte');
      await expectMapAndMembers(frame);
      await expect.poll(() => frame.getByText(group.name).first().isVisible()).toBe(true);
      // None of the site's own header, banner or contact line.
      expect(await frame.locator('header').count()).toBe(0);
      expect(await frame.getByRole('link', { name: 'Nous contacter' }).count()).toBe(0);
      expect(await frame.getByRole('searchbox').count()).toBe(0);
      // A member's link: the full site, in a new tab.
      const link = frame.getByTestId('current-group').locator('li a').first();
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await link.getAttribute('href')).toMatch(
        new RegExp(`^${server.baseUrl.replace(/\./g, '\\.')}/(restaurant|remplisvert)/`),
      );
      const credit = frame.getByRole('link', { name: 'Tables Voisines' });
      expect(await credit.getAttribute('href')).toBe(`${server.baseUrl}/`);
      expect(await credit.getAttribute('target')).toBe('_blank');
      if (process.env.SCREENSHOTS === '1') await screenshot(page, frame, `issue52-embed-${name}`);
      expect(errors()).toEqual([]);
      await context.close();
    });
  }

  it('refuses the home page in the same frame', async () => {
    const context = await newVisitorContext(browser, { viewport: { width: 1024, height: 720 } });
    const page = await context.newPage();
    const answer = page.waitForResponse((r) => r.url() === `${server.baseUrl}/`);
    await page.goto(`${outsideUrl}/accueil`);
    const response = await answer;
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // Chromium puts its error page in the frame instead: nothing of the site runs there.
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f !== page.mainFrame())
            ?.url(),
        { timeout: 10_000 },
      )
      .not.toBe(`${server.baseUrl}/`);
    expect(await page.frameLocator('#carte').locator('[data-testid="map"]').count()).toBe(0);
    await context.close();
  });

  it('is accessible opened on its own, and says so for an unknown group', async () => {
    const context = await newVisitorContext(browser, { viewport: { width: 1024, height: 720 } });
    const page = await context.newPage();
    await page.goto(embedSrc());
    await expect
      .poll(() => page.getByTestId('map').getAttribute('data-ready'), { timeout: 30_000 })
      .toBe('true');
    await expect.poll(() => page.getByTestId('current-group').locator('li').count()).toBeGreaterThan(0);
    const results = await axeOn(page).exclude('.maplibregl-canvas').analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    const unknown = await page.goto(
      `${server.baseUrl}/integrer/carte?groupe=00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown?.status()).toBe(200);
    await expect
      .poll(() => page.getByText('Ce collectif n’existe pas ou n’existe plus.').isVisible())
      .toBe(true);
    await context.close();
  });
});
