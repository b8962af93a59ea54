// Issue 33, item 4: what the map page's start costs a phone, measured in the browser itself rather than
// scored. Debian's Chromium (headless, no GPU: WebGL through SwiftShader) opens `/` of `npm start` on the
// demo data and the offline base map, with Lighthouse's phone: 412×823 at 1.75, the CPU slowed 4× and the
// network of its devtools throttling (562.5 ms of latency, 1,474.56 kbit/s down, 675 up). A fresh browser
// per run (no cache, no service worker). Recorded from the page: the map's WebGL frames (its `clear` calls,
// one burst per frame), the long tasks after the first paint and their blocking time (each one's time
// over 50 ms, as Lighthouse counts it) until the map is still (`data-still`), when the list showed its first
// place, when the map was first drawn
// and when it was still, and the canvas's size (its pixel ratio). Lighthouse's own score of the same page
// is in lighthouse.json; this gives the figures that score moves with, with less noise.
//
//   npm run bench:map-start                 5 runs, writes bench/results/map-start.json
//   npm run bench:map-start -- --quick      1 run (CI: that it works), results in a temporary folder
//
// Not part of `npm test`: figures depend on the machine.
/* global window, document, MutationObserver, WebGLRenderingContext, WebGL2RenderingContext */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { machine, quick, resultsDir, round } from './support/common.mjs';
import { assertProductionBuild, loadServerSupport } from './support/server-support.mjs';

// No network here: the server draws the bundled offline base map (ARCHITECTURE.md).
process.env.MAP_STYLE ??= 'offline';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const RUNS = quick ? 1 : 5;
/** Lighthouse 12's phone and its devtools throttling (`constants.js`: mobileSlow4G, adjusted). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const STILL_TIMEOUT_MS = 60_000;

/** Runs in the page before its scripts: WebGL frames, long tasks, first paint, the list's first place. */
function recorder() {
  const log = { frames: [], longTasks: [], firstPaint: null, listShown: null };
  window.__mapStart = log;
  // The list's first place (the server's HTML says « Chargement des établissements… » until the page asks).
  const LISTED = ['restaurant', 'remplisvert']
    .map((kind) => `[aria-labelledby="liste-etablissements"] a[href^="/${kind}/"]`)
    .join(', ');
  new MutationObserver((records, observer) => {
    if (document.querySelector(LISTED) === null) return;
    log.listShown = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    const clear = proto.clear;
    let last = -Infinity;
    // MapLibre clears two or three times per frame, back to back: one burst is one frame.
    proto.clear = function (...args) {
      const now = performance.now();
      if (now - last > 5) log.frames.push(now);
      last = now;
      return clear.apply(this, args);
    };
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) log.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') log.firstPaint = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
}

async function measure(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(recorder);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    await page.waitForSelector('[data-testid="map"][data-still="true"]', { timeout: STILL_TIMEOUT_MS });
    const stillAt = await page.evaluate(() => performance.now());
    const log = await page.evaluate(() => window.__mapStart);
    const canvas = await page.evaluate(() => {
      const element = document.querySelector('canvas.maplibregl-canvas');
      return { width: element.width, cssWidth: element.clientWidth };
    });
    const after = log.longTasks.filter(([start]) => start >= log.firstPaint && start <= stillAt);
    return {
      firstPaintMs: round(log.firstPaint),
      listShownMs: round(log.listShown ?? NaN),
      firstMapFrameMs: round(log.frames[0] ?? NaN),
      mapStillMs: round(stillAt),
      frames: log.frames.filter((t) => t <= stillAt).length,
      longTasks: after.length,
      blockingTimeMs: round(after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)),
      longestTaskMs: round(Math.max(0, ...after.map(([, duration]) => duration))),
      canvasPixelRatio: round(canvas.width / canvas.cssWidth),
    };
  } finally {
    await context.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const { startServer } = await loadServerSupport();
const server = await startServer({ NODE_ENV: 'production' });
const runs = [];
try {
  await assertProductionBuild(server.baseUrl);
  // One unmeasured visit, so that the server's page cache is warm for every run alike.
  await fetch(`${server.baseUrl}/`);
  for (let i = 0; i < RUNS; i += 1) {
    process.stderr.write(`démarrage de la carte, essai ${i + 1}/${RUNS}…\n`);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      runs.push(await measure(browser, `${server.baseUrl}/`));
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}

const medians = Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
console.table(
  Object.fromEntries(
    Object.keys(medians).map((key) => [
      key,
      { médiane: medians[key], essais: runs.map((r) => r[key]).join(', ') },
    ]),
  ),
);
await mkdir(resultsDir, { recursive: true });
const file = path.join(resultsDir, 'map-start.json');
await writeFile(
  file,
  `${JSON.stringify(
    {
      command: `npm run bench:map-start${quick ? ' -- --quick' : ''}`,
      date: new Date().toISOString(),
      chrome: execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim(),
      chromeFlags: CHROMIUM_FLAGS,
      machine: machine(),
      phone: PHONE,
      network: NETWORK,
      cpuSlowdown: CPU_SLOWDOWN,
      medians,
      runs,
    },
    null,
    2,
  )}\n`,
);
console.log(`écrit : ${path.relative(process.cwd(), file)}`);
