import type { MapFeedEntry } from '@tables-voisines/contract/schemas/map';
import type { DbOrTx } from '../../db/client';
import { establishmentBatches, type EstablishmentRow } from '../establishments/establishments.queries';

/** Six decimals: about 11 cm, finer than a map can show. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

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
 * tuples first, then the dictionaries they point into, complete once every row has been seen.
 */
export async function* mapFeedPieces(db: DbOrTx): AsyncGenerator<string> {
  const hours = new Dictionary<EstablishmentRow['openingHours']>();
  const categorySets = new Dictionary<string[]>();
  let count = 0;
  yield '{"establishments":[';
  for await (const batch of establishmentBatches(db, { includeDisabled: false })) {
    const text = batch
      .map((row) => {
        const entry: MapFeedEntry = [
          row.id,
          row.kind,
          row.name,
          row.uri,
          round6(row.latitude),
          round6(row.longitude),
          row.venueType,
          row.town,
          hours.indexOf(row.openingHours, JSON.stringify(row.openingHours)),
          categorySets.indexOf(row.categoryIds, row.categoryIds.join(',')),
        ];
        return JSON.stringify(entry);
      })
      .join(',');
    yield count === 0 ? text : `,${text}`;
    count += batch.length;
  }
  yield `],"openingHours":${JSON.stringify(hours.values)}`;
  yield `,"categorySets":${JSON.stringify(categorySets.values)}`;
  yield `,"count":${count}}`;
}
