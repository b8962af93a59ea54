import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './common.mjs';

/**
 * e2e/support/server.ts compiled on the fly (Node 20 does not run TypeScript), its location kept: the
 * product started as the journey tests start it (`npm start` on a temporary data directory, demo data).
 */
export async function loadServerSupport() {
  const source = path.join(root, 'e2e/support/server.ts');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-server-'));
  const outfile = path.join(dir, 'server.mjs');
  await build({
    entryPoints: [source],
    outfile,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    define: { 'import.meta.dirname': JSON.stringify(path.dirname(source)) },
  });
  const module = await import(pathToFileURL(outfile).href);
  await rm(dir, { recursive: true, force: true });
  return module;
}

/**
 * `npm start` rebuilds only when a source changed, and a build made from the test runner (NODE_ENV=test)
 * ships React's development code: refuse to measure that.
 */
export async function assertProductionBuild(baseUrl) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
  if (entry === undefined) throw new Error('No entry.client script in the home page');
  if ((await (await fetch(`${baseUrl}${entry}`)).text()).includes('Download the React DevTools')) {
    throw new Error('The web build holds React development code: run `npm run build`, then this again.');
  }
}
