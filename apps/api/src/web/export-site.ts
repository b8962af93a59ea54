import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { MANIFEST_PATH } from '../modules/site/manifest';
import { buildSitemapFiles, renderRobotsTxt, SITEMAP_URL_LIMIT } from '../modules/site/sitemap';
import { findPublicPages } from '../modules/site/site.queries';
import { listSitemapEntries } from '../modules/site/site.service';
import { webBuildDir } from '../paths';
import { establishmentPageFile } from './export-file-names';

export interface ExportedPage {
  /** The address as links and the sitemap write it (percent-encoded). */
  path: string;
  /** Where the page is, relative to the export folder. */
  file: string;
}

export interface ExportResult {
  pages: number;
  files: number;
  ms: number;
}

/** Pages rendered at once by the export (measured in `npm run bench:export-pages`). */
const EXPORT_CONCURRENCY = 4;

/** A route of every kind, so that the exported route manifest knows them all (no lookup on a static host). */
const MANIFEST_PROBES = ['/', '/restaurant/x', '/remplisvert/x', '/page-inconnue'];

/**
 * Writes the whole public site as static files into `outDir` (emptied first): every enabled establishment's
 * page and its data file (`.data`, what client-side navigation fetches), the home page, `404.html`, the SPA
 * fallback (the loading screen, for addresses that have no file), the route manifest, `sitemap.xml`,
 * `robots.txt`, the built assets, and `pages.json` / `nginx-pages.conf` mapping each address to its file.
 * Pages are rendered by the app itself (`inject`), exactly as the server answers them.
 */
export async function exportSite(app: FastifyInstance, outDir: string): Promise<ExportResult> {
  const startedAt = performance.now();
  const { db, config } = app.ctx;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  // The client build: hashed assets, favicon, map files. Pages are written over it.
  await cp(path.join(webBuildDir, 'client'), outDir, { recursive: true });

  let files = 0;
  const write = async (file: string, body: string | Buffer) => {
    const target = path.join(outDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, body);
    files += 1;
  };
  const render = async (url: string, expected: number, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== expected) {
      throw new Error(`${url} answered ${response.statusCode} instead of ${expected}`);
    }
    return response.rawPayload;
  };

  const pages: ExportedPage[] = [{ path: '/', file: 'index.html' }];
  await write('index.html', await render('/', 200));
  await write('_.data', await render('/_.data', 200));

  // A few pages at once: while one waits for the database or the disk, another renders.
  const publicPages = (await findPublicPages(db)).map((page) => ({
    path: establishmentPath(page.kind, page.uri),
    file: establishmentPageFile(page.kind, page.uri),
    dataFile: establishmentPageFile(page.kind, page.uri, 'data'),
  }));
  const queue = publicPages.values();
  const worker = async () => {
    for (const page of queue) {
      await write(page.file, await render(page.path, 200));
      await write(page.dataFile, await render(`${page.path}.data`, 200));
    }
  };
  await Promise.all(Array.from({ length: EXPORT_CONCURRENCY }, worker));
  pages.push(...publicPages.map((p) => ({ path: p.path, file: p.file })));

  await write('404.html', await render('/page-introuvable-export', 404));
  // React Router renders the root's loading screen for this build-time header only: the SPA fallback.
  await write('__spa-fallback.html', await render('/', 200, { 'x-react-router-spa-mode': 'yes' }));

  const manifestHtml = (await render('/', 200)).toString('utf8');
  const version = /\/assets\/manifest-([0-9a-f]+)\.js/.exec(manifestHtml)?.[1];
  if (version === undefined) throw new Error('No route manifest version in the home page');
  const query = new URLSearchParams({ paths: MANIFEST_PROBES.join(','), version });
  await write('__manifest', await render(`/__manifest?${query}`, 200));

  for (const [name, body] of buildSitemapFiles(
    config.publicUrl,
    await listSitemapEntries(db, config.publicUrl),
    SITEMAP_URL_LIMIT,
  )) {
    await write(name, body);
  }
  await write('robots.txt', renderRobotsTxt(config.publicUrl));
  await write(MANIFEST_PATH.slice(1), await render(MANIFEST_PATH, 200));

  await write('pages.json', `${JSON.stringify(pages, null, 1)}\n`);
  // nginx decodes the address before matching: the map's keys are decoded paths.
  const nginxMap = pages
    .filter((p) => p.path !== '/')
    .flatMap((p) => {
      const decoded = decodeURIComponent(p.path);
      const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
      return [
        `  ${quote(decoded)} /${p.file};`,
        `  ${quote(`${decoded}.data`)} /${p.file.replace(/\.html$/, '.data')};`,
      ];
    });
  await write('nginx-pages.conf', `map $uri $exported_page {\n  default "";\n${nginxMap.join('\n')}\n}\n`);

  return { pages: pages.length, files, ms: Math.round(performance.now() - startedAt) };
}
