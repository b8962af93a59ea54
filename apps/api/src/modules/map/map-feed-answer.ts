import type { AppContext } from '../../context';
import type { EncodedResponse } from '../../lib/encoded-response';
import { establishmentsFingerprint } from '../establishments/establishments.queries';
import { mapFeedPieces } from './map-feed';
import { parisDay } from '@tables-voisines/contract/paris-time';

/**
 * The map feed, like the public list: made once until an establishment changes, compressed once, revalidated
 * by ETag; while a new one is made (seconds at 200,000), the latest one answers. Also called at start, so
 * the first visitor does not wait (not through `inject`, which would hold the whole decoded answer and its
 * string until the next full collection: decision 0033).
 */
export async function mapFeedAnswer({ db, responseCache, clock }: AppContext): Promise<EncodedResponse> {
  const scope = await responseCache.perVersion('establishments', () => establishmentsFingerprint(db));
  return responseCache.getScopedOrLatest(scope, 'map-feed', () => mapFeedPieces(db, parisDay(clock())), {
    heavy: true,
  });
}
