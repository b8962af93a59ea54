// JavaScript a detail page loads before the lazy map chunk: the sum of the gzip sizes of the module scripts
// and modulepreloads named by the server-rendered HTML of `/restaurant/{uri}`, those its module script asks
// once the page is painted (decision 0057) included. Issue 33's budget: the app's own code ≤ 25 KB gzip and
// the whole ≤ 135 KB, React, react-dom and React Router being the rest. A script holding both is split in
// proportion of its modules' bundled code (`.vite/chunk-modules.json`, written by the build).
// Builds nothing: reads `apps/web/build/client` and the HTML of a running server.
//
//   node bench/page-weight.mjs                          starts the built server on a temporary data directory
//   node bench/page-weight.mjs --url http://127.0.0.1:3000   measures a server already running
//
// Writes bench/results/page-weight.json.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// No network here: the server draws the bundled offline base map (ARCHITECTURE.md).
process.env.MAP_STYLE ??= 'offline';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'apps/web/build/client');
const serverEntry = path.join(root, 'apps/api/dist/server.js');
const APP_BUDGET_BYTES = 25 * 1024;
const TOTAL_BUDGET_BYTES = 135 * 1024;
/** React, react-dom and React Router, with what they bring (the scheduler, React Router's cookie parsing). */
const FRAMEWORK_MODULE =
  /node_modules\/(react|react-dom|scheduler|react-router|@react-router\/[\w-]+|cookie|set-cookie-parser|turbo-stream)\//;

function argument(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** What the server sends for `url` to a browser accepting Brotli and gzip: the bytes on the wire and their encoding. */
function sentSize(baseUrl, url) {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(url, baseUrl), { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The built server (no `npm start`: its prestart step could rebuild) on a fresh data directory. */
async function startBuiltServer() {
  if (!existsSync(serverEntry)) throw new Error('No server build: run `npm run build` first.');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-page-weight-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no answer from ${baseUrl}:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every script the HTML makes the browser fetch at load: modulepreloads, module scripts, static imports. */
function scriptUrls(html) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (/rel="modulepreload"/.test(tag)) urls.add(/href="([^"]+)"/.exec(tag)?.[1]);
  }
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src);
  // The inline module script that boots React Router imports the manifest and the route modules: statically,
  // or once the page is painted (decision 0057), with the preloads it adds then.
  for (const [, inline] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, specifier] of inline.matchAll(/import\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']/g)) {
      urls.add(specifier);
    }
    for (const [, specifier] of inline.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(specifier);
    const preloads = /for \(const href of (\[[^\]]*\])\)/.exec(inline)?.[1];
    for (const href of preloads === undefined ? [] : JSON.parse(preloads)) urls.add(href);
  }
  urls.delete(undefined);
  return [...urls].filter((url) => url.startsWith('/'));
}

/** Static imports of a built chunk (the browser fetches them too, even if the HTML forgot one). */
function staticImports(source) {
  const found = [];
  for (const [, specifier] of source.matchAll(
    /(?:^|[;}\n])\s*import\s*(?:[\w*${}\s,]+from\s*)?["'](\.{0,2}\/[^"']+\.js)["']/g,
  )) {
    found.push(specifier);
  }
  return found;
}

/**
 * A build made with NODE_ENV other than production (`npm start` run from the test runner, where NODE_ENV
 * is `test`) ships React's development code: measuring it says nothing about the site.
 */
function isDevelopmentBuild(source) {
  return source.includes('Download the React DevTools');
}

/** The share of each script's bundled code that is React, react-dom or React Router (0 when not known). */
async function frameworkShares() {
  const file = path.join(clientDir, '.vite/chunk-modules.json');
  if (!existsSync(file))
    throw new Error('No .vite/chunk-modules.json in the client build: run `npm run build`.');
  const chunks = JSON.parse(await readFile(file, 'utf8'));
  const shares = new Map();
  for (const [fileName, modules] of Object.entries(chunks)) {
    let framework = 0;
    let all = 0;
    for (const [id, length] of Object.entries(modules)) {
      all += length;
      if (FRAMEWORK_MODULE.test(id)) framework += length;
    }
    shares.set(`/${fileName}`, all === 0 ? 0 : framework / all);
  }
  return shares;
}

async function measure(baseUrl) {
  const shares = await frameworkShares();
  const list = await (await fetch(`${baseUrl}/api/establishments/`)).json();
  const restaurant = list.find((e) => e.kind === 'restaurant');
  if (restaurant === undefined) throw new Error('No restaurant in the data');
  const pagePath = `/restaurant/${encodeURIComponent(restaurant.uri)}`;
  const response = await fetch(`${baseUrl}${pagePath}`);
  if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
  const html = await response.text();

  const files = new Map();
  const queue = scriptUrls(html);
  while (queue.length > 0) {
    const url = queue.shift();
    if (files.has(url)) continue;
    const filePath = path.join(clientDir, decodeURIComponent(url));
    if (!filePath.startsWith(clientDir) || !existsSync(filePath)) {
      // Served but not in the build (the manifest module is generated at build time into assets too).
      const body = Buffer.from(await (await fetch(`${baseUrl}${url}`)).arrayBuffer());
      files.set(url, { bytes: body.length, gzip: gzipSync(body, { level: 9 }).length, fromHtml: true });
      continue;
    }
    const source = await readFile(filePath);
    if (isDevelopmentBuild(source.toString('utf8'))) {
      throw new Error(
        `${url} holds React's development build: rebuild with \`npm run build\` (NODE_ENV unset or production).`,
      );
    }
    files.set(url, { bytes: source.length, gzip: gzipSync(source, { level: 9 }).length });
    for (const specifier of staticImports(source.toString('utf8'))) {
      queue.push(new URL(specifier, `http://x${url}`).pathname);
    }
  }
  const rows = [];
  for (const [url, size] of files) {
    const sent = await sentSize(baseUrl, url);
    const frameworkGzip = Math.round(size.gzip * (shares.get(url) ?? 0));
    rows.push({
      url,
      bytes: size.bytes,
      gzip: size.gzip,
      frameworkGzip,
      appGzip: size.gzip - frameworkGzip,
      sent: sent.bytes,
      sentEncoding: sent.encoding,
    });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce(
    (sum, row) => ({
      bytes: sum.bytes + row.bytes,
      gzip: sum.gzip + row.gzip,
      frameworkGzip: sum.frameworkGzip + row.frameworkGzip,
      appGzip: sum.appGzip + row.appGzip,
      sent: sum.sent + row.sent,
    }),
    { bytes: 0, gzip: 0, frameworkGzip: 0, appGzip: 0, sent: 0 },
  );
  if (rows.length === 0)
    throw new Error(`No script found in the HTML of ${pagePath}: the bench no longer reads it.`);
  return { pagePath, rows, total, mapChunkPreloaded: rows.some((r) => /map-chunk/.test(r.url)) };
}

const givenUrl = argument('--url') ?? process.env.PAGE_WEIGHT_URL;
const server = givenUrl ? null : await startBuiltServer();
try {
  const result = await measure(givenUrl ?? server.baseUrl);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`JavaScript before the map on ${result.pagePath}`);
  for (const row of result.rows) {
    console.log(
      `  ${kb(row.gzip).padStart(9)} gzip (app ${kb(row.appGzip).padStart(8)})  ${kb(row.bytes).padStart(9)}  ${kb(row.sent).padStart(9)} sent (${row.sentEncoding})  ${row.url}`,
    );
  }
  console.log(
    `Total: ${kb(result.total.gzip)} gzip (${kb(result.total.bytes)} minified) in ${result.rows.length} files, budget ${kb(TOTAL_BUDGET_BYTES)}; sent by the server: ${kb(result.total.sent)}`,
  );
  console.log(
    `  the app's own code: ${kb(result.total.appGzip)} gzip, budget ${kb(APP_BUDGET_BYTES)}; React, react-dom and React Router: ${kb(result.total.frameworkGzip)}`,
  );
  if (result.mapChunkPreloaded) console.log('Warning: the map chunk is loaded before hydration.');
  await mkdir(process.env.BENCH_RESULTS_DIR ?? path.join(root, 'bench/results'), { recursive: true });
  await writeFile(
    path.join(process.env.BENCH_RESULTS_DIR ?? path.join(root, 'bench/results'), 'page-weight.json'),
    `${JSON.stringify(
      {
        command: 'node bench/page-weight.mjs',
        date: new Date().toISOString(),
        page: result.pagePath,
        gzipLevel: 9,
        budgetBytes: { app: APP_BUDGET_BYTES, total: TOTAL_BUDGET_BYTES },
        totalGzipBytes: result.total.gzip,
        appGzipBytes: result.total.appGzip,
        frameworkGzipBytes: result.total.frameworkGzip,
        totalBytes: result.total.bytes,
        // What the server sends to a browser accepting Brotli and gzip (decision 0035), not the budget's measure.
        totalSentBytes: result.total.sent,
        withinBudget: {
          app: result.total.appGzip <= APP_BUDGET_BYTES,
          total: result.total.gzip <= TOTAL_BUDGET_BYTES,
        },
        files: result.rows,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await server?.stop();
}
