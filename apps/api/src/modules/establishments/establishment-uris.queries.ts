import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { establishmentTombstones, establishmentUris } from '../../db/schema';
import { escapeLike } from '../../lib/sql';

/*
 * Whether a page address is free. Addresses are compared without case, against every address any
 * establishment has now or had before (`establishment_uris`): `QA-Nouveau` is taken when another place
 * was once at `qa-nouveau`, since both would be the same page to a person reading or typing it. The unique
 * indexes compare exactly, so the check runs in the write's transaction, under a lock on the address.
 */

/** Characters the database lower-cases to a letter that is not the JavaScript lower case of its upper one. */
const ALSO_LOWER_TO: Readonly<Record<string, readonly string[]>> = {
  k: ['\u212a'], // Kelvin sign
  å: ['\u212b'], // Angstrom sign
  ω: ['\u2126'], // Ohm sign
  i: ['\u0130'], // capital I with dot above
  ß: ['\u1e9e'], // capital sharp s
};

/** How many first characters narrow the search: few enough variants, few enough rows for each. */
const PREFIX_LENGTH = 2;

/**
 * The ways the first characters of `uri` may be written in another case. A uri equal to `uri` but for case
 * starts with one of them; a `like` on them uses the primary key's index where the database's collation is
 * C (PGlite), and is a cheap filter before `lower()` elsewhere.
 */
function casePrefixes(uri: string): string[] {
  let prefixes = [''];
  for (const character of [...uri].slice(0, PREFIX_LENGTH)) {
    const lower = character.toLowerCase();
    const variants = new Set([character, lower, character.toUpperCase(), ...(ALSO_LOWER_TO[lower] ?? [])]);
    prefixes = prefixes.flatMap((prefix) => [...variants].map((variant) => `${prefix}${variant}`));
  }
  return prefixes;
}

function startsWithAny(
  prefixes: readonly string[],
  column: SQL | typeof establishmentUris.uri = establishmentUris.uri,
): SQL {
  return sql.join(
    prefixes.map((prefix) => sql`${column} like ${`${escapeLike(prefix)}%`}`),
    sql` or `,
  );
}

/** The tombstones' column, written as a plain name for the queries that read that table alone. */
const tombstoneUri = sql`${establishmentTombstones.uri}`;

/** The key a uri is locked by: its lower case (the database compares with its own, this is for locks). */
const lockKey = (uri: string) => `establishment-uri:${uri.toLowerCase()}`;

/**
 * Serialises the writers of one address until the transaction ends (a PostgreSQL advisory lock; PGlite runs
 * one transaction at a time anyway), so two simultaneous writes cannot both find `QA-Nouveau` and
 * `qa-nouveau` free. A given uri also locks its base (without `-N`), the lock of the creates that number it.
 */
export async function lockUri(tx: DbOrTx, uri: string): Promise<void> {
  const keys = [...new Set([lockKey(uri), lockKey(uri.replace(/-[0-9]+$/, ''))])].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Whether another establishment has or had this uri, or a deleted one had it (its tombstone), whatever its
 * case: an address once given is never given again. Locks the address first (`lockUri`): call it in the transaction that then writes it.
 */
export async function isUriTaken(tx: DbOrTx, uri: string, exceptId?: string): Promise<boolean> {
  await lockUri(tx, uri);
  const rows = await tx
    .select({ id: establishmentUris.establishmentId })
    .from(establishmentUris)
    .where(sql`(${startsWithAny(casePrefixes(uri))}) and lower(${establishmentUris.uri}) = lower(${uri})`);
  if (rows.some((r) => r.id !== exceptId)) return true;
  // A deleted place's address answers 410 for ever: never given to another place.
  const gone = await tx
    .select({ uri: establishmentTombstones.uri })
    .from(establishmentTombstones)
    .where(
      sql`(${startsWithAny(casePrefixes(uri), tombstoneUri)}) and lower(${tombstoneUri}) = lower(${uri})`,
    )
    .limit(1);
  return gone.length > 0;
}

/**
 * Uris equal to `base` or of the form `base-N` whatever their case, current or earlier ones, in lower case:
 * what `nextFreeUri` must avoid (`base` is lower case, as `slugify` makes it).
 */
export async function findTakenUris(db: DbOrTx, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ uri: sql<string>`lower(${establishmentUris.uri})` })
    .from(establishmentUris)
    .where(
      sql`(${startsWithAny(casePrefixes(base))}) and (lower(${establishmentUris.uri}) = lower(${base})
        or lower(${establishmentUris.uri}) like lower(${`${escapeLike(base)}-%`}))`,
    );
  const gone = await db
    .select({ uri: sql<string>`lower(${tombstoneUri})` })
    .from(establishmentTombstones)
    .where(
      sql`(${startsWithAny(casePrefixes(base), tombstoneUri)}) and (lower(${tombstoneUri}) = lower(${base})
        or lower(${tombstoneUri}) like lower(${`${escapeLike(base)}-%`}))`,
    );
  return new Set([...rows, ...gone].map((r) => r.uri));
}

/**
 * Which of these uris another establishment has or had, or a deleted one had, whatever their case, in lower
 * case: `isUriTaken` for hundreds at once (an import choosing its new places' uris, decision 0084), in one
 * query whatever the number of addresses. The folded addresses' index (migration 0013) finds them, one look
 * for each: a uri equal to another but for case folds the same, since folding lower-cases and drops accents
 * first; the comparison itself is `lower()`'s, as above. No lock: the caller holds its own (the import's).
 */
export async function findTakenAmong(db: DbOrTx, uris: readonly string[]): Promise<Set<string>> {
  if (uris.length === 0) return new Set();
  const asked = sql.join(
    uris.map((uri) => sql`${uri}`),
    sql`, `,
  );
  // Materialised, the list is joined to the index one address at a time (folded once each), rather than
  // every address of the table folded or lower-cased against the list.
  const result = await db.execute(sql`
    with asked as materialized (
      select lower(a) as lowered, fold_address(a) as folded from unnest(array[${asked}]::text[]) a
    )
    select lower(u.uri) as uri from asked join ${establishmentUris} u on u.folded_uri = asked.folded
      where lower(u.uri) = asked.lowered
    union
    select lower(t.uri) from ${establishmentTombstones} t where lower(t.uri) in (select lowered from asked)`);
  return new Set((result as unknown as { rows: { uri: string }[] }).rows.map((r) => r.uri));
}
