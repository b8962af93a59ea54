import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { establishments } from '../../db/schema';

/** Every enabled establishment's page: what the sitemap lists and the export writes. */
export async function findPublicPages(db: DbOrTx) {
  return db
    .select({ kind: establishments.kind, uri: establishments.uri, updatedAt: establishments.updatedAt })
    .from(establishments)
    .where(eq(establishments.disabled, false))
    .orderBy(asc(establishments.uri));
}
