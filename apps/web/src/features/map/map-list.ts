import type { Bounds, LatLng } from '@tables-voisines/contract/geo';
import type { Group } from '@tables-voisines/contract/schemas/group';
import type { VenueType } from '@tables-voisines/contract/schemas/establishment';
import type { MapListAnswer } from '@tables-voisines/contract/schemas/map';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { publicApiRequest } from '../../lib/public-api';
import { serverBoxOf } from './map-preview';
import type { MapEstablishment } from './map-rules';
import { useMapStore } from './map-store';

/**
 * The map's list without its feed (`wantsFeed`): at the scale of France the feed is megabytes for a phone
 * to download and read (decision 0038), for a list that shows 30 cards. While nothing is filtered the server
 * answers the view's count and its nearest cards (`GET /api/map/nearest`) and the current group's members
 * (`GET /api/map/around`), from its map index, in the order the list gives them from the feed.
 */

/** What a card of the list shows, from the feed or from the server. */
export interface ListedEstablishment extends MapEstablishment {
  venueType: VenueType;
  town: string;
  /** Only for a place whose name and town read the same as another's: what tells them apart. */
  street: string | undefined;
}

/**
 * Where a card says a place is: its town, and its street after it when another place has the same name in
 * the same town (the server gives a street for these only), « Riom, 12 rue du Commerce ». The town first,
 * as on every other card, so the list reads down the same way and a long street is what the line cuts.
 */
export function placeOf(e: Pick<ListedEstablishment, 'town' | 'street'>): string {
  return e.street === undefined ? e.town : `${e.town}, ${e.street}`;
}

/**
 * Where a list that shows names alone (a group's members) says a place is, by its uri: for a place whose
 * name is another's in that list, or that the server gives a street (another of that name in its town,
 * maybe further down the list), `placeOf`; nothing for the others. Names compared as the search compares
 * them (case and accents folded): « La Part des Anges » and « La part des anges » read the same.
 */
export function samePlaceNames(
  places: readonly Pick<ListedEstablishment, 'uri' | 'name' | 'town' | 'street'>[],
): ReadonlyMap<string, string> {
  const times = new Map<string, number>();
  for (const p of places) {
    const name = normalizeForSearch(p.name);
    times.set(name, (times.get(name) ?? 0) + 1);
  }
  return new Map(
    places
      .filter((p) => p.street !== undefined || times.get(normalizeForSearch(p.name))! > 1)
      .map((p) => [p.uri, placeOf(p)]),
  );
}

/** The list's answer as the list reads it: how many in all, and the first ones. */
export interface ServerList {
  count: number;
  establishments: readonly ListedEstablishment[];
}

/** The world, for a list asked before the map has told its view (the list then ranks every place). */
const WORLD = { west: -180, south: -90, east: 180, north: 90 };

/**
 * `GET /api/map/nearest` for the view: the map's exact box (no margin: the list holds what the map shows),
 * or the world before the map has a view, ranked from its centre.
 */
export function nearestQueryOf(bounds: Bounds | null, zoom: number, center: LatLng, limit: number) {
  return {
    ...(bounds === null ? WORLD : serverBoxOf(bounds, zoom, 0)),
    latitude: center.latitude,
    longitude: center.longitude,
    limit,
  };
}

export function serverListOf(answer: MapListAnswer): ServerList {
  return {
    count: answer.count,
    establishments: answer.establishments.map((e) => ({
      uri: e.uri,
      kind: e.kind,
      name: e.name,
      venueType: e.venueType,
      town: e.town,
      street: e.street,
      location: { latitude: e.latitude, longitude: e.longitude },
    })),
  };
}

/**
 * An answer as the list reads it. Every answer also tells how many establishments there are: what decides
 * between the feed and the server (`wantsFeed`).
 */
function useServerList(answer: MapListAnswer | undefined): ServerList | undefined {
  const store = useMapStore();
  useEffect(() => {
    if (answer !== undefined) store.dispatch({ type: 'totalKnown', total: answer.total });
  }, [store, answer]);
  return useMemo(() => (answer === undefined ? undefined : serverListOf(answer)), [answer]);
}

/** The view's count and its `limit` nearest establishments, while `wanted`. */
export function useNearestList(
  wanted: boolean,
  bounds: Bounds | null,
  zoom: number,
  center: LatLng,
  limit: number,
) {
  const query = nearestQueryOf(bounds, zoom, center, limit);
  const result = useQuery({
    queryKey: ['map', 'nearest', query],
    queryFn: ({ signal }) => publicApiRequest('mapNearest', { query, signal }),
    enabled: wanted,
    // The last view's cards stay while those of the new one come, as with the feed.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const list = useServerList(result.data);
  return { list, isPending: result.isPending, isError: result.isError };
}

/** The current group's count and its first members by name, while `wanted`. */
export function useGroupMembers(wanted: boolean, group: Group | null, limit: number) {
  const query =
    group === null
      ? null
      : { latitude: group.latitude, longitude: group.longitude, radius: group.radius, limit };
  const result = useQuery({
    queryKey: ['map', 'around', query],
    queryFn: ({ signal }) => publicApiRequest('mapAround', { query: query!, signal }),
    enabled: wanted && query !== null,
    staleTime: 60_000,
    // More members of the same group asked (« Voir les autres »): the first ones stay while they come.
    placeholderData: (previous, previousQuery) => {
      const asked = previousQuery?.queryKey[2] as typeof query | undefined;
      return asked != null &&
        query !== null &&
        asked.latitude === query.latitude &&
        asked.longitude === query.longitude &&
        asked.radius === query.radius
        ? previous
        : undefined;
    },
  });
  const list = useServerList(result.data);
  return { list, isError: result.isError };
}
