// Draws public/og-image.png, the 1200×630 image shared for pages without a photo, with Debian's Chromium.
// Run once after changing the design: `node apps/web/scripts/make-share-image.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const logo = readFileSync(path.join(webRoot, 'public/favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(`<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;align-items:center;gap:56px;padding:0 96px;box-sizing:border-box;
  background:#f06023;font-family:'Open Sans',sans-serif;color:#fff">
  <div style="width:220px;height:220px;flex:none;border-radius:48px;background:#fff;display:flex;align-items:center;justify-content:center">
    <div style="width:200px;height:200px">${logo.replace('<svg ', '<svg width="200" height="200" ')}</div>
  </div>
  <div>
    <div style="font-size:76px;font-weight:700;line-height:1.1">Tables Voisines</div>
    <div style="font-size:38px;margin-top:20px;line-height:1.3">Les restaurateurs de votre quartier,<br>partout en France</div>
  </div>
</div></body></html>`);
await page.screenshot({ path: path.join(webRoot, 'public/og-image.png') });
await browser.close();
