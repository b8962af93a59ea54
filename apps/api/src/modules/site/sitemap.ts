/** Sitemaps protocol: at most 50,000 URLs per file, then a sitemap index pointing at numbered files. */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SitemapEntry {
  /** Absolute, already percent-encoded. */
  loc: string;
  lastmod?: Date;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function sitemapFileCount(entryCount: number, limit = SITEMAP_URL_LIMIT): number {
  return Math.max(1, Math.ceil(entryCount / limit));
}

/** One `<urlset>` file. */
export function renderUrlset(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `${HEADER}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The index of the numbered files `sitemap-1.xml`, `sitemap-2.xml`... */
export function renderSitemapIndex(publicUrl: string, fileCount: number): string {
  const items = Array.from(
    { length: fileCount },
    (_, i) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `${HEADER}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The files of the site's sitemap: `sitemap.xml` alone up to `limit` URLs, otherwise `sitemap.xml` as an
 * index and `sitemap-N.xml` holding `limit` URLs each.
 */
export function buildSitemapFiles(
  publicUrl: string,
  entries: readonly SitemapEntry[],
  limit = SITEMAP_URL_LIMIT,
): Map<string, string> {
  const files = new Map<string, string>();
  if (entries.length <= limit) {
    files.set('sitemap.xml', renderUrlset(entries));
    return files;
  }
  const count = sitemapFileCount(entries.length, limit);
  files.set('sitemap.xml', renderSitemapIndex(publicUrl, count));
  for (let i = 0; i < count; i++) {
    files.set(`sitemap-${i + 1}.xml`, renderUrlset(entries.slice(i * limit, (i + 1) * limit)));
  }
  return files;
}

/** Everything is public but the signed-in areas and the API. */
export function renderRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /espace-restaurateur',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
