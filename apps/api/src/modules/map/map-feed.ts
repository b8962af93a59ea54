import { currentAndFutureClosures, type Closure } from '@tables-voisines/contract/closures';
import type { MapFeedEntry } from '@tables-voisines/contract/schemas/map';
import type { DbOrTx } from '../../db/client';
import { jsonArrayPieces, PIECE_CHARS } from '../../lib/json-pieces';
import { establishmentBatches, type EstablishmentRow } from '../establishments/establishments.queries';
import { sameNameStreets } from './same-name';

/** One batch of the values, for `jsonArrayPieces`. */
async function* once<T>(values: readonly T[]): AsyncGenerator<readonly T[]> {
  yield values;
}

/** Six decimals: about 11 cm, finer than a map can show. */
/** Six decimals, about 10 cm: the coordinates the feed gives, and the map index clusters (map-index.ts). */
export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Each distinct value once, in order of first use; `indexOf` gives its place. */
class Dictionary<T> {
  readonly values: T[] = [];
  readonly #index = new Map<string, number>();

  indexOf(value: T, key: string): number {
    let index = this.#index.get(key);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(value);
      this.#index.set(key, index);
    }
    return index;
  }
}

/**
 * The JSON of `GET /api/map/feed`, written batch by batch (flat memory at 200,000 establishments): the
 * tuples first, then the dictionaries they point into, complete once every row has been seen. Closures
 * that ended before `today` (Paris day) are left out: the map decides from the dates, so a feed kept past
 * midnight (it is cached until an establishment changes) only carries a closure that has become past.
 */
export async function* mapFeedPieces(db: DbOrTx, today: string): AsyncGenerator<string> {
  const hours = new Dictionary<EstablishmentRow['openingHours']>();
  const categorySets = new Dictionary<string[]>();
  const closures = new Dictionary<Closure[]>();
  // Index 0 is "no closure", whatever the first row holds: most places have none.
  closures.indexOf([], '[]');
  // The streets of the few places whose name and town read the same as another's: an 11th element for them
  // only, nothing for the others.
  const streets = await sameNameStreets(db);
  let count = 0;
  // Pieces under V8's large-object size, as jsonArrayPieces writes them (see PIECE_CHARS).
  let piece = '{"establishments":[';
  for await (const batch of establishmentBatches(db, { includeDisabled: false })) {
    for (const row of batch) {
      const entry: MapFeedEntry = [
        row.kind,
        row.name,
        row.uri,
        round6(row.latitude),
        round6(row.longitude),
        row.venueType,
        row.town,
        hours.indexOf(row.openingHours, JSON.stringify(row.openingHours)),
        categorySets.indexOf(row.categoryIds, row.categoryIds.join(',')),
        closureIndex(closures, row.closures, today),
      ];
      const street = streets.get(row.id);
      if (street !== undefined) entry.push(street);
      piece += count === 0 ? JSON.stringify(entry) : `,${JSON.stringify(entry)}`;
      count += 1;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
      }
    }
  }
  yield `${piece}],"openingHours":`;
  // The dictionaries in small pieces too: at 200,000 the opening hours are mostly distinct, and one string of
  // them was tens of megabytes (large-object space, and as many again in its UTF-8 buffer).
  yield* jsonArrayPieces(once(hours.values), (value) => JSON.stringify(value));
  yield ',"categorySets":';
  yield* jsonArrayPieces(once(categorySets.values), (value) => JSON.stringify(value));
  yield ',"closures":';
  yield* jsonArrayPieces(once(closures.values), (value) => JSON.stringify(value));
  yield `,"count":${count}}`;
}

/** The index of a row's closures still current or to come, in the feed's own shape (`from`, `to`, `reason`). */
function closureIndex(
  closures: Dictionary<Closure[]>,
  rowClosures: readonly Closure[],
  today: string,
): number {
  if (rowClosures.length === 0) return 0;
  const kept = currentAndFutureClosures(rowClosures, today).map(({ from, to, reason }) => ({
    from,
    to: to ?? null,
    reason: reason ?? null,
  }));
  return closures.indexOf(kept, JSON.stringify(kept));
}
