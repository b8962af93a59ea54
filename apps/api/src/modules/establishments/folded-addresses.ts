import { and, desc, isNull, not, sql } from 'drizzle-orm';
import type { Kind } from '@tables-voisines/contract/labels';
import type { PageSuggestion } from '@tables-voisines/contract/public-data';
import { normalizeForSearch } from '@tables-voisines/contract/text';
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

/**
 * At most `limit` public pages whose name and town are nearest to the words of `typed`, nearest first: a
 * trigram similarity (`%`, pg_trgm's threshold 0.3) on the folded `search_text`, which its GIN index serves
 * (decision 0003), so no 404 reads the whole table.
 */
export async function suggestPagesForAddress(
  db: DbOrTx,
  typed: string,
  limit: number,
): Promise<PageSuggestion[]> {
  if (!isLookable(typed)) return [];
  // `le-vesuv-a-cavaillon` → `le vesuv cavaillon`: the `a` between the name and the town is no word of
  // either, and `search_text` does not have it.
  const words = normalizeForSearch(typed.replace(/[^\p{L}\p{N}]+/gu, ' '))
    .split(' ')
    .filter((word) => word !== 'a')
    .join(' ');
  // Fewer than three letters make no trigram to look for.
  if (words.replace(/ /g, '').length < 3) return [];
  return db
    .select({
      kind: establishments.kind,
      uri: establishments.uri,
      name: establishments.name,
      town: establishments.town,
    })
    .from(establishments)
    .where(and(sql`${establishments.searchText} % ${words}`, isPublic))
    .orderBy(desc(sql`similarity(${establishments.searchText}, ${words})`), establishments.searchText)
    .limit(limit);
}
