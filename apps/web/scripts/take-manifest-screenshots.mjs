// Takes the web app manifest's screenshots (public/screenshots/, checked in) from a running server with the
// demonstration data: `npm start`, then `node apps/web/scripts/take-manifest-screenshots.mjs [address]`.
// Debian's Chromium through playwright-core, as the browser tests do. Keep the file names and sizes in step
// with apps/api/src/modules/site/manifest.ts (a test reads every screenshot the manifest lists).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/screenshots');

const shots = [
  { file: 'carte-ordinateur.webp', url: '/', viewport: { width: 1280, height: 800 }, scale: 1 },
  { file: 'carte-telephone.webp', url: '/', viewport: { width: 390, height: 844 }, scale: 2 },
  {
    file: 'etablissement-telephone.webp',
    url: 'first-establishment',
    viewport: { width: 390, height: 844 },
    scale: 2,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
await mkdir(outDir, { recursive: true });
try {
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: shot.scale,
      isMobile: shot.viewport.width < 600,
      hasTouch: shot.viewport.width < 600,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    let url = shot.url;
    if (url === 'first-establishment') {
      // A place with today's board, in a town people know.
      const list = await (await fetch(`${baseUrl}/api/establishments/`)).json();
      const place = list.find((e) => e.address.town === 'Lyon' && e.kind === 'restaurant') ?? list[0];
      url = `/${place.kind}/${encodeURIComponent(place.uri)}`;
    }
    await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
    // The install banner and the map's tiles settle.
    await page.waitForTimeout(1500);
    const png = await page.screenshot();
    await sharp(png).webp({ quality: 80 }).toFile(path.join(outDir, shot.file));
    process.stdout.write(`${shot.file} (${url})\n`);
    await context.close();
  }
} finally {
  await browser.close();
}
