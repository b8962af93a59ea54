import type { Closure } from '@tables-voisines/contract/closures';
import type { LatLng } from '@tables-voisines/contract/geo';
import type { Kind, OpeningHours, VenueType } from '@tables-voisines/contract/schemas/establishment';
import type { MapFeed } from '@tables-voisines/contract/schemas/map';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { useQuery } from '@tanstack/react-query';
import { publicApiRequest } from '../../lib/public-api';
import type { MapEstablishment } from './map-rules';

/**
 * What the map and its list keep of an establishment, read from the compact map feed.
 */
export interface MapPoint extends MapEstablishment {
  venueType: VenueType;
  town: string;
  /** Only for a place whose name and town read the same as another's (the feed's 11th element). */
  street: string | undefined;
  openingHours: OpeningHours;
  /** Its closures in progress or to come (the feed leaves out past ones); « Ouvert maintenant » reads them. */
  closures: readonly Closure[];
  categories: readonly string[];
  /** Name and town normalised for the text search. */
  readonly searchText: string;
}

/**
 * One establishment of the feed. Its search text is made on the first search only: normalising 200,000
 * names when the feed arrives held the page's main thread before the map showed anything (decision 0034,
 * "Measurements").
 */
class FeedPoint implements MapPoint {
  #searchText: string | undefined;

  constructor(
    readonly uri: string,
    readonly kind: Kind,
    readonly name: string,
    readonly location: LatLng,
    readonly venueType: VenueType,
    readonly town: string,
    readonly openingHours: OpeningHours,
    readonly categories: readonly string[],
    readonly closures: readonly Closure[],
    readonly street: string | undefined,
  ) {}

  get searchText(): string {
    return (this.#searchText ??= normalizeForSearch(`${this.name} ${this.town}`));
  }
}

const NO_CLOSURES: readonly Closure[] = [];

/**
 * The compact feed decoded: one tuple per establishment, opening hours, category lists and closures shared
 * through the feed's dictionaries (200,000 establishments hold a few hundred distinct values, kept once in
 * memory). A feed from before closures (nine elements, no `closures`) reads as no closure anywhere.
 */
export function decodeMapFeed(feed: MapFeed): MapPoint[] {
  const closures = (feed as Partial<Pick<MapFeed, 'closures'>>).closures ?? [];
  return feed.establishments.map(
    ([kind, name, uri, latitude, longitude, venueType, town, hours, categories, closed, street]) =>
      new FeedPoint(
        uri,
        kind,
        name,
        { latitude, longitude },
        venueType,
        town,
        feed.openingHours[hours] ?? [],
        feed.categorySets[categories] ?? [],
        (closed === undefined ? undefined : closures[closed]) ?? NO_CLOSURES,
        street,
      ),
  );
}

/**
 * `GET /api/map/feed`: every public establishment with only what the map, its list and its filters use
 * (the whole public list is far too large for the map at 200,000 establishments: decision 0010).
 */
export async function fetchMapPoints(signal?: AbortSignal): Promise<MapPoint[]> {
  return decodeMapFeed(await publicApiRequest('mapFeed', { signal }));
}

const FIVE_MINUTES = 5 * 60_000;

/**
 * The feed, once `wanted` (`wantsFeed`); kept for the visit after. Asked once more after a failure (the
 * site's `retry: 1`), and no more by a part of the page that mounts after it failed (`retryOnMount`): the
 * map's canvas, whose chunk arrives last on a slow phone, asked for it twice again (seen in CI: four
 * refused requests where the page means two). A filter that needs it then offers « Réessayer ».
 */
export function useMapPoints(wanted: boolean) {
  return useQuery({
    queryKey: ['map', 'points'],
    queryFn: ({ signal }) => fetchMapPoints(signal),
    enabled: wanted,
    staleTime: FIVE_MINUTES,
    retryOnMount: false,
  });
}
