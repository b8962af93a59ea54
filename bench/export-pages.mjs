// Static export benchmark (issue 8, item 5): `npm run export` of N establishment pages (10,000; 300 with
// --quick) against a bare `renderToString` loop over the same pages, in the same run. Not part of `npm test`.
//
//   npm run bench:export-pages                 # 10,000 establishments in a scratch PostgreSQL database
//   npm run bench:export-pages -- --quick      # 300 pages: checks that the benchmark works (under a minute)
//   BENCH_PAGES=2000 BENCH_DATABASE_URL=postgres://... npm run bench:export-pages
//
// (a) The export: the real command (`node apps/api/dist/export-cli.js`, what `npm run export` runs after its
//     build check) on a scratch database `tv_sb_*` filled by `bench:data`; its rate is the pages it wrote
//     divided by the export's own time (every page's HTML and `.data` rendered through the app, written to
//     disk, plus assets, sitemaps, manifest); the command's whole wall time is recorded beside it. The
//     export uses one thread per core (EXPORT_THREADS=1: one only, like the reference); the threads used
//     are recorded.
// (b) The reference, "bare": for the very pages the export wrote (its pages.json), React's `renderToString`
//     of the router alone (`<CacheProvider><ServerRouter/></CacheProvider>` with the stylesheet's text, as
//     the app's server entry renders it, but without the loaders' data written in the page: its
//     `StreamTransfer` suspends and React writes the fallback; decision 0039) on each page's routing context,
//     already computed: only React's rendering is timed, no HTTP, no Fastify, no loader, no database, no file.
//     The contexts are built beforehand, untimed, by the server build's own request handler whose loaders
//     read the live database.
// Writes bench/results/export-pages.json (a temporary folder with --quick), then drops the database.
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import pg from 'pg';
import { machine, quick, resultsDir, root, round } from './support/common.mjs';

// What `npm run export` runs under unless told otherwise (its script sets NODE_ENV=${NODE_ENV:-production}):
// both sides measured with React's production build. Unset, both loaded React's development build, and the
// bare loop, nearly all React, ran at 403-453 pages/s against 1,033-1,448 under production on the same
// machine: a ratio of 0.83-0.9 that said nothing of `npm run export`.
process.env.NODE_ENV ??= 'production';

const pagesWanted = Number(process.env.BENCH_PAGES ?? (quick ? 300 : 10_000));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `tv_sb_export_pages_${process.pid}`;

function urlOf(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function run(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve({ stdout, seconds: (performance.now() - started) / 1000 })
        : reject(new Error(`node ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * The API's live public reads (`createPublicData`, what the server hands to the loaders), bundled from the
 * TypeScript sources as apps/api/build.mjs bundles the server: npm packages stay imports.
 */
async function loadApiPieces() {
  const manifest = JSON.parse(await readFile(path.join(root, 'apps/api/package.json'), 'utf8'));
  const external = Object.keys(manifest.dependencies ?? {}).filter((n) => !n.startsWith('@tables-voisines/'));
  const outfile = path.join(root, 'node_modules/.cache/tv-bench/export-pages-api.mjs');
  await mkdir(path.dirname(outfile), { recursive: true });
  await esbuild({
    stdin: {
      contents: [
        "export { loadConfig } from './config';",
        "export { openDatabase } from './db/client';",
        "export { createPublicData } from './web/public-data';",
        "export { MapIndex } from './modules/map/map-index';",
        "export { DataVersion } from './lib/data-version';",
      ].join('\n'),
      resolveDir: path.join(root, 'apps/api/src'),
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: [...external, ...external.map((n) => `${n}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

/** (b): renderToString of each exported page's router, timed call by call. */
async function bareLoop(paths, env) {
  const api = await loadApiPieces();
  const config = api.loadConfig(env);
  const database = await api.openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const buildUrl = pathToFileURL(path.join(root, 'apps/web/build/server/index.js')).href;
    const build = await import(buildUrl);
    // The server build's own copies of the libraries (resolved from it, as it imports them).
    const requireFromBuild = (await import('node:module')).createRequire(new URL(buildUrl));
    const importFromBuild = (name) => import(pathToFileURL(requireFromBuild.resolve(name)).href);
    const { createElement } = await importFromBuild('react');
    const { renderToString } = await importFromBuild('react-dom/server');
    const { ServerRouter, RouterContextProvider, createRequestHandler } =
      await importFromBuild('react-router');
    const { CacheProvider } = await importFromBuild('@emotion/react');
    const emotionCache = await importFromBuild('@emotion/cache');
    const createCache = emotionCache.default.default ?? emotionCache.default;

    // The server entry replaced by one that keeps the routing context instead of rendering it.
    let captured = null;
    const capture = (request, status, headers, routerContext) => {
      captured = { url: request.url, status, routerContext };
      return new Response(null, { status, headers });
    };
    const handle = createRequestHandler(
      { ...build, entry: { module: { ...build.entry.module, default: capture } } },
      'production',
    );
    // The map's index too: a page links the places nearest to it (« À proximité ») from it.
    const mapIndex = new api.MapIndex(database.db, new api.DataVersion());
    const publicData = api.createPublicData({ db: database.db, config, mapIndex, clock: () => new Date() });
    // The stylesheet the server entry writes in every page (decision 0036), given the same way.
    const { SiteCssContext, readSiteCss } = build.entry.module;
    const siteCss = readSiteCss();
    const render = ({ url, routerContext }) => {
      const cache = createCache({ key: 'css' });
      return renderToString(
        createElement(
          SiteCssContext.Provider,
          { value: siteCss },
          createElement(
            CacheProvider,
            { value: cache },
            createElement(ServerRouter, { context: routerContext, url }),
          ),
        ),
      );
    };

    const contextOf = async (pagePath) => {
      const context = new RouterContextProvider();
      context.set(build.entry.module.publicDataContext, publicData);
      if (build.entry.module.cspNonceContext) context.set(build.entry.module.cspNonceContext, '');
      captured = null;
      await handle(new Request(`${config.publicUrl}${pagePath}`), context);
      if (captured?.status !== 200) throw new Error(`${pagePath}: status ${captured?.status} instead of 200`);
      return captured;
    };

    // Warm-up: React and the route modules compiled by V8 before the first timed page. A context renders
    // once only (its loader data stream is read by the render).
    for (let i = 0; i < 20; i++) render(await contextOf(paths[i % paths.length]));

    let renderMs = 0;
    // CPU time of the renders (the process's, all threads: V8's collector included).
    let renderCpuMs = 0;
    let htmlBytes = 0;
    let prepareMs = 0;
    for (const pagePath of paths) {
      const t0 = performance.now();
      const page = await contextOf(pagePath);
      const t1 = performance.now();
      const cpu = process.cpuUsage();
      const html = render(page);
      renderMs += performance.now() - t1;
      const spent = process.cpuUsage(cpu);
      renderCpuMs += (spent.user + spent.system) / 1000;
      prepareMs += t1 - t0;
      htmlBytes += html.length;
      if (!html.includes('<h1')) throw new Error(`${pagePath}: no heading in the rendered page`);
    }
    return { renderMs, renderCpuMs, prepareMs, htmlBytes };
  } finally {
    await database.close();
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-sb-export-pages-data-'));
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'tv-sb-export-pages-out-'));
  try {
    execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
    const env = {
      ...process.env,
      DATABASE_URL: urlOf(dbName),
      JWT_SECRET: 'bench-secret-long-enough-for-hs256-signing-0123456789',
      SEED: 'none',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://tables-voisines.example',
    };
    delete env.ADMIN_USERNAME;
    delete env.ADMIN_PASSWORD;

    console.log(`chargement de ${pagesWanted} établissements...`);
    const fill = await run(
      [
        'apps/api/dist/bench-data-cli.js',
        '--establishments',
        String(pagesWanted),
        '--boards',
        String(pagesWanted * 5),
      ],
      { ...env, BENCH_DATA_URL: env.DATABASE_URL },
    );

    // (a) The export, as `npm run export` runs it.
    const exportArgs = ['--enable-source-maps', 'apps/api/dist/export-cli.js', outDir];
    // Other work on the machine weighs on both sides: the load average is kept beside each.
    const exportLoad = os.loadavg().map((x) => round(x));
    const exported = await run(exportArgs, env);
    const said =
      /: (\d+) pages, (\d+) fichiers, en ([\d.]+) s(?: \((\d+) fils?(?:, ([\d.]+) s de calcul)?\))?/.exec(
        exported.stdout,
      );
    if (said === null) throw new Error(`unexpected export output: ${exported.stdout}`);
    const pages = JSON.parse(await readFile(path.join(outDir, 'pages.json'), 'utf8'));
    const exportSeconds = Number(said[3]);
    const exportRate = pages.length / exportSeconds;

    // (b) The bare loop over the same pages.
    const bareLoad = os.loadavg().map((x) => round(x));
    const bare = await bareLoop(
      pages.map((p) => p.path),
      env,
    );
    const bareRate = pages.length / (bare.renderMs / 1000);
    const ratio = exportRate / bareRate;

    const record = {
      what:
        '`npm run export` (apps/api/dist/export-cli.js: every page and its .data rendered through the app, ' +
        'written to disk) against a bare loop of React renderToString over the same pages',
      bare:
        'renderToString(<SiteCssContext.Provider><CacheProvider><ServerRouter context url/></CacheProvider></SiteCssContext.Provider>) of each page exported ' +
        '(its pages.json), on its routing context built beforehand, untimed, by the server build request ' +
        'handler with live loaders: only React rendering is timed (no HTTP, Fastify, loader, database, ' +
        'nor file write); the export also renders each page .data file and writes both',
      command: `${process.env.NODE_ENV === 'production' ? '' : `NODE_ENV=${process.env.NODE_ENV} `}BENCH_PAGES=${pagesWanted} npm run bench:export-pages${quick ? ' -- --quick' : ''}`,
      date: new Date().toISOString(),
      engine: 'PostgreSQL',
      // Both sides run under the same NODE_ENV (the export inherits it): production unless set otherwise.
      nodeEnv: process.env.NODE_ENV,
      establishmentsLoaded: pagesWanted,
      pages: pages.length,
      export: {
        command: `node ${exportArgs.join(' ').replace(outDir, '<dossier>')}`,
        files: Number(said[2]),
        // The export shares the pages between threads (one per core unless EXPORT_THREADS says otherwise);
        // the reference loop below runs on one thread.
        threads: said[4] === undefined ? 1 : Number(said[4]),
        loadAverageAtStart: exportLoad,
        seconds: exportSeconds,
        // CPU time of the export's process over the same span, all its threads (PostgreSQL's not counted):
        // on a machine busy with other work, less dependent on the share of the cores each side got.
        cpuSeconds: said[5] === undefined ? null : Number(said[5]),
        wallSecondsWithStartup: round(exported.seconds, 1),
        pagesPerSecond: round(exportRate, 1),
      },
      renderToStringLoop: {
        seconds: round(bare.renderMs / 1000, 2),
        pagesPerSecond: round(bareRate, 1),
        cpuSeconds: round(bare.renderCpuMs / 1000, 2),
        meanHtmlKiB: round(bare.htmlBytes / pages.length / 1024, 1),
        contextsBuiltUntimedSeconds: round(bare.prepareMs / 1000, 1),
        threads: 1,
        loadAverageAtStart: bareLoad,
      },
      ratio: round(ratio, 3),
      // The same ratio in CPU time (pages per CPU second of each side): not the goal's, a reading of it.
      cpuRatio: said[5] === undefined ? null : round(bare.renderCpuMs / 1000 / Number(said[5]), 3),
      goal: 'export rate ≥ 0.5 × renderToString rate',
      met: ratio >= 0.5,
      fillSeconds: round(fill.seconds, 1),
      machine: machine(),
    };
    console.log(
      `export : ${record.export.pagesPerSecond} pages/s (${pages.length} pages en ${exportSeconds} s, ` +
        `${record.export.threads} fil(s)) ; ` +
        `renderToString : ${record.renderToStringLoop.pagesPerSecond} pages/s ; rapport ${record.ratio} ` +
        `(objectif ≥ 0,5 : ${record.met ? 'atteint' : 'manqué'}) ; en temps de calcul : ${record.cpuRatio}`,
    );
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, 'export-pages.json');
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`écrit dans ${path.relative(root, file) || file}`);
  } finally {
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
