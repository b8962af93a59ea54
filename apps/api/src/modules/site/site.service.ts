import { establishmentPath } from '@tables-voisines/contract/site-paths';
import type { DbOrTx } from '../../db/client';
import type { SitemapEntry } from './sitemap';
import { findPublicPages } from './site.queries';

/** The home page, then every enabled establishment's page, absolute. */
export async function listSitemapEntries(db: DbOrTx, publicUrl: string): Promise<SitemapEntry[]> {
  const pages = await findPublicPages(db);
  return [
    { loc: `${publicUrl}/` },
    ...pages.map((p) => ({ loc: `${publicUrl}${establishmentPath(p.kind, p.uri)}`, lastmod: p.updatedAt })),
  ];
}
