// What a visitor on the calibrated low-end phone waits for on a place's page (issue 55, decision 0092): the
// blocking time while it loads, and the time from a first tap on « Copier le lien » to « Lien copié » shown,
// tapped two seconds after `load` without anything before it, and tapped after a scroll (the visitor read the
// page first). The counterpart of Lighthouse's figures, which see the load only: React started on the first
// intent leaves the load, and the tap made first pays for it. Real Chromium, its CPU really slowed by the
// calibrated multiplier (the host's `benchmarkIndex` ÷ 350), no network slowdown; prints a table and writes
// bench/results/first-tap.json.
//
//   npm run bench:first-tap                 5 runs of each case
//   npm run bench:first-tap -- --quick      2 runs (CI: results in a temporary folder)
//
// Not part of `npm test`: the figures depend on the machine.
/* global window, document, addEventListener, MutationObserver */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  CHROME_FLAGS,
  chromePath,
  cpuShareBetween,
  cpuSlowdownFor,
  cpuTimes,
  measureBenchmarkIndex,
  median,
  TARGET_INDEX,
} from './support/benchmark-index.mjs';
import { quick, resultsDir } from './support/common.mjs';
import { assertProductionBuild, loadServerSupport } from './support/server-support.mjs';

const RUNS = quick ? 2 : 5;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/** In the page from its start: long tasks, the first pointer down, and when « Lien copié » is shown. */
const WATCH = () => {
  const seen = { longTasks: [], firstPaint: null, pointerDown: null, copied: null };
  window.__firstTap = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    const fcp = list.getEntriesByName('first-contentful-paint')[0];
    if (fcp) seen.firstPaint = fcp.startTime;
  }).observe({ type: 'paint', buffered: true });
  addEventListener('pointerdown', (e) => (seen.pointerDown ??= e.timeStamp), { capture: true });
  new MutationObserver(() => {
    if (seen.pointerDown !== null && seen.copied === null && document.body.textContent.includes('Lien copié'))
      seen.copied = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

async function run(browser, url, cpuSlowdown, scrollFirst) {
  const context = await browser.newContext({ ...PHONE, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  const page = await context.newPage();
  await page.addInitScript(WATCH);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  if (scrollFirst) {
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(5000);
  }
  const button = page.getByRole('button', { name: 'Copier le lien' });
  await button.scrollIntoViewIfNeeded();
  await button.tap();
  await page.waitForFunction(() => window.__firstTap.copied !== null, null, { timeout: 30_000 });
  const seen = await page.evaluate(() => window.__firstTap);
  await context.close();
  // As Lighthouse counts it: each task's time beyond 50 ms, from the first paint until the tap.
  const untilTap = seen.longTasks.filter(([start]) => start >= seen.firstPaint && start < seen.pointerDown);
  return {
    tapToAnswerMs: Math.round(seen.copied - seen.pointerDown),
    blockingBeforeTapMs: Math.round(untilTap.reduce((sum, [, duration]) => sum + duration - 50, 0)),
    longestTaskBeforeTapMs: Math.round(Math.max(0, ...untilTap.map(([, duration]) => duration))),
  };
}

const indexSamples = await measureBenchmarkIndex(quick ? 3 : 7);
const hostIndex = median(indexSamples);
const cpuSlowdown = cpuSlowdownFor(hostIndex);
process.stderr.write(`benchmarkIndex ${Math.round(hostIndex)} ; processeur ralenti ${cpuSlowdown}×\n`);

const { startServer } = await loadServerSupport();
const server = await startServer({ NODE_ENV: 'production' });
const startedAt = new Date();
const cpuAtStart = cpuTimes();
const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.slice(1) });
const cases = [];
try {
  await assertProductionBuild(server.baseUrl);
  // The first restaurant of the demonstration data: every place's page has « Copier le lien ».
  const places = await (await fetch(`${server.baseUrl}/api/establishments/`)).json();
  const place = places.find((p) => p.kind === 'restaurant');
  if (place === undefined) throw new Error('No restaurant in the demonstration data');
  const pagePath = `/restaurant/${encodeURIComponent(place.uri)}`;
  const url = `${server.baseUrl}${pagePath}`;
  for (const [name, scrollFirst] of [
    ['tap first', false],
    ['scroll, then tap', true],
  ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      process.stderr.write(`${name} ${i + 1}/${RUNS}…\n`);
      // A fresh render each time (the server's page cache is keyed by the whole address): a render is
      // trusted for a minute (decision 0092), and a run that came late in a cached copy's minute would
      // start React on its own before the tap.
      runs.push(await run(browser, `${url}?mesure=${Date.now()}`, cpuSlowdown, scrollFirst));
    }
    const medians = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
    cases.push({ case: name, path: pagePath, medians, runs });
  }
} finally {
  await browser.close();
  await server.stop();
}

console.table(cases.map((c) => ({ case: c.case, ...c.medians })));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  path.join(resultsDir, 'first-tap.json'),
  `${JSON.stringify(
    {
      command: `npm run bench:first-tap${quick ? ' -- --quick' : ''}`,
      date: startedAt.toISOString(),
      node: process.version,
      calibration: { hostIndex: Math.round(hostIndex), indexSamples, targetIndex: TARGET_INDEX, cpuSlowdown },
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? null,
        loadAverageAtEnd: os.loadavg(),
        // /proc/stat from the server's start to the end: the busy share, and what the hypervisor took.
        cpuDuringBench: cpuShareBetween(cpuAtStart, cpuTimes()),
      },
      runsPerCase: RUNS,
      cases,
    },
    null,
    2,
  )}\n`,
);
