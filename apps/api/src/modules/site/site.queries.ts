import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { establishmentUris, establishments } from '../../db/schema';
import { openForGood } from '../establishments/establishments.queries';

/** Every enabled establishment's page: what the sitemap lists and the export writes. */
export async function findPublicPages(db: DbOrTx) {
  return db
    .select({ kind: establishments.kind, uri: establishments.uri, updatedAt: establishments.updatedAt })
    .from(establishments)
    .where(and(eq(establishments.disabled, false), openForGood))
    .orderBy(asc(establishments.uri));
}

/** Every earlier address of an enabled establishment, with its current one: what the export redirects. */
export async function findEarlierAddresses(db: DbOrTx) {
  return db
    .select({ earlierUri: establishmentUris.uri, kind: establishments.kind, uri: establishments.uri })
    .from(establishmentUris)
    .innerJoin(establishments, eq(establishments.id, establishmentUris.establishmentId))
    .where(
      and(eq(establishments.disabled, false), openForGood, ne(establishmentUris.uri, establishments.uri)),
    )
    .orderBy(asc(establishmentUris.uri));
}
