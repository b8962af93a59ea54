// Issue 8: "the browser map stays interactive" at 200,000 establishments. Debian's Chromium (headless, no GPU:
// WebGL through SwiftShader) opens `/` of the built server on PostgreSQL, waits until the map shows its
// establishments, then pans it with real mouse drags (mouse down, small moves ~16 ms apart, up, inertia) at
// several zooms, while a requestAnimationFrame loop injected in the page records every frame and a
// PerformanceObserver the long tasks. The reference, measured in the same run on the same page: the same pans
// with the establishment data answered empty (the list `GET /api/establishments/` and any `/api/map/`
// request), so the base map alone is drawn. Whatever request carries the data, "data shown" is read from the
// page: the first frame where the map element reports drawn clusters or places (`data-drawn-*`, the map's
// own or the server's) and the list its count of establishments in view. From MAP_SERVER_CLUSTERS_FROM
// establishments (10,000 by default, so the full run) the map draws the server's clusters while nothing is
// filtered, and the list comes from the server without the feed (decision 0038); MAP_SERVER_CLUSTERS_FROM=100000000
// measures the map clustering the whole feed itself.
// Over 400 lines: a benchmark is one script a reader follows from start to figures (the page's frame
// recorder, the drags, the scenarios and their references), as the other benches are.
//
//   npm run bench:map-frames                 BENCH_DATA_URL (default tv_perf_bench: npm run bench:data first)
//   npm run bench:map-frames -- --quick      a scratch database of 3,000 establishments, one round of pans
//
// Writes map-frames.json into bench/results/ (quick: a temporary folder). Prints a table; asserts no timing.
/* global window, document, requestAnimationFrame */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { MiB, machine, percentile, quick, resultsDir, root, round, startApi } from './support/common.mjs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of e2e/support/browser.ts (the journeys' browser).
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratchName = `tv_frames_quick_${process.pid}`;
const QUICK_ESTABLISHMENTS = 3000;
/** Each round pans a square: right, down, left, up (quick: right, left, once). */
const ROUNDS = quick ? 1 : 2;
const PATTERN = quick
  ? [
      [1, 0],
      [-1, 0],
    ]
  : [
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
    ];
const DRAG_STEPS = 24;
const STEP_MS = 16;
/** After the mouse is released: inertia, then `moveend` (the HTML markers are rebuilt then). */
const TAIL_MS = 700;
const LOAD_TIMEOUT_MS = quick ? 90_000 : 20 * 60_000;
/** A scenario stops after the drag that passes this time (a page that draws a frame a second takes long). */
const SCENARIO_CAP_MS = quick ? 60_000 : 90_000;

const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const LYON = { latitude: 45.764, longitude: 4.8357 };
const ALL_VIEWPORTS = {
  desktop: {
    context: { viewport: { width: 1280, height: 800 } },
    scenarios: [
      ['france-z6', null, 6],
      ['paris-z9', PARIS, 9],
      ['paris-z13', PARIS, 13],
      ['lyon-z9', LYON, 9],
      ['lyon-z13', LYON, 13],
    ],
  },
  mobile: {
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    scenarios: [
      ['france-z6', null, 6],
      ['paris-z13', PARIS, 13],
    ],
  },
};
// Quick: checks that the benchmark works, in about a minute on an idle machine: one scenario (with its
// reference), the one with the most markers to rebuild; CI runs it and keeps no figure.
const VIEWPORTS = quick
  ? {
      desktop: {
        ...ALL_VIEWPORTS.desktop,
        scenarios: ALL_VIEWPORTS.desktop.scenarios.filter(([name]) => name === 'paris-z13'),
      },
    }
  : ALL_VIEWPORTS;
// BENCH_VIEWPORTS=desktop BENCH_SCENARIOS=paris-z13: a part of the run, to look into one case (its figures
// go to a temporary folder unless BENCH_RESULTS_DIR says where, so the recorded full run stays whole).
const onlyViewports = (process.env.BENCH_VIEWPORTS ?? '').split(',').filter(Boolean);
const onlyScenarios = (process.env.BENCH_SCENARIOS ?? '').split(',').filter(Boolean);
// BENCH_NETWORK_MBPS=20: the page's network slowed to that many megabits a second down (40 ms of latency,
// Chromium's emulation), as a phone's: what the first picture waits for shows there. BENCH_WITHOUT_PREVIEW=1:
// the server's clusters of the view refused to the page (`/api/map/points`), the map waiting for the whole
// feed as before the preview (decision 0034's third addendum). Either makes a partial run.
const networkMbps = Number(process.env.BENCH_NETWORK_MBPS ?? 0) || null;
const withoutPreview = process.env.BENCH_WITHOUT_PREVIEW === '1';
const partialRun =
  onlyViewports.length > 0 || onlyScenarios.length > 0 || networkMbps !== null || withoutPreview;
const SELECTED_VIEWPORTS = Object.fromEntries(
  Object.entries(VIEWPORTS)
    .filter(([name]) => onlyViewports.length === 0 || onlyViewports.includes(name))
    .map(([name, viewport]) => [
      name,
      {
        ...viewport,
        scenarios: viewport.scenarios.filter(
          ([scenario]) => onlyScenarios.length === 0 || onlyScenarios.includes(scenario),
        ),
      },
    ]),
);
const outputDir =
  partialRun && process.env.BENCH_RESULTS_DIR === undefined
    ? path.join(os.tmpdir(), 'tv-bench-partial')
    : resultsDir;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function urlOf(name) {
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The requests that carry the establishments: today's whole list, or any map feed under `/api/map/`. */
function isDataRequest(url) {
  const { pathname } = new URL(url);
  return (
    pathname === '/api/establishments/' ||
    pathname === '/api/establishments' ||
    pathname.startsWith('/api/map/')
  );
}

/** The same JSON with every array emptied and every count at zero: a feed that has nothing to show. */
function emptied(value, key = '') {
  if (Array.isArray(value)) return [];
  if (typeof value === 'number' && /^(total|count|length|size)$/i.test(key)) return 0;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptied(v, k)]));
  }
  return value;
}

/**
 * Runs in the page before its own scripts: a requestAnimationFrame loop (its timestamps while recording,
 * and the first frames where the map is ready and where establishments are drawn) and the long tasks.
 */
function pageProbe() {
  const probe = {
    recording: false,
    frames: [],
    longTasks: [],
    mapReadyAt: null,
    firstClustersAt: null,
    dataShownAt: null,
    statusAt: null,
    status: null,
  };
  window.__tvProbe = probe;
  // What MapLibre drew (clusters and places, the map's own or the server's), as the map element reports it
  // once the map is still.
  const drawnPlaces = () => {
    const map = document.querySelector('[data-testid="map"]');
    if (map === null) return 0;
    return ['drawnClusters', 'drawnRestaurants', 'drawnRemplisvert']
      .map((key) => Number(map.dataset[key] ?? 0))
      .reduce((a, b) => a + b, 0);
  };
  window.__tvDrawn = drawnPlaces;
  const loop = (time) => {
    if (probe.recording) probe.frames.push(time);
    if (probe.mapReadyAt === null && document.querySelector('[data-testid="map"][data-ready="true"]')) {
      probe.mapReadyAt = time;
    }
    if (probe.firstClustersAt === null && drawnPlaces() > 0) probe.firstClustersAt = time;
    if (probe.statusAt === null) {
      for (const element of document.querySelectorAll('[role="status"]')) {
        const text = element.textContent ?? '';
        if (
          /établissements? dans cette zone/.test(text) ||
          // The empty list's words (issue 49: « Aucun établissement … »), or a failure.
          /Aucun établissement|Aucun restaurant|pas pu être chargée/.test(text)
        ) {
          probe.statusAt = time;
          probe.status = text;
        }
      }
    }
    if (probe.dataShownAt === null && probe.firstClustersAt !== null && probe.statusAt !== null) {
      probe.dataShownAt = time;
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    probe.longTasks = null;
  }
}

/** Resident memory of the browser and all its processes (renderers, GPU process, utilities). */
function processTreeRss(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    try {
      const status = readFileSync(`/proc/${current}/status`, 'utf8');
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // gone meanwhile
    }
    queue.push(...(children.get(current) ?? []));
  }
  return total;
}

async function readView(page) {
  const map = page.getByTestId('map');
  const [zoom, center] = await Promise.all([map.getAttribute('data-zoom'), map.getAttribute('data-center')]);
  const [latitude, longitude] = (center ?? '0,0').split(',').map(Number);
  return { zoom: Number(zoom), latitude, longitude };
}

/** Waits until the view the page reports (updated on `moveend`) stays the same for a moment. */
async function settledView(page, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await readView(page);
  for (;;) {
    await sleep(300);
    const view = await readView(page);
    if (view.zoom === last.zoom && view.latitude === last.latitude && view.longitude === last.longitude) {
      return view;
    }
    if (Date.now() > deadline) throw new Error('the map view did not settle');
    last = view;
  }
}

/** Web Mercator, 512 px tiles (MapLibre): where a place is drawn in the page (as e2e/map.test.ts). */
async function pixelOf(page, box, place) {
  const view = await readView(page);
  const worldSize = 512 * 2 ** view.zoom;
  const x = (lng) => ((lng + 180) / 360) * worldSize;
  const y = (lat) => {
    const s = Math.sin((lat * Math.PI) / 180);
    return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * worldSize;
  };
  return {
    x: box.x + box.width / 2 + x(place.longitude) - x(view.longitude),
    y: box.y + box.height / 2 + y(place.latitude) - y(view.latitude),
  };
}

/**
 * A start point for a drag of (dx, dy) where the map's canvas itself is under the mouse, not a marker (a
 * marker pressed and released moves with the map and would take the click) nor the phone's bottom sheet.
 */
async function dragStart(page, box, dx, dy) {
  const margin = 12;
  const ideal = { x: box.x + box.width / 2 - dx / 2, y: box.y + box.height / 2 - dy / 2 };
  const candidates = [];
  for (let ring = 0; ring < 12; ring += 1) {
    for (let i = -ring; i <= ring; i += 1) {
      for (let j = -ring; j <= ring; j += 1) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        const x = ideal.x + i * 18;
        const y = ideal.y + j * 18;
        const inside = (px, py) =>
          px > box.x + margin &&
          px < box.x + box.width - margin &&
          py > box.y + margin &&
          py < box.y + box.height - margin;
        if (inside(x, y) && inside(x + dx, y + dy)) candidates.push([x, y]);
      }
    }
  }
  const found = await page.evaluate(
    (points) =>
      points.find(([x, y]) => document.elementFromPoint(x, y)?.classList.contains('maplibregl-canvas')) ??
      null,
    candidates,
  );
  if (found === null) throw new Error(`no free spot on the map for a drag of ${dx}, ${dy}`);
  return { x: found[0], y: found[1] };
}

/** A mouse drag as a hand makes it; `release: 'still'` pauses first, so that no inertia follows. */
async function drag(page, box, dx, dy, { release = 'moving' } = {}) {
  const start = await dragStart(page, box, dx, dy);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= DRAG_STEPS; i += 1) {
    await page.mouse.move(start.x + (dx * i) / DRAG_STEPS, start.y + (dy * i) / DRAG_STEPS);
    await sleep(STEP_MS);
  }
  if (release === 'still') await sleep(300);
  await page.mouse.up();
}

/** Centres the map on a place (drags, no inertia) and sets the zoom with the map's own buttons. */
async function goTo(page, place, zoom) {
  const box = await page.getByTestId('map').boundingBox();
  const zoomBy = async (target) => {
    for (let i = 0; i < 20; i += 1) {
      const view = await settledView(page);
      if (Math.round(view.zoom) === target) return;
      const name = view.zoom < target ? 'Zoomer' : 'Dézoomer';
      await page.getByRole('button', { name, exact: true }).click({ timeout: LOAD_TIMEOUT_MS });
      // The page reports the new zoom at the end of the animation (`moveend`), a busy page late.
      const deadline = Date.now() + 60_000;
      while ((await readView(page)).zoom === view.zoom) {
        if (Date.now() > deadline) throw new Error(`the map did not zoom from ${view.zoom}`);
        await sleep(100);
      }
    }
    throw new Error(`zoom ${target} not reached`);
  };
  if (place !== null) {
    // From afar, the place is off screen: back to France first.
    if ((await settledView(page)).zoom > 7) await zoomBy(6);
    for (let i = 0; i < 10; i += 1) {
      const pixel = await pixelOf(page, box, place);
      let dx = box.x + box.width / 2 - pixel.x;
      let dy = box.y + box.height / 2 - pixel.y;
      if (Math.abs(dx) < 3 && Math.abs(dy) < 3) break;
      dx = Math.max(-box.width * 0.35, Math.min(box.width * 0.35, dx));
      dy = Math.max(-box.height * 0.3, Math.min(box.height * 0.3, dy));
      await drag(page, box, dx, dy, { release: 'still' });
      await settledView(page);
    }
  }
  await zoomBy(zoom);
}

/** The pans of one scenario, recorded: frame intervals and long tasks over the whole sequence. */
async function recordPans(page) {
  const box = await page.getByTestId('map').boundingBox();
  const before = await settledView(page);
  const dx = Math.round(Math.min(320, box.width * 0.3));
  const dy = Math.round(Math.min(240, box.height * 0.22));
  const startedAt = await page.evaluate(() => {
    window.__tvProbe.frames = [];
    window.__tvProbe.recording = true;
    return performance.now();
  });
  const capAt = Date.now() + SCENARIO_CAP_MS;
  let drags = 0;
  pans: for (let round = 0; round < ROUNDS; round += 1) {
    for (const [x, y] of PATTERN) {
      await drag(page, box, x * dx, y * dy);
      await sleep(TAIL_MS);
      drags += 1;
      if (Date.now() > capAt) break pans;
    }
  }
  const { frames, longTasks, endedAt } = await page.evaluate(() => {
    const probe = window.__tvProbe;
    probe.recording = false;
    return { frames: probe.frames, longTasks: probe.longTasks, endedAt: performance.now() };
  });
  const after = await settledView(page);
  const intervals = frames.slice(1).map((t, i) => t - frames[i]);
  const tasks =
    longTasks === null ? null : longTasks.filter(([start]) => start >= startedAt && start <= endedAt);
  const over = (ms) => intervals.filter((x) => x > ms).length;
  return {
    drags,
    dragsPlanned: ROUNDS * PATTERN.length,
    dragPx: [dx, dy],
    durationMs: round(endedAt - startedAt, 0),
    frames: intervals.length,
    fps: round(intervals.length / ((endedAt - startedAt) / 1000), 1),
    p50Ms: round(percentile(intervals, 50), 1),
    p95Ms: round(percentile(intervals, 95), 1),
    p99Ms: round(percentile(intervals, 99), 1),
    maxMs: round(Math.max(...intervals), 1),
    over50Share: round(over(50) / intervals.length, 3),
    over100: over(100),
    longTasks:
      tasks === null
        ? null
        : {
            count: tasks.length,
            totalMs: round(
              tasks.reduce((sum, [, d]) => sum + d, 0),
              0,
            ),
            maxMs: round(Math.max(0, ...tasks.map(([, d]) => d)), 0),
          },
    markersAfter: await page.evaluate(() => window.__tvDrawn()),
    boardMarkersAfter: Number((await page.getByTestId('map').getAttribute('data-drawn-boards')) ?? 0),
    viewBefore: before,
    viewAfter: after,
  };
}

/**
 * BENCH_PROFILE=paris-z13,france-z6: a CPU profile of the page's main thread during those scenarios' pans
 * (with the data), written as a .cpuprofile (Chrome DevTools opens it) in a temporary folder, with the functions
 * that took the most time printed.
 */
const profiled = (process.env.BENCH_PROFILE ?? '').split(',').filter(Boolean);

/**
 * BENCH_TRACE=paris-z13: a Chromium trace of those scenarios' pans; prints where the page's main thread spent
 * its time by kind of work (scripts, style, layout, paint, compositing), outermost events only.
 */
/** Profiles and traces are tens of megabytes: kept out of bench/results. */
const profilesDir = path.join(os.tmpdir(), 'tv-bench-profiles');
const traced = (process.env.BENCH_TRACE ?? '').split(',').filter(Boolean);
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'];

async function summariseTrace(buffer, name) {
  const { traceEvents } = JSON.parse(buffer.toString('utf8'));
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const events = traceEvents
    .filter((e) => e.ph === 'X' && e.dur !== undefined && mainThreads.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Time by event name, counting an event inside another only under its innermost name (self time).
  const selfUs = new Map();
  const stack = [];
  for (const event of events) {
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent !== undefined) selfUs.set(parent.name, (selfUs.get(parent.name) ?? 0) - event.dur);
    selfUs.set(event.name, (selfUs.get(event.name) ?? 0) + event.dur);
    stack.push(event);
  }
  await mkdir(profilesDir, { recursive: true });
  const file = path.join(profilesDir, `map-frames-${name}.trace.json`);
  await writeFile(file, buffer);
  process.stderr.write(`  trace ${name} (${file}), main thread self time:\n`);
  for (const [event, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    process.stderr.write(`    ${(us / 1000).toFixed(0).padStart(7)} ms  ${event}\n`);
  }
}

async function startProfile(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 500 });
  await session.send('Profiler.start');
  return session;
}

async function stopProfile(session, name) {
  const { profile } = await session.send('Profiler.stop');
  await session.detach();
  await mkdir(profilesDir, { recursive: true });
  const file = path.join(profilesDir, `map-frames-${name}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  const interval = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  const selfMs = new Map();
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (counts.get(node.id) ?? 0) * interval);
  }
  const top = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 25);
  process.stderr.write(`  profile ${name} (${file}):\n`);
  for (const [key, ms] of top) process.stderr.write(`    ${ms.toFixed(0).padStart(7)} ms  ${key}\n`);
}

/** What is measured so far, written after each scenario: a run stopped halfway still leaves its figures. */
const finished = [];
async function writePartial(current) {
  await mkdir(outputDir, { recursive: true });
  await writeFile(
    path.join(outputDir, 'map-frames.partial.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), runs: [...finished, current] }, null, 2)}\n`,
  );
}

/** One fresh browser, one page: load, then every scenario of the viewport. */
async function run(base, viewportName, mode) {
  const { context: contextOptions, scenarios } = SELECTED_VIEWPORTS[viewportName];
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const browser = await chromium.connect(server.wsEndpoint());
  const dataRequests = [];
  const consoleErrors = [];
  try {
    const context = await browser.newContext({
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      serviceWorkers: 'block',
      ...contextOptions,
    });
    await context.addInitScript(pageProbe);
    if (mode === 'reference') {
      await context.route(
        (url) => isDataRequest(url.href),
        async (route) => {
          const url = new URL(route.request().url());
          const json = (body) =>
            route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
          if (url.pathname.startsWith('/api/establishments')) {
            dataRequests.push({ path: url.pathname, answered: 'empty list' });
            return json([]);
          }
          if (url.pathname === '/api/map/feed') {
            dataRequests.push({ path: url.pathname, answered: 'empty feed' });
            return json({ establishments: [], openingHours: [], categorySets: [], count: 0 });
          }
          if (url.pathname === '/api/map/points') {
            dataRequests.push({ path: url.pathname, answered: 'empty feed' });
            return json({
              zoom: Math.round(Number(url.searchParams.get('zoom') ?? 0)),
              total: 0,
              features: [],
            });
          }
          // Another feed: its own answer with every array emptied, or no answer at all if it is not JSON.
          const response = await route.fetch();
          if (/json/.test(response.headers()['content-type'] ?? '')) {
            dataRequests.push({ path: url.pathname, answered: 'its JSON emptied' });
            return json(emptied(await response.json()));
          }
          dataRequests.push({ path: url.pathname, answered: 'aborted (not JSON)' });
          return route.abort('blockedbyclient');
        },
      );
    } else {
      context.on('requestfinished', async (request) => {
        if (!isDataRequest(request.url())) return;
        const sizes = await request.sizes().catch(() => null);
        const timing = request.timing();
        dataRequests.push({
          path: new URL(request.url()).pathname,
          status: (await request.response())?.status() ?? null,
          transferredBytes: sizes?.responseBodySize ?? null,
          ms: timing.responseEnd >= 0 ? round(timing.responseEnd, 0) : null,
        });
      });
    }
    if (withoutPreview) {
      await context.route(/\/api\/map\/points\?/, async (route) => {
        dataRequests.push({ path: '/api/map/points', answered: 'refused (BENCH_WITHOUT_PREVIEW)' });
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
      });
    }
    const page = await context.newPage();
    if (networkMbps !== null) {
      const network = await context.newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: (networkMbps * 1e6) / 8,
        uploadThroughput: (10 * 1e6) / 8,
      });
    }
    let crashed = false;
    page.on('crash', () => (crashed = true));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text().slice(0, 300));
    });
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message.slice(0, 300)}`));

    process.stderr.write(`${viewportName}, ${mode}: chargement de la carte…\n`);
    const response = await page.goto(`${base}/`, { waitUntil: 'commit' });
    if (response?.status() !== 200) throw new Error(`/ answered ${response?.status()}`);
    const shown = mode === 'data' ? 'dataShownAt' : 'statusAt';
    await page.waitForFunction(
      (key) => window.__tvProbe.mapReadyAt !== null && window.__tvProbe[key] !== null,
      shown,
      { timeout: LOAD_TIMEOUT_MS, polling: 250 },
    );
    if (crashed) throw new Error('the page crashed');
    // Let the data settle (the list's count and the markers of the first view).
    await sleep(2000);
    await settledView(page, LOAD_TIMEOUT_MS);
    const probe = await page.evaluate(() => {
      const p = window.__tvProbe;
      return {
        mapReadyAt: p.mapReadyAt,
        firstClustersAt: p.firstClustersAt,
        dataShownAt: p.dataShownAt,
        statusAt: p.statusAt,
        status: p.status,
        loadLongTasks: p.longTasks,
      };
    });
    const markers = await page.evaluate(() => window.__tvDrawn());
    if (mode === 'reference' && markers > 0) {
      throw new Error('the reference page still shows establishments: a data request was not recognised');
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const load = {
      mapReadyMs: round(probe.mapReadyAt, 0),
      firstClustersMs: probe.firstClustersAt === null ? null : round(probe.firstClustersAt, 0),
      dataShownMs: probe.dataShownAt === null ? null : round(probe.dataShownAt, 0),
      statusShownMs: probe.statusAt === null ? null : round(probe.statusAt, 0),
      status: probe.status,
      markers,
      longTasksDuringLoad:
        probe.loadLongTasks === null
          ? null
          : {
              count: probe.loadLongTasks.length,
              totalMs: round(
                probe.loadLongTasks.reduce((sum, [, d]) => sum + d, 0),
                0,
              ),
              maxMs: round(Math.max(0, ...probe.loadLongTasks.map(([, d]) => d)), 0),
            },
      mainThreadHeapAfterGcMiB: round(heap.usedSize / MiB, 1),
      browserProcessesRssMiB: round(processTreeRss(server.process().pid) / MiB, 0),
    };
    process.stderr.write(`${viewportName}, ${mode}: ${JSON.stringify(load)}\n`);

    const results = [];
    for (const [name, place, zoom] of scenarios) {
      let figures;
      try {
        await goTo(page, place, zoom);
        const profiler = mode === 'data' && profiled.includes(name) ? await startProfile(page) : null;
        const tracing = mode === 'data' && traced.includes(name);
        if (tracing) await page.context().browser().startTracing(page, { categories: TRACE_CATEGORIES });
        figures = await recordPans(page);
        if (profiler !== null) await stopProfile(profiler, `${viewportName}-${name}`);
        if (tracing)
          await summariseTrace(await page.context().browser().stopTracing(), `${viewportName}-${name}`);
      } catch (error) {
        // A page too slow to follow: the scenarios measured so far are kept, the rest of this page skipped.
        process.stderr.write(`  ${name}: ${error.message.split('\n')[0]}\n`);
        results.push({ scenario: name, zoom, error: error.message.split('\n')[0] });
        break;
      }
      if (crashed) throw new Error('the page crashed');
      process.stderr.write(
        `  ${name}: ${figures.frames} images, p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms, ${figures.markersAfter} repères\n`,
      );
      results.push({ scenario: name, zoom, ...figures });
      await writePartial({ viewport: viewportName, mode, load, scenarios: results, dataRequests });
    }
    await context.close();
    return {
      viewport: viewportName,
      mode,
      context: contextOptions,
      load,
      scenarios: results,
      dataRequests,
      consoleErrors,
    };
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
}

function chromiumVersion() {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main() {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  let databaseUrl = process.env.BENCH_DATA_URL ?? urlOf('tv_perf_bench');
  if (quick) {
    await admin.query(`create database "${scratchName}"`);
    databaseUrl = urlOf(scratchName);
    execFileSync(
      process.execPath,
      [
        'apps/api/dist/bench-data-cli.js',
        '--establishments',
        String(QUICK_ESTABLISHMENTS),
        '--boards',
        '3000',
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_DATA_URL: databaseUrl } },
    );
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-frames-'));
  const machineBefore = machine();
  let api;
  try {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { n: establishments } = (
      await db.query('select count(*)::int as n from establishments where not disabled')
    ).rows[0];
    const { n: boardsToday } = (
      await db.query(
        'select count(*)::int as n from menu_boards where date = (select max(date) from menu_boards)',
      )
    ).rows[0];
    await db.end();
    console.log(`${establishments.toLocaleString('fr-FR')} établissements visibles`);
    api = await startApi({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-secret-long-enough-for-hs256-signing-0123456789',
      DATA_DIR: dataDir,
    });
    // The data the page asks for, produced once before any browser (the server prepares it at start; the
    // first production is not what a visitor waits for): the feed, or the public list where there is no feed.
    const warmUp = [];
    for (const pathname of ['/api/map/feed', '/api/establishments/']) {
      const started = performance.now();
      const response = await fetch(`${api.base}${pathname}`);
      const bytes = (await response.arrayBuffer()).byteLength;
      warmUp.push({
        path: pathname,
        status: response.status,
        jsonBytes: bytes,
        seconds: round((performance.now() - started) / 1000),
      });
      if (response.ok) break;
    }
    console.log('préparation des données', warmUp);
    // Reference and data one after the other for each viewport: the machine's load moves between them less.
    const runs = [];
    for (const viewportName of Object.keys(SELECTED_VIEWPORTS)) {
      for (const mode of ['reference', 'data']) {
        runs.push(await run(api.base, viewportName, mode));
        finished.push(runs.at(-1));
      }
    }
    const comparison = [];
    for (const viewportName of Object.keys(SELECTED_VIEWPORTS)) {
      const reference = runs.find((r) => r.viewport === viewportName && r.mode === 'reference');
      const data = runs.find((r) => r.viewport === viewportName && r.mode === 'data');
      for (const scenario of data.scenarios) {
        const ref = reference.scenarios.find((s) => s.scenario === scenario.scenario);
        if (scenario.error !== undefined || ref === undefined || ref.error !== undefined) continue;
        comparison.push({
          viewport: viewportName,
          scenario: scenario.scenario,
          p95Ratio: round(scenario.p95Ms / ref.p95Ms),
          p99Ratio: round(scenario.p99Ms / ref.p99Ms),
          over50Share: scenario.over50Share,
          over50ShareReference: ref.over50Share,
          longTaskMs: scenario.longTasks?.totalMs ?? null,
          longTaskMsReference: ref.longTasks?.totalMs ?? null,
        });
      }
    }

    const rows = runs.flatMap((r) =>
      r.scenarios
        .filter((s) => s.error === undefined)
        .map((s) => ({
          écran: r.viewport,
          scénario: s.scenario,
          données: r.mode === 'data' ? `${establishments}` : 'aucune (réf.)',
          images: s.frames,
          'p50 ms': s.p50Ms,
          'p95 ms': s.p95Ms,
          'p99 ms': s.p99Ms,
          'max ms': s.maxMs,
          '> 50 ms': `${(s.over50Share * 100).toFixed(1)} %`,
          'tâches longues ms': s.longTasks?.totalMs ?? '—',
          repères: s.markersAfter,
        })),
    );
    console.log(
      `\nImages pendant les déplacements de la carte (${ROUNDS * PATTERN.length} glissements par scénario)`,
    );
    console.table(rows);
    console.table(
      runs.map((r) => ({
        écran: r.viewport,
        données: r.mode === 'data' ? `${establishments}` : 'aucune (réf.)',
        'carte prête ms': r.load.mapReadyMs,
        'premiers groupes ms': r.load.firstClustersMs ?? '—',
        'données affichées ms': r.load.dataShownMs ?? '—',
        'tas JS Mio': r.load.mainThreadHeapAfterGcMiB,
        'RSS Chromium Mio': r.load.browserProcessesRssMiB,
        requêtes: r.dataRequests.length,
        'octets transférés': r.dataRequests.reduce((sum, q) => sum + (q.transferredBytes ?? 0), 0) || '—',
      })),
    );
    console.table(
      comparison.map((c) => ({
        écran: c.viewport,
        scénario: c.scenario,
        'p95 ÷ réf.': c.p95Ratio,
        'p99 ÷ réf.': c.p99Ratio,
        '> 50 ms': `${(c.over50Share * 100).toFixed(1)} % (réf. ${(c.over50ShareReference * 100).toFixed(1)} %)`,
      })),
    );

    const record = {
      what:
        'Frame intervals while panning the home map with the mouse in Chromium (SwiftShader WebGL), with the ' +
        'establishments shown, against the same pans with the data requests answered empty (base map alone), ' +
        'same run, same server',
      command: `npm run bench:map-frames${quick ? ' -- --quick' : ''}`,
      date: new Date().toISOString(),
      quick,
      machineBefore,
      machineAfter: machine(),
      chromium: chromiumVersion(),
      chromiumFlags: [...CHROMIUM_FLAGS, '(headless)'],
      data: { establishmentsVisible: establishments, menuBoardsOfLatestDay: boardsToday },
      serverWarmUp: warmUp,
      method: {
        drag: `${DRAG_STEPS} mouse moves ${STEP_MS} ms apart, released while moving (inertia), then ${TAIL_MS} ms`,
        roundsPerScenario: ROUNDS,
        pattern: quick ? 'right, left' : 'right, down, left, up',
        frames: 'requestAnimationFrame timestamps from the first mouse down to the end of the last tail',
        longTasks: "PerformanceObserver 'longtask' over the same window",
        firstClusters:
          "first animation frame after the map element reports drawn clusters or places, the map's own or the server's (data-drawn-*, set when the map is idle), from navigation start",
        dataShown:
          'first animation frame where, besides, the list says how many establishments are in view (from the server at the scale of France, decision 0038; from the feed below MAP_SERVER_CLUSTERS_FROM)',
        serverClustersFrom: process.env.MAP_SERVER_CLUSTERS_FROM ?? 'default (10,000)',
        network:
          networkMbps === null
            ? 'not slowed (localhost)'
            : `${networkMbps} Mbit/s down, 10 up, 40 ms latency (Chromium's emulation, the page's requests)`,
        preview: withoutPreview ? 'refused (BENCH_WITHOUT_PREVIEW=1)' : 'on',
        reference:
          'GET /api/establishments/ answered [], /api/map/feed and /api/map/points empty feeds, any other /api/map/ request its JSON with every array emptied',
      },
      runs,
      comparison,
    };
    await mkdir(outputDir, { recursive: true });
    const file = path.join(outputDir, 'map-frames.json');
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
    await rm(path.join(outputDir, 'map-frames.partial.json'), { force: true });
    console.log(`written to ${path.relative(root, file) || file}`);
  } finally {
    await api?.stop();
    if (quick) await admin.query(`drop database if exists "${scratchName}" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
