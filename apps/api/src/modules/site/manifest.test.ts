import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { webBuildDir } from '../../paths';
import type { WebAppManifest } from './manifest';

let t: TestApp;
beforeAll(async () => {
  expect(existsSync(path.join(webBuildDir, 'client', 'sw.js')), 'run `npm run build` first').toBe(true);
  t = await createTestApp({
    serveWeb: true,
    env: {
      SITE_NAME: 'Les Tables d’à côté',
      SITE_SHORT_NAME: 'Tables',
      IOS_APP_ID: '987654321',
      ANDROID_PACKAGE_ID: 'fr.exemple.tables',
    },
  });
});
afterAll(() => t.close());

describe('GET /manifest.webmanifest', () => {
  it('answers the configured names and store ids, with an id, a description and screenshots', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = response.json<WebAppManifest>();
    expect(manifest).toEqual({
      id: '/',
      name: 'Les Tables d’à côté',
      short_name: 'Tables',
      description:
        'Les Tables d’à côté : la carte des restaurateurs de votre quartier, partout en France, leurs pages et leurs ardoises du jour.',
      lang: 'fr',
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#f06023',
      icons: expect.any(Array),
      screenshots: expect.any(Array),
      related_applications: [
        { platform: 'itunes', url: 'https://apps.apple.com/app/id987654321', id: '987654321' },
        {
          platform: 'play',
          url: 'https://play.google.com/store/apps/details?id=fr.exemple.tables',
          id: 'fr.exemple.tables',
        },
      ],
    });
  });

  it('lists icons the build generated, each of the size it claims', async () => {
    const manifest = (
      await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    ).json<WebAppManifest>();
    const any = manifest.icons.filter((i) => i.purpose === 'any').map((i) => i.sizes);
    expect(any).toEqual(expect.arrayContaining(['48x48', '96x96', '144x144', '192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
    for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const response = await t.app.inject({ method: 'GET', url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      const { width, height } = await sharp(response.rawPayload).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('lists screenshots the site serves, wide and narrow, each of the size it claims', async () => {
    const manifest = (
      await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    ).json<WebAppManifest>();
    expect(new Set(manifest.screenshots.map((s) => s.form_factor))).toEqual(new Set(['wide', 'narrow']));
    for (const screenshot of manifest.screenshots) {
      expect(screenshot.label.length, screenshot.src).toBeGreaterThan(10);
      const response = await t.app.inject({ method: 'GET', url: screenshot.src });
      expect(response.statusCode, screenshot.src).toBe(200);
      expect(response.headers['content-type'], screenshot.src).toBe(screenshot.type);
      const { width = 0, height = 0, format } = await sharp(response.rawPayload).metadata();
      expect(format, screenshot.src).toBe('webp');
      expect(`${width}x${height}`, screenshot.src).toBe(screenshot.sizes);
      // What Chromium asks of a screenshot to show it in its install dialog.
      expect(screenshot.form_factor === 'wide' ? width > height : height > width, screenshot.src).toBe(true);
      expect(Math.max(width, height) / Math.min(width, height), screenshot.src).toBeLessThanOrEqual(2.3);
      expect(Math.min(width, height), screenshot.src).toBeGreaterThanOrEqual(320);
    }
  });
});

describe('the service worker and the offline page', () => {
  it('serves /sw.js at the root, never cached without revalidation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('offline.html');
  });

  it('serves the offline page in French', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/offline.html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Vous êtes hors ligne');
  });

  it('links the manifest and the store ids from the pages', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain('<meta name="apple-itunes-app" content="app-id=987654321"/>');
    expect(html).toContain('<meta name="google-play-app" content="app-id=fr.exemple.tables"/>');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
  });
});
