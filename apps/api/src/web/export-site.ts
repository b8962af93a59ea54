import { writeFileSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { KINDS } from '@tables-voisines/contract/labels';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { MANIFEST_PATH } from '../modules/site/manifest';
import { buildSitemapFiles, renderRobotsTxt, SITEMAP_URL_LIMIT } from '../modules/site/sitemap';
import { findEarlierAddresses, findPublicPages } from '../modules/site/site.queries';
import { listSitemapEntries } from '../modules/site/site.service';
import { webBuildDir } from '../paths';
import { establishmentPageFile } from './export-file-names';
import { READ_AHEAD_PAGES, readAheadPublicPages, readPublicDataAsSnapshot } from './public-data';
import { siteRendererOf } from './serve-web';

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

/** Pages rendered at once by one thread of the export (measured in `npm run bench:export-pages`). */
const EXPORT_CONCURRENCY = 4;

/** A route of every kind, so that the exported route manifest knows them all (no lookup on a static host). */
const MANIFEST_PROBES = ['/', '/restaurant/x', '/remplisvert/x', '/page-inconnue'];

/** An establishment's page: its uri, its address and its two files. */
export interface PageFiles {
  uri: string;
  path: string;
  file: string;
  dataFile: string;
}

/** Another thread that renders pages with its own copy of the app (see export-cli.ts). */
export interface PageHelper {
  /** Settled once it can take pages (it builds its app meanwhile); none: at once. */
  ready?: Promise<void>;
  /**
   * Renders each page and its `.data` and writes both under the export folder (its folders exist), as
   * `pageBatchExporter` does; it is given a second batch while it renders the first.
   */
  exportPages(pages: PageFiles[]): Promise<void>;
}

export interface ExportOptions {
  /** Threads sharing the establishments' pages with this one. */
  helpers?: readonly PageHelper[];
}

/** The app's answer to a GET that is not a page of the site, as the server sends it; not 200 fails the export. */
async function renderAnswer(app: FastifyInstance, url: string): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode} instead of 200`);
  return response.rawPayload;
}

/**
 * A page of the site (or its `.data`) as React Router renders it for the server's route, without going
 * through Fastify (thousands of pages: its request and answer objects showed in the export's profile), and
 * without a CSP nonce (see `siteRendererOf`); any other status than `expected` fails the export.
 */
async function renderSitePage(
  app: FastifyInstance,
  url: string,
  expected = 200,
  headers: Record<string, string> = {},
): Promise<Buffer> {
  const render = siteRendererOf(app);
  if (render === undefined) throw new Error('The app serves no web build: run `npm run build` first');
  const { status, body } = await render(url, headers);
  if (status !== expected || body === null)
    throw new Error(`${url} answered ${status} instead of ${expected}`);
  return body;
}

/** An establishment's page and its `.data` (what client-side navigation fetches), written into `outDir`. */
async function exportPageFiles(app: FastifyInstance, outDir: string, page: PageFiles): Promise<void> {
  // Written at once, not through the thread pool: the same disk writes for less CPU time (decision 0032,
  // "Synchronous writes"), and nothing else waits on this thread meanwhile but the other pages' renders.
  writeFileSync(path.join(outDir, page.file), await renderSitePage(app, page.path));
  writeFileSync(path.join(outDir, page.dataFile), await renderSitePage(app, `${page.path}.data`));
}

/**
 * Exports batches of pages in this thread, each settled once its pages are written: a batch's reads are
 * made at once (`readAheadPublicPages`) as soon as it is given, its pages rendered after the previous
 * batch's, a few at a time (while one waits for the database, another renders). In a snapshot only.
 */
export function pageBatchExporter(
  app: FastifyInstance,
  outDir: string,
): (pages: readonly PageFiles[]) => Promise<void> {
  let previous: Promise<unknown> = Promise.resolve();
  return (pages) => {
    const reads = readAheadPublicPages(
      app.ctx,
      pages.map((p) => p.uri),
    );
    // Awaited below; a failure then fails the batch.
    reads.catch(() => {});
    const done = previous.then(async () => {
      await reads;
      const queue = pages.values();
      const slot = async () => {
        for (const page of queue) await exportPageFiles(app, outDir, page);
      };
      await Promise.all(Array.from({ length: EXPORT_CONCURRENCY }, slot));
    });
    previous = done.catch(() => {});
    return done;
  };
}

export async function exportSite(
  app: FastifyInstance,
  outDir: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const startedAt = performance.now();
  const { db, config } = app.ctx;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  // The client build: hashed assets, favicon, map files. Pages are written over it.
  await cp(path.join(webBuildDir, 'client'), outDir, { recursive: true });

  let files = 0;
  // Each folder made once: a few folders hold thousands of pages.
  const folders = new Set<string>([outDir]);
  const write = async (file: string, body: string | Buffer) => {
    const target = path.join(outDir, file);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    await writeFile(target, body);
    files += 1;
  };
  const render = (url: string, expected = 200, headers: Record<string, string> = {}) =>
    renderSitePage(app, url, expected, headers);

  // The database does not change during the export: reads the same for a page's two renders, or for
  // every page, are made once (the live server's reads are not affected).
  const stopSnapshot = readPublicDataAsSnapshot(app.ctx);
  try {
    return await exportFiles();
  } finally {
    stopSnapshot();
  }

  async function exportFiles(): Promise<ExportResult> {
    const pages: ExportedPage[] = [{ path: '/', file: 'index.html' }];
    await write('index.html', await render('/', 200));
    await write('_.data', await render('/_.data', 200));

    // Batches of pages, each read from the database at once, then rendered a few pages at a time; each thread
    // (this one and the helpers, if any) takes batches from the same queue, two at a time: the next one is read
    // while the first renders.
    const publicPages: PageFiles[] = (await findPublicPages(db)).map((page) => ({
      uri: page.uri,
      path: establishmentPath(page.kind, page.uri),
      file: establishmentPageFile(page.kind, page.uri),
      dataFile: establishmentPageFile(page.kind, page.uri, 'data'),
    }));
    for (const folder of new Set(publicPages.map((p) => path.dirname(path.join(outDir, p.file))))) {
      await mkdir(folder, { recursive: true });
    }
    let next = 0;
    const slot = async (exportPages: (pages: PageFiles[]) => Promise<void>) => {
      while (next < publicPages.length) {
        const batch = publicPages.slice(next, next + READ_AHEAD_PAGES);
        next += batch.length;
        await exportPages(batch);
        files += 2 * batch.length;
      }
    };
    const slots: Promise<void>[] = [];
    for (const helper of options.helpers ?? []) {
      for (let i = 0; i < 2; i++) {
        slots.push(
          (async () => {
            // A helper takes pages once it is ready, not before: this thread has them meanwhile.
            if (helper.ready !== undefined) await helper.ready;
            await slot((batch) => helper.exportPages(batch));
          })(),
        );
      }
    }
    const exportHere = pageBatchExporter(app, outDir);
    for (let i = 0; i < 2; i++) slots.push(slot(exportHere));
    await Promise.all(slots);
    pages.push(...publicPages.map((p) => ({ path: p.path, file: p.file })));

    await write('404.html', await render('/page-introuvable-export', 404));
    // React Router renders the root's loading screen for this build-time header only: the SPA fallback.
    await write('__spa-fallback.html', await render('/', 200, { 'x-react-router-spa-mode': 'yes' }));

    const manifestHtml = (await render('/', 200)).toString('utf8');
    const version = /\/assets\/manifest-([0-9a-f]+)\.js/.exec(manifestHtml)?.[1];
    if (version === undefined) throw new Error('No route manifest version in the home page');
    const query = new URLSearchParams({ paths: MANIFEST_PROBES.join(','), version });
    await write('__manifest', await renderAnswer(app, `/__manifest?${query}`));

    for (const [name, body] of buildSitemapFiles(
      config.publicUrl,
      await listSitemapEntries(db, config.publicUrl),
      SITEMAP_URL_LIMIT,
    )) {
      await write(name, body);
    }
    await write('robots.txt', renderRobotsTxt(config.publicUrl));
    await write(MANIFEST_PATH.slice(1), await renderAnswer(app, MANIFEST_PATH));

    await write('pages.json', `${JSON.stringify(pages, null, 1)}\n`);
    // nginx decodes the address before matching: the map's keys are decoded paths.
    const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
    const nginxMap = pages
      .filter((p) => p.path !== '/')
      .flatMap((p) => {
        const decoded = decodeURIComponent(p.path);
        return [
          `  ${quote(decoded)} /${p.file};`,
          `  ${quote(`${decoded}.data`)} /${p.file.replace(/\.html$/, '.data')};`,
        ];
      });
    await write('nginx-pages.conf', `map $uri $exported_page {\n  default "";\n${nginxMap.join('\n')}\n}\n`);

    // The addresses pages had before, under either kind: printed posters and shared links keep working.
    const redirects = (await findEarlierAddresses(db)).flatMap((address) =>
      KINDS.map((kind) => ({
        from: establishmentPath(kind, address.earlierUri),
        to: establishmentPath(address.kind, address.uri),
      })),
    );
    await write('redirects.json', `${JSON.stringify(redirects, null, 1)}\n`);
    const nginxRedirects = redirects.flatMap(({ from, to }) => [
      `  ${quote(decodeURIComponent(from))} ${quote(to)};`,
      `  ${quote(`${decodeURIComponent(from)}.data`)} ${quote(`${to}.data`)};`,
    ]);
    await write(
      'nginx-redirects.conf',
      `map $uri $exported_redirect {\n  default "";\n${nginxRedirects.join('\n')}\n}\n`,
    );

    return { pages: pages.length, files, ms: Math.round(performance.now() - startedAt) };
  }
}
