import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import {
  SITEMAP_URL_LIMIT,
  renderRobotsTxt,
  renderSitemapIndex,
  renderUrlset,
  sitemapFileCount,
} from './sitemap';
import { listSitemapEntries } from './site.service';

export interface SiteRoutesOptions {
  /** URLs per sitemap file (50,000 by the protocol; tests use a small one). */
  sitemapUrlLimit?: number;
}

const CACHE_CONTROL = 'public, max-age=3600';

/** `/sitemap.xml` (an index past the limit, then `/sitemap-N.xml`) and `/robots.txt`. */
export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, options) => {
  const { db, config } = app.ctx;
  const limit = options.sitemapUrlLimit ?? SITEMAP_URL_LIMIT;
  const xml = 'application/xml; charset=utf-8';

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(renderRobotsTxt(config.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await listSitemapEntries(db, config.publicUrl);
    const body =
      entries.length <= limit
        ? renderUrlset(entries)
        : renderSitemapIndex(config.publicUrl, sitemapFileCount(entries.length, limit));
    return reply.type(xml).header('cache-control', CACHE_CONTROL).send(body);
  });

  app.get<{ Params: { n: string } }>(
    '/sitemap-:n.xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const n = /^[1-9]\d{0,5}$/.test(request.params.n) ? Number(request.params.n) : 0;
      const entries = await listSitemapEntries(db, config.publicUrl);
      if (entries.length <= limit || n < 1 || n > sitemapFileCount(entries.length, limit)) {
        throw new AppError('NotFound', 'Ce plan du site n’existe pas.');
      }
      return reply
        .type(xml)
        .header('cache-control', CACHE_CONTROL)
        .send(renderUrlset(entries.slice((n - 1) * limit, n * limit)));
    },
  );
};
