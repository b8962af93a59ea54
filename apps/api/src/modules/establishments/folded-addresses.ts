import { and, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { Kind } from '@tables-voisines/contract/labels';
import type { PageSuggestion } from '@tables-voisines/contract/public-data';
import type { DbOrTx } from '../../db/client';
import { establishmentUris, establishments } from '../../db/schema';

/*
 * What a page address nothing holds exactly may still lead to (decision 0074): the one public page whose
 * address is the same once accents, case and punctuation are folded (`fold_address`, migration 0013), or
 * else the public pages whose name and town are nearest to the words typed. Both read public pages only
 * (neither hidden nor closed for good, deleted ones have no row): what they answer depends on nothing a
 * visitor may not see, so no answer tells that a hidden or deleted page exists.
 */

/**
 * Longer than any address a person types (names are at most 160 characters, towns 100): such a path is
 * answered by the plain 404 without a query, so a 2,000-character address costs nothing.
 */
export const TYPED_ADDRESS_MAX_LENGTH = 300;

/** Whether a typed address is worth a lookup: not too long, well-formed text, no control character. */
function isLookable(typed: string): boolean {
  // A lone surrogate (a path that was not UTF-8) or a NUL, which PostgreSQL refuses in text, is no address.
  // eslint-disable-next-line no-control-regex
  return typed.length <= TYPED_ADDRESS_MAX_LENGTH && !/[\p{Cs}\u0000-\u001f\u007f]/u.test(typed);
}

/** Pages a visitor may see: a hidden page is a 404 and a closed one a 410, at their exact addresses only. */
const isPublic = and(not(establishments.disabled), isNull(establishments.closedForGoodAt));

/**
 * The public page one of whose addresses, current or earlier, is `typed` once folded; `null` when none is,
 * or when several are (the 404 then suggests them rather than choose). Call it once the exact lookup has
 * found nothing: the answer's `uri` then differs from `typed`, and a redirect to it never loops.
 */
export async function findPageByFoldedAddress(
  db: DbOrTx,
  typed: string,
): Promise<{ kind: Kind; uri: string } | null> {
  if (!isLookable(typed)) return null;
  const rows = await db
    .select({ kind: establishments.kind, uri: establishments.uri })
    .from(establishments)
    .where(
      and(
        sql`${establishments.id} in (select u.establishment_id from ${establishmentUris} u
          where u.folded_uri = fold_address(${typed}) and u.folded_uri <> '')`,
        isPublic,
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]! : null;
}

/** Neighbours read on each side of the address, in order and from its end, before they are ranked. */
const NEIGHBOURS = 8;

/** Below this trigram similarity (pg_trgm's own default threshold) a neighbour is not worth suggesting. */
const SIMILAR_ENOUGH = 0.3;

/**
 * At most `limit` public pages whose address is nearest to `typed`, nearest first. Nearest is pg_trgm's
 * similarity of the folded addresses (name and town, words in any order), but it only ranks a few
 * candidates: the addresses just before and after the typed one in order (a typo late in the address, a
 * `-2` missing, a town misspelt) and read from their end (a typo early in the name, in the same town), four
 * btree ranges of `NEIGHBOURS` rows. A trigram index over every name read thousands of rows for a
 * common word (« restaurant », « le bistrot »), too slow for a 404 at 200,000 places (decision 0074).
 */
export async function suggestPagesForAddress(
  db: DbOrTx,
  typed: string,
  limit: number,
): Promise<PageSuggestion[]> {
  if (!isLookable(typed)) return [];
  const folded = sql`fold_address(${typed})`;
  // `key` of the addresses against `target`, the typed one's: the `NEIGHBOURS` nearest on one side, among
  // public pages only, so that what is suggested depends on nothing hidden.
  const side = (key: SQL, target: SQL, before: boolean) => sql`(select u.establishment_id, u.folded_uri
      from ${establishmentUris} u join ${establishments} e on e.id = u.establishment_id
      where ${key} ${sql.raw(before ? '<' : '>=')} ${target}
        and not e.disabled and e.closed_for_good_at is null
      order by ${key} ${sql.raw(before ? 'desc' : 'asc')} limit ${NEIGHBOURS})`;
  const inOrder = [sql`u.folded_uri`, folded] as const;
  const fromEnd = [sql`reverse(u.folded_uri)`, sql`reverse(${folded})`] as const;
  const result = await db.execute(sql`
    with candidates as (
      ${side(...inOrder, false)} union all ${side(...inOrder, true)}
      union all ${side(...fromEnd, false)} union all ${side(...fromEnd, true)}
    )
    select e.kind, e.uri, e.name, e.town, max(similarity(c.folded_uri, ${folded})) as similarity
    from candidates c join ${establishments} e on e.id = c.establishment_id
    where ${folded} <> ''
    group by e.id
    having max(similarity(c.folded_uri, ${folded})) >= ${SIMILAR_ENOUGH}
    order by similarity desc, e.uri
    limit ${limit}`);
  // Both drivers answer `{ rows }`; the union of their clients types it `unknown`.
  const { rows } = result as unknown as { rows: (PageSuggestion & { similarity: number })[] };
  return rows.map(({ kind, uri, name, town }) => ({ kind, uri, name, town }));
}
