import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/api/test/smtp';
import { launchBrowser, watchPageErrors, type Browser } from './support/browser';
import { freeEstablishments, linkNewOwner, newOwnerContext } from './support/owners';
import { startServer, type RunningServer } from './support/server';

/*
 * Issue 54, point 4: an owner on a phone publishes today's board and gets its picture to share (headless
 * Chromium has no share sheet for files: the picture is downloaded, as on a computer), and to print for the
 * window. The picture itself is drawn by the server (apps/api/src/modules/board-picture).
 */

const PHONE = { width: 390, height: 844 };
const ADMIN = { username: 'equipe', password: 'Une ardoise à partager 2026' };
const RUN = Date.now();

let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('the board’s picture', () => {
  it('is shared by its owner on a phone once the board is published, and printed for the window', async () => {
    const target = await freeEstablishments(server.baseUrl)();
    const owner = {
      email: `lea.${RUN}@ardoise.example.fr`,
      password: 'Une marmite bien pleine 2026',
      firstName: 'Léa',
      lastName: 'Martin',
    };
    await linkNewOwner({ baseUrl: server.baseUrl, smtp, admin: ADMIN, owner, establishmentId: target.id });
    const context = await newOwnerContext(browser, server.baseUrl, owner, {
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors = watchPageErrors(page);
    const notFound: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
    });
    await page.goto(`${server.baseUrl}/espace-restaurateur`);
    await page.getByRole('link', { name: 'Ardoise du jour' }).first().click();
    await page.waitForURL(/\/ardoise$/);
    await page.getByText('Pas d’ardoise en ligne aujourd’hui').waitFor();
    // Nothing to share before the board is online.
    await expect(page.getByRole('button', { name: 'Partager l’ardoise' }).count()).resolves.toBe(0);

    const first = page.getByRole('group', { name: 'Plat 1' });
    await first.getByLabel('Nom du plat').fill('Tartiflette au reblochon fermier');
    await first.getByLabel('Prix (€)').fill('14,50');
    await first.getByLabel('Catégorie').click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Publier l’ardoise' }).click();
    await page.getByText('Ardoise publiée : elle est en ligne sur votre page.').waitFor();

    // « Partager l’ardoise »: no share sheet for files here, so the picture is downloaded.
    const share = page.getByRole('button', { name: 'Partager l’ardoise' });
    await share.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download'), share.click()]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^ardoise-${target.uri}-\\d{4}-\\d{2}-\\d{2}\\.png$`),
    );
    const png = await readFile((await download.path())!);
    await expect(sharp(png).metadata()).resolves.toMatchObject({ format: 'png', width: 1080, height: 1350 });
    await page.getByText('L’image de l’ardoise est enregistrée dans vos téléchargements').waitFor();

    // A dish changed but not published: the picture would show the board online, so it is not offered.
    await first.getByLabel('Prix (€)').fill('15');
    await expect(share.count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Publier l’ardoise' }).click();
    await page.getByText('Ardoise publiée : elle est en ligne sur votre page.').waitFor();

    // « Imprimer l’ardoise »: the picture alone on the printed page, once loaded.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Imprimer l’ardoise' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // Out of sight on the screen (shown in print only).
    const printed = page.locator('#ardoise-a-imprimer img');
    await expect(printed.getAttribute('alt')).resolves.toBe(`Ardoise du jour de ${target.name}`);
    const drawn = await printed.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(drawn).toEqual([1080, 1350]);
    await page.emulateMedia({ media: 'print' });
    // In print, the picture is all that shows.
    await expect(printed.isVisible()).resolves.toBe(true);
    await expect(
      page
        .locator('button', { hasText: 'Publier l’ardoise' })
        .evaluate((b) => getComputedStyle(b).visibility),
    ).resolves.toBe('hidden');

    // The one failed load: the form asking for today's board before there was one.
    expect({ errors: errors(), notFound }).toEqual({
      errors: ['console: Failed to load resource: the server responded with a status of 404 (Not Found)'],
      notFound: [`/api/establishment/${target.id}/menuboard`],
    });
    await context.close();
  });
});
