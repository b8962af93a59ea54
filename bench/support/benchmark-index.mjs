// The host's speed as Lighthouse measures it (`benchmarkIndex`), and the CPU slowdown that makes it the
// simulated phone (issue 55, decision 0081): shared by bench:lighthouse and bench:first-tap.
import { readFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The simulated phone's `benchmarkIndex`: a low-end phone (Moto G Power class is about 260, Pixel 5 about 1,000). */
export const TARGET_INDEX = Number(process.env.LIGHTHOUSE_TARGET_INDEX ?? 350);

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The host's `benchmarkIndex` as Lighthouse computes it: its own page function, evaluated once in the blank
 * page of a browser just launched as its runs are (chrome-launcher, the same flags). Once per browser, because
 * Lighthouse's figure is that first evaluation: later ones in the same page read about 40 % higher (warmed
 * up), and Chrome's scale of phones (about 1,000 for a Pixel 5) is Lighthouse's figure.
 */
export async function measureBenchmarkIndex(samples) {
  const values = [];
  for (let i = 0; i < samples; i += 1) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = browser.contexts()[0]?.pages()[0] ?? (await browser.newPage());
      values.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
      await browser.close();
    } finally {
      await chrome.kill();
    }
  }
  return values;
}

/** Host ÷ target, never below 1 (a host slower than the phone is measured as it is). */
export function cpuSlowdownFor(hostIndex) {
  return Math.max(1, Math.round((hostIndex / TARGET_INDEX) * 100) / 100);
}

/**
 * The machine's CPU time so far, from /proc/stat's first line (in clock ticks): all of it, and `steal`, the
 * time the hypervisor gave other machines while this one wanted to run. A run whose tasks were stolen from
 * lasts longer in the trace than the phone's work (decision 0081). Null where /proc/stat is not (not Linux).
 */
export function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest and guest_nice are counted in user and nice).
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { total, steal: fields[7] ?? 0, idle: fields[3] + fields[4] };
  } catch {
    return null;
  }
}

/** Between two `cpuTimes()`: the stolen share and the busy share of the machine's CPU time, in %, or null. */
export function cpuShareBetween(from, to) {
  if (from === null || to === null || to.total <= from.total) return null;
  const elapsed = to.total - from.total;
  const percent = (ticks) => Math.round((ticks / elapsed) * 1000) / 10;
  return {
    stealPercent: percent(to.steal - from.steal),
    busyPercent: percent(elapsed - (to.idle - from.idle) - (to.steal - from.steal)),
  };
}
