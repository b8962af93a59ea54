import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { constants as zlib } from 'node:zlib';
import { FontaineTransform } from 'fontaine';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';

const clientDir = path.resolve(import.meta.dirname, 'build/client');

/**
 * Files of the app shell besides the code: fonts (woff2 only: every browser with a service worker), icons,
 * and the bundled base map (land and borders, 37 KB in Brotli), which the map fetches once it has started,
 * often after the worker took over on a first visit: precached, it is there offline whenever the map starts.
 */
const SHELL_FILES = [
  /^offline\.(html|js)$/,
  // The tab's icon (favicon.ico), and the logo the offline page shows (favicon.svg).
  /^favicon\.(ico|svg)$/,
  // The notifications' icon and badge among them (features/follow/push-notification.ts).
  /^icons\/(icon-96|icon-192|icon-512|maskable-192|apple-touch-icon|badge-96)\.png$/,
  // The page's fonts, and the offline style's labels (Latin Extended for œ and Œ).
  /^assets\/open-sans-latin-\d+-normal-[\w-]+\.woff2$/,
  /^assets\/open-sans-latin-ext-600-normal-[\w-]+\.woff2$/,
  /^map\/[\w-]+\.json$/,
];

/**
 * Code a kept page asks for by itself once idle, not at a click: « Suivre » on a place's page reads the
 * browser's list of followed places with it (4 KB in Brotli). Cached only when used, it was missing offline
 * when the visitor's connection went before the page was idle: the button could not say the place was
 * followed and its code failed to load.
 */
const IDLE_CHUNKS = ['src/features/follow/follow-controller.tsx'];

/**
 * The code of the app shell: the client entry, the root route, what they import and their CSS,
 * read from Vite's manifest of the client build. Route chunks (the map library above all) are cached when a
 * page uses them.
 */
function appShellCode(): Set<string> {
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const roots = Object.keys(manifest).filter((key) => /^src\/app\/(entry\.client|root)\.tsx/.test(key));
  if (roots.length !== 2)
    throw new Error(`App shell entries not found in the Vite manifest: ${roots.join(', ')}`);
  // The root's own lazy chunk (service worker registration and smart banner) runs on every page too.
  for (const key of roots) {
    visit(key);
    for (const lazyKey of manifest[key]!.dynamicImports ?? []) visit(lazyKey);
  }
  for (const key of IDLE_CHUNKS) {
    if (manifest[key] === undefined) throw new Error(`${key} not found in the Vite manifest`);
    visit(key);
  }
  return files;
}

const pwa: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/features/pwa',
  filename: 'sw.ts',
  // React Router builds the client and the server as two Vite environments: the plugin sees the top-level
  // configuration, so it is told where the client build goes.
  outDir: clientDir,
  // The API serves the manifest (its names and store ids are run-time configuration); the app registers
  // the worker itself, after hydration (src/features/pwa/register-service-worker.ts).
  manifest: false,
  injectRegister: false,
  injectManifest: {
    // A classic script: registered without `type: 'module'`, which older Safari lacks in workers.
    rollupFormat: 'iife',
    globPatterns: [
      'offline.{html,js}',
      'favicon.{ico,svg}',
      'icons/*.png',
      'assets/*.{js,css,woff2}',
      'map/*.json',
      'map/fonts/*.woff2',
    ],
    manifestTransforms: [
      (entries) => {
        const code = appShellCode();
        const manifest = entries.filter((e) => code.has(e.url) || SHELL_FILES.some((re) => re.test(e.url)));
        return { manifest, warnings: [] };
      },
    ],
  },
};

// The worker is built once, after the client environment (not again after the server one).
const pwaPlugins = VitePWA(pwa).map((plugin) => ({
  ...plugin,
  applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
}));

/**
 * Each text file of the client build (scripts, styles, the base map's data, the SVG icon) also written
 * compressed beside itself, once, at the best settings: the server sends the `.br` or `.gz` copy a browser
 * accepts (`preCompressed` of @fastify/static), a static host can do the same (nginx `gzip_static`,
 * `brotli_static`). The server build needs none (the plugin hooks the manifest step that both
 * environments share, so a few unused copies land beside the server build too).
 */
const compressionPlugin = {
  ...compression({
    include: /\.(js|mjs|css|json|svg|html|webmanifest)$/,
    threshold: 1024,
    algorithms: [
      defineAlgorithm('gzip', { level: 9 }),
      defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    ],
    logLevel: 'silent',
  }),
  applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
};

/**
 * Local fonts resized to Open Sans's metrics, named `Open Sans fallback` (the name site.css and the themes
 * put after 'Open Sans'): the text drawn before the web font arrives takes the same room as after.
 * The faces come out in the reverse order of this list, and a browser tries the last one first: Roboto
 * (Android), then Arial (Windows, macOS), Helvetica Neue, Segoe UI, Noto Sans.
 */
const fontFallbacks = FontaineTransform.vite({
  fallbacks: ['Roboto', 'Arial', 'Helvetica Neue', 'Segoe UI', 'Noto Sans'],
  fallbackName: (name) => `${name} fallback`,
});

/** Where the client build's list of each script's modules goes (read by bench/page-weight.mjs). */
const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes, beside Vite's manifest, each script of the client build with the modules it holds and the length
 * of their code as bundled (before minification): `bench:page-weight` splits a script's gzip size between
 * React, react-dom and React Router and the app's own code in that proportion (issue 33's budget: the app's
 * own code before the map ≤ 25 KB gzip). Nothing of it is served: the server serves `assets/` and the
 * public files only.
 */
function chunkModules(clientDir: string): Plugin {
  return {
    name: 'tables-voisines:chunk-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [
            path.relative(process.cwd(), id.replace(/^\0/, '')),
            module.renderedLength,
          ]),
        );
      }
      const file = path.join(clientDir, CHUNK_MODULES_FILE);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}

/**
 * Small modules that nearly every page loads before it is shown (the public pages above all): left to the
 * bundler, each became a chunk of its own, 13 of them of 0.1–0.8 KB gzip on a detail page, each compressed
 * apart and asked for apart (under 1 KB the server sends them uncompressed). Together in one chunk they
 * weigh about 2 KB gzip less (issue 33's page weight, decision 0061). With their own imports, React and
 * React Router excepted (the `framework` group takes them first).
 */
const SITE_CORE_MODULES = [
  'packages/contract/src/dishes.ts',
  'packages/contract/src/geo.ts',
  'packages/contract/src/labels.ts',
  'packages/contract/src/public-route-table.ts',
  'packages/contract/src/route-path.ts',
  'packages/contract/src/site-paths.ts',
  'packages/contract/src/text.ts',
  'apps/web/src/lib/api-core.ts',
  'apps/web/src/lib/format.ts',
  'apps/web/src/features/establishment/opening-hours-table.tsx',
  'apps/web/src/features/map/show-map.ts',
  'apps/web/src/features/navigation/focus-after-navigation.ts',
  'apps/web/src/features/navigation/hard-navigation.ts',
  'apps/web/src/features/navigation/slow-navigation-notice.tsx',
  'apps/web/src/features/navigation/use-hard-navigation-on-load-failure.ts',
  'apps/web/src/features/navigation/watch-broken-assets.ts',
  'apps/web/src/features/pwa/failed-resources.ts',
  'apps/web/src/features/site/icons.tsx',
  'apps/web/src/features/site/loading-screen.tsx',
  'apps/web/src/features/site/logo.tsx',
  'apps/web/src/features/site/not-found-content.tsx',
];

/**
 * Lazy chunks of a place's page whose own imports are not listed in its script for preloading: the list (a
 * few hashed file names) weighed more in the page's first script than the preload saved, for code asked
 * once the page is idle (« Suivre », features/follow). Its imports, mostly loaded already, are fetched when
 * it runs.
 */
const LAZY_WITHOUT_PRELOAD_LIST = /\/follow-controller-[\w-]+\.js$/;

/** Vite's helper of dynamic imports (a virtual module), used by every page too. */
const PRELOAD_HELPER = /^\0?vite\/preload-helper\.js$/;

function isSiteCoreModule(id: string): boolean {
  return PRELOAD_HELPER.test(id) || SITE_CORE_MODULES.some((file) => id.endsWith(`/${file}`));
}

/** React, React Router and what they bring, in one chunk: every page loads them. */
const FRAMEWORK_MODULE =
  /\/node_modules\/(react|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//;

/**
 * What a place's page runs on a phone before React (decision 0092): the view's count, a chunk of its own that
 * imports nothing, found by its name in the page's script list (scripts-after-paint.ts).
 */
const EARLY_STATS_MODULE = /\/apps\/web\/src\/features\/establishment\/page-stats-core\.ts$/;

/** The client build's shared chunks (`output.codeSplitting` of Rolldown), beside React Router's own. */
const sharedChunks: Plugin = {
  name: 'tables-voisines:shared-chunks',
  applyToEnvironment: (environment) => environment.name === 'client',
  configEnvironment(name) {
    if (name !== 'client') return undefined;
    return {
      build: {
        modulePreload: {
          resolveDependencies: (filename, deps) => (LAZY_WITHOUT_PRELOAD_LIST.test(filename) ? [] : deps),
        },
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK_MODULE, priority: 2 },
                { name: 'page-stats-core', test: EARLY_STATS_MODULE, priority: 3 },
                { name: 'site-core', test: isSiteCoreModule, priority: 1 },
              ],
            },
          },
        },
      },
    };
  },
  // A module of the list renamed or gone would leave the list silently: the build says so.
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
    // The site's build, not the service worker's.
    if (!chunks.some((chunk) => chunk.facadeModuleId?.endsWith('/entry.client.tsx'))) return;
    const early = chunks.find((chunk) => chunk.name === 'page-stats-core');
    if (early === undefined || early.imports.length > 0 || early.dynamicImports.length > 0) {
      const message = `The page-stats-core chunk is missing or imports others: ${early?.imports.join(', ')}`;
      this.environment.logger.error(message);
      this.error(message);
    }
    const grouped = chunks.flatMap((chunk) => (chunk.name === 'site-core' ? Object.keys(chunk.modules) : []));
    const missing = SITE_CORE_MODULES.filter((file) => !grouped.some((id) => id.endsWith(`/${file}`)));
    if (missing.length === 0) return;
    // Logged as well: the PWA plugin's own failure on the missing manifest comes after and hides this one.
    const message = `Not in the site-core chunk: ${missing.join(', ')} (SITE_CORE_MODULES, vite.config.ts)`;
    this.environment.logger.error(message);
    this.error(message);
  },
};

export default defineConfig({
  plugins: [
    fontFallbacks,
    reactRouter(),
    pwaPlugins,
    compressionPlugin,
    chunkModules(clientDir),
    sharedChunks,
  ],
});
