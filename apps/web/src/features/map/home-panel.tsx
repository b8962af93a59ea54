import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  KINDS,
  KIND_LABELS,
  VENUE_TYPES,
  VENUE_TYPE_LABELS,
  type Kind,
  type VenueType,
} from '@tables-voisines/contract/schemas/establishment';
import { MAP_LIST_MAX_LIMIT } from '@tables-voisines/contract/map-settings';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { BELL_ICON, Icon, SEARCH_ICON } from '../site/icons';
import { emptyResult } from './empty-result';
import { menuBoardsInView, nothingFilters, pointsInView } from './map-filters';
import type { MapPoint } from './map-points';
import { boundsOfPlaces, METROPOLITAN_FRANCE } from './map-rules';
import { useMapState, useMapStore } from './map-store';
import {
  placeOf,
  samePlaceNames,
  useGroupMembers,
  useNearestList,
  type ListedEstablishment,
} from './map-list';
import { useVisibleMapData } from './use-visible-map-data';
import { MenuBoards } from './menu-board-list';
import { plural, ShowMore } from './panel-parts';
import { usePlaceSuggestions } from './place-suggestions';
import { boxOfBoth, distanceText, nearestOf, useServerNearest, type NearestPlace } from './nearest-place';
import { isLoadLocation } from '../navigation/focus-after-navigation';
import { circleContainsPoint } from '@tables-voisines/contract/geo';
import type { Place } from '@tables-voisines/contract/schemas/place';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { toName } from '@tables-voisines/contract/french-names';
import { useOnline } from '../../lib/use-online';
import { SiteLink, useEmbed } from '../embed/embed-context';
import { EmbedCodeDisclosure } from '../embed/embed-code';

// « Mes favoris »: its list, and unfollowing from it, come when the chip is pressed (features/follow).
const FavoritesSection = lazy(() => import('./favorites-section'));

export const KIND_CHIP_LABELS: Record<Kind, string> = {
  restaurant: 'Restaurants',
  remplisvert: 'Remplis vert',
};
/**
 * The venue types as filters, in the plural like the kinds. The venue type « Restaurant » beside the kind
 * « Restaurants » read as the same filter twice: it is the classic restaurant, said so.
 */
export const VENUE_TYPE_CHIP_LABELS: Record<VenueType, string> = {
  restaurant: 'Restaurants traditionnels',
  brasserie: 'Brasseries',
  creperie: 'Crêperies',
  'food-truck': 'Food trucks',
  traiteur: 'Traiteurs',
  'hotel-restaurant': 'Hôtels-restaurants',
  bar: 'Bars',
};

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/**
 * Offline (the app opened with no network, or the network lost), the map shows the places kept at the last
 * visit and the search finds their names only: the towns are asked of the server (issue 49, point 6).
 */
function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="tv-notice tv-small" data-testid="offline-notice" style={{ margin: '0 0 12px' }}>
          Hors ligne : la carte montre les établissements de votre dernière visite, et la recherche ne trouve
          que leurs noms.
        </p>
      )}
    </div>
  );
}

function SearchField() {
  const store = useMapStore();
  const query = useMapState((s) => s.filters.query);
  // Back on the map page, the field shows what it showed: the words searched, or the town chosen.
  const [value, setValue] = useState(() =>
    query !== '' ? query : (store.getState().chosenTown?.name ?? ''),
  );
  // What this field last gave the state: another query there (« Retirer les filtres ») is shown here.
  const sent = useRef(query);
  /** The visitor has typed since a town was last shown here. */
  const typedOver = useRef(false);
  useEffect(() => {
    if (query !== sent.current) {
      sent.current = query;
      setValue(query);
    }
  }, [query]);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      // The name of the town chosen is where the map is, not a search of places by name; anything else
      // typed is, and the town's mark goes.
      const town = store.getState().chosenTown;
      const showsTown = town !== null && value === town.name;
      // Only the visitor's typing takes the town away: not the field's first, empty, value while an
      // address's town is being shown.
      if (town !== null && !showsTown && typedOver.current) store.dispatch({ type: 'townLeft' });
      sent.current = showsTown ? '' : value;
      store.dispatch({ type: 'filtersChanged', filters: { query: sent.current } });
    }, 150);
    return () => window.clearTimeout(timer);
  }, [store, value]);
  // A town the address gives (a shared link, Back) is shown here; its mark gone, its name goes too.
  const chosenTown = useMapState((s) => s.chosenTown);
  const shownTown = useRef(chosenTown);
  const latestValue = useRef(value);
  latestValue.current = value;
  useEffect(() => {
    const before = shownTown.current;
    shownTown.current = chosenTown;
    if (chosenTown === before) return;
    typedOver.current = false;
    if (chosenTown !== null) setValue(chosenTown.name);
    else if (before !== null && latestValue.current === before.name) setValue('');
  }, [chosenTown]);
  const input = useRef<HTMLInputElement>(null);
  // A town chosen flies the map there: the field keeps the town's name (issue 49, point 5), which searches
  // no place by name; selected while the field has the focus, so that what is typed next replaces it.
  const places = usePlaceSuggestions(value, (place) => {
    sent.current = '';
    setValue(place.name);
    store.dispatch({ type: 'filtersChanged', filters: { query: '' } });
    requestAnimationFrame(() => {
      if (input.current !== null && input.current === document.activeElement) input.current.select();
    });
  });
  useQueryInAddress(setValue, places.choose, places.resolve);
  // Typed in the server's field before the page's scripts ran (they come once it is painted, decision 0093):
  // hydration keeps the letters in the field, not in this state; taken as typed, so they are searched (and
  // suggested, the field still in use).
  const typedEarly = useRef(places.typed);
  useEffect(() => {
    const early = input.current?.value ?? '';
    if (early === '' || early === latestValue.current) return;
    typedOver.current = true;
    setValue(early);
    if (input.current === document.activeElement) typedEarly.current();
  }, []);
  return (
    <div>
      <label htmlFor="recherche" className="tv-label">
        Rechercher
      </label>
      <div className="tv-search">
        <Icon path={SEARCH_ICON} />
        <input
          ref={input}
          id="recherche"
          type="search"
          className="tv-input"
          placeholder="Restaurant, ville ou code postal"
          value={value}
          onChange={(event) => {
            typedOver.current = true;
            setValue(event.target.value);
            places.typed();
          }}
          {...places.inputProps}
        />
        {places.popup}
      </div>
      {places.status}
    </div>
  );
}

/**
 * `/?q=` (the 404 page's search, a shared link): a town's name or postcode flies the map there, anything else
 * fills the search. Read once, then taken out of the address, which no longer says what the field holds.
 */
function useQueryInAddress(
  fill: (value: string) => void,
  choose: (place: Place) => void,
  resolve: (term: string) => Promise<Place[]>,
) {
  const { search } = useLocation();
  const read = useRef(false);
  // The latest of each: the answer may come after renders that made new ones.
  const latest = useRef({ fill, choose, resolve });
  latest.current = { fill, choose, resolve };
  useEffect(() => {
    if (read.current) return;
    read.current = true;
    const q = new URLSearchParams(search).get('q')?.trim().slice(0, 100) ?? '';
    if (q === '') return;
    const url = new URL(window.location.href);
    url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    latest.current.resolve(q).then(
      (found) => {
        const town = townForQuery(found, q);
        if (town !== undefined) latest.current.choose(town);
        else latest.current.fill(q);
      },
      () => latest.current.fill(q),
    );
  }, [search]);
}

/** Accents, case, hyphens and apostrophes aside. */
const searchWords = (s: string) =>
  normalizeForSearch(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The town a `q` in the address names, as Enter in the field would choose it: when some town is named by `q`,
 * the first one the server ranks if its name begins with `q` (« mars » is Marseille before Mars, as typed),
 * otherwise the one named; none when no town is named (`q` is then a place's name).
 */
export function townForQuery(ranked: readonly Place[], q: string): Place | undefined {
  const named = ranked.find((place) => namesTown(place, q));
  if (named === undefined) return undefined;
  const first = ranked[0];
  return first !== undefined && searchWords(first.name).startsWith(searchWords(q)) ? first : named;
}

/** Whether `q` is this town's name (accents, case and hyphens aside) or one of its postcodes. */
export function namesTown(place: Place, q: string): boolean {
  const digits = q.replace(/\s+/g, '');
  if (/^\d{5}$/.test(digits)) return place.postcodes.includes(digits);
  return searchWords(place.name) === searchWords(q);
}

function FilterChips() {
  const store = useMapStore();
  const filters = useMapState((s) => s.filters);
  const change = (next: Partial<typeof filters>) => store.dispatch({ type: 'filtersChanged', filters: next });
  const chip = (label: string, selected: boolean, onClick: () => void) => (
    <button key={label} type="button" className="tv-chip" aria-pressed={selected} onClick={onClick}>
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Filtres" className="tv-chips">
      <button
        type="button"
        className="tv-chip"
        aria-pressed={filters.favorites}
        onClick={() => change({ favorites: !filters.favorites })}
      >
        <Icon path={BELL_ICON} />
        Mes favoris
      </button>
      {chip('Ouvert maintenant', filters.openNow, () => change({ openNow: !filters.openNow }))}
      {KINDS.map((kind) =>
        chip(KIND_CHIP_LABELS[kind], filters.kinds.includes(kind), () =>
          change({ kinds: toggle(filters.kinds, kind) }),
        ),
      )}
      {VENUE_TYPES.map((type: VenueType) =>
        chip(VENUE_TYPE_CHIP_LABELS[type], filters.venueTypes.includes(type), () =>
          change({ venueTypes: toggle(filters.venueTypes, type) }),
        ),
      )}
    </div>
  );
}

const GROUP_MEMBERS_SHOWN = 12;
/** Members added each time « Voir les autres membres » is pressed. */
const GROUP_MEMBERS_MORE = 50;

/**
 * The current group: its members in the feed's filtered places, or, without the feed (nothing filtered),
 * as the server counts them (`useGroupMembers`). A group with no member to show is not shown (no « 0
 * membre » card); the members beyond the first twelve open below them, fifty at a time.
 */
/**
 * What the filters keep of a group, said apart from its size (« 23 membres …, dont 1 crêperie »): one venue
 * type or kind alone is named, anything else is « pour cette recherche ».
 */
export function filteredMembersText(
  count: number,
  filters: { query: string; openNow: boolean; kinds: readonly Kind[]; venueTypes: readonly VenueType[] },
  categories: readonly string[],
): string {
  const only =
    filters.query.trim() === '' && categories.length === 0 && !filters.openNow
      ? filters.venueTypes.length === 1 && filters.kinds.length === 0
        ? VENUE_TYPE_NOUNS[filters.venueTypes[0]!]
        : filters.kinds.length === 1 && filters.venueTypes.length === 0
          ? KIND_NOUNS[filters.kinds[0]!]
          : null
      : null;
  if (count === 0) return 'aucun ne correspond à ces filtres';
  if (only === null) return `dont ${count.toLocaleString('fr-FR')} pour cette recherche`;
  return `dont ${plural(count, only[0], only[1])}`;
}

const VENUE_TYPE_NOUNS: Record<VenueType, [string, string]> = {
  restaurant: ['restaurant traditionnel', 'restaurants traditionnels'],
  brasserie: ['brasserie', 'brasseries'],
  creperie: ['crêperie', 'crêperies'],
  'food-truck': ['food truck', 'food trucks'],
  traiteur: ['traiteur', 'traiteurs'],
  'hotel-restaurant': ['hôtel-restaurant', 'hôtels-restaurants'],
  bar: ['bar', 'bars'],
};
const KIND_NOUNS: Record<Kind, [string, string]> = {
  restaurant: ['restaurant', 'restaurants'],
  remplisvert: ['Remplis vert', 'Remplis vert'],
};

function GroupBanner({
  points,
  allPoints,
  feedThere,
}: {
  points: readonly MapPoint[];
  allPoints: readonly MapPoint[];
  feedThere: boolean;
}) {
  const nothingFiltered = useMapState((s) => nothingFilters(s.filters, s.categories));
  const filters = useMapState((s) => s.filters);
  const categories = useMapState((s) => s.categories);
  const group = useMapState((s) => s.currentGroup);
  const embed = useEmbed();
  const [shown, setShown] = useState(GROUP_MEMBERS_SHOWN);
  useEffect(() => setShown(GROUP_MEMBERS_SHOWN), [group?.id]);
  const fromFeed = useMemo(() => {
    if (group === null || !feedThere) return null;
    const center = { latitude: group.latitude, longitude: group.longitude };
    const all = points
      .filter((p) => circleContainsPoint(center, group.radius, p.location))
      .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
    const size = nothingFiltered
      ? all.length
      : allPoints.filter((p) => circleContainsPoint(center, group.radius, p.location)).length;
    return { count: all.length, size, establishments: all.slice(0, shown) };
  }, [group, points, allPoints, feedThere, shown, nothingFiltered]);
  // Filtered while the feed is on its way: no count yet (the server's would be of every establishment).
  const fromServer = useGroupMembers(
    !feedThere && nothingFiltered,
    group,
    Math.min(shown, MAP_LIST_MAX_LIMIT),
  );
  if (group === null) return null;
  const members = fromFeed ?? (nothingFiltered ? fromServer.list : undefined);
  if (members !== undefined && (fromFeed?.size ?? members.count) === 0) return null;
  const listed = members?.establishments.slice(0, shown) ?? [];
  // Two members of the same name (two « La Part des Anges » in Bordeaux) say where each is.
  const places = samePlaceNames(listed);
  const others = members === undefined ? 0 : members.count - listed.length;
  const more = Math.min(GROUP_MEMBERS_MORE, others, MAP_LIST_MAX_LIMIT - listed.length);
  return (
    <section aria-labelledby="groupe-courant" data-testid="current-group" className="tv-group">
      <h2 id="groupe-courant" className="tv-subtitle">
        {group.name}
      </h2>
      <p className="tv-small tv-muted" style={{ marginBottom: '0.35em' }}>
        {fromFeed !== null
          ? plural(fromFeed.size, 'membre', 'membres')
          : members === undefined
            ? 'Membres'
            : plural(members.count, 'membre', 'membres')}{' '}
        dans un rayon de {group.radius.toLocaleString('fr-FR')} km
        {fromFeed !== null &&
          !nothingFiltered &&
          `, ${filteredMembersText(fromFeed.count, filters, categories)}`}
      </p>
      {/* A list still, for screen readers that drop a list without bullets (Safari). */}
      <ul role="list" className="tv-group__members">
        {listed.map((m) => (
          <li key={m.uri} className="tv-small">
            <SiteLink to={establishmentPath(m.kind, m.uri)} className="tv-link">
              {m.name}
            </SiteLink>
            {places.has(m.uri) && <span className="tv-muted"> · {places.get(m.uri)}</span>}
          </li>
        ))}
      </ul>
      {more > 0 && (
        <button
          type="button"
          className="tv-button tv-button--text tv-button--small"
          onClick={() => setShown(listed.length + more)}
        >
          {more === others
            ? `Voir ${others === 1 ? 'l’autre membre' : `les ${plural(others, 'autre', 'autres')} membres`}`
            : `Voir ${more} membres de plus (sur ${plural(others, 'autre', 'autres')})`}
        </button>
      )}
      {/* Its members' map for the group's own site (issue 52); not inside that map itself. */}
      {embed === null && <EmbedCodeDisclosure group={group} />}
    </section>
  );
}

/**
 * Back on the map page from a detail page (Back, ×): the focus goes to the card of the place just closed,
 * where the visitor was in the list, if the list shows it. Given without ringing the place on the map: a
 * ring is for a card the visitor points at or tabs to.
 */
function useFocusOnClosedCard() {
  const store = useMapStore();
  // The entry the panel came back on: once per return from a page, not again when a town chosen adds an
  // entry of the map page itself (its key changes, the panel stays).
  const { key } = useLocation();
  const [arrivalKey] = useState(key);
  useEffect(() => {
    if (isLoadLocation(arrivalKey)) return;
    const uri = store.getState().lastClosed;
    if (uri === null) return;
    const link = document.querySelector<HTMLElement>(
      `[data-testid="establishment-list"] [data-uri="${CSS.escape(uri)}"] a`,
    );
    if (link === null) return;
    link.focus({ preventScroll: true });
    store.dispatch({ type: 'highlighted', establishment: null });
  }, [store, arrivalKey]);
}

function EstablishmentCard({ point }: { point: ListedEstablishment }) {
  const store = useMapStore();
  const highlight = (establishment: ListedEstablishment | null) =>
    store.dispatch({ type: 'highlighted', establishment });
  return (
    <li
      className="tv-establishment-card"
      data-uri={point.uri}
      onMouseEnter={() => highlight(point)}
      onMouseLeave={() => highlight(null)}
      onFocus={() => highlight(point)}
      onBlur={() => highlight(null)}
    >
      <SiteLink to={establishmentPath(point.kind, point.uri)}>
        <span aria-hidden="true" className={`tv-kind-mark tv-kind-mark--${point.kind}`} />
        <div className="tv-min-0">
          <h3 className="tv-nowrap">{point.name}</h3>
          <p className="tv-small tv-muted tv-nowrap">
            {point.kind === 'restaurant' ? VENUE_TYPE_LABELS[point.venueType] : KIND_LABELS[point.kind]} ·{' '}
            {placeOf(point)}
          </p>
        </div>
      </SiteLink>
    </li>
  );
}

/**
 * « Le plus proche : Le Vésuve à Cavaillon, à 15 km. » (« au Havre »), the name a link to its page.
 */
function NearestLine({ nearest }: { nearest: NearestPlace }) {
  const { place, km } = nearest;
  return (
    <>
      <br />
      <span data-testid="nearest-place">
        Le plus proche :{' '}
        <SiteLink to={establishmentPath(place.kind, place.uri)} className="tv-link">
          {place.name}
        </SiteLink>{' '}
        {toName(place.town)}, à {distanceText(km)}.
      </span>
    </>
  );
}

/**
 * The map page's panel: search, filters, the current group, today's menu boards and the list of what the
 * map shows, its accessible equivalent.
 */
export function HomePanel() {
  const store = useMapStore();
  // Embedded in another site (`/integrer/carte`): the map's list only, its filters given by the address;
  // a group's map lists the group's members.
  const embed = useEmbed();
  const fixedGroup = useMapState((s) => s.fixedGroup);
  const data = useVisibleMapData();
  const { points, allPoints, menuBoards, feedThere, refetch, firstOpening, now } = data;
  const bounds = useMapState((s) => s.bounds);
  const zoom = useMapState((s) => s.zoom);
  const center = useMapState((s) => s.center);
  const filters = useMapState((s) => s.filters);
  const categories = useMapState((s) => s.categories);
  // Kept in the map's state: back from a detail page, the list shows as many places as it did.
  const limit = useMapState((s) => s.listLimit);
  const fromFeed = useMemo(
    () => (feedThere ? pointsInView(points, bounds, center) : null),
    [feedThere, points, bounds, center],
  );
  const boardsInView = useMemo(() => menuBoardsInView(menuBoards, bounds), [menuBoards, bounds]);
  useFocusOnClosedCard();
  const filtered =
    filters.query !== '' ||
    filters.openNow ||
    filters.favorites ||
    filters.kinds.length > 0 ||
    filters.venueTypes.length > 0 ||
    categories.length > 0;
  // Without the feed, and while nothing is filtered (a search of spaces filters nothing), the server's list of
  // the view (`useNearestList`); if it fails, the feed instead.
  const serverWanted = !feedThere && nothingFilters(filters, categories);
  const fromServer = useNearestList(serverWanted, bounds, zoom, center, limit);
  useEffect(() => {
    if (fromServer.isError) store.dispatch({ type: 'feedWanted' });
  }, [store, fromServer.isError]);
  const serverList = serverWanted && !fromServer.isError ? fromServer.list : undefined;
  const inView = fromFeed ?? {
    length: serverList?.count ?? 0,
    slice: (start?: number, end?: number) => (serverList?.establishments ?? []).slice(start, end),
  };
  const isLoading = serverList === undefined && fromFeed === null && !data.isError;
  const isError = fromFeed === null && serverList === undefined && data.isError;

  const nothingInView = !isLoading && !isError && inView.length === 0;
  // Nothing in view: the nearest place the filters keep, from the feed, or from the server's list.
  const nearestFromFeed = useMemo(
    () => (nothingInView && feedThere ? nearestOf(points, center) : null),
    [nothingInView, feedThere, points, center],
  );
  const nearestFromServer = useServerNearest(nothingInView && serverWanted, zoom, center);
  const nearest = nearestFromFeed ?? nearestFromServer;
  const empty = nothingInView
    ? emptyResult({
        nearestKnown: nearest !== null,
        filtered,
        query: filters.query,
        openNow: filters.openNow,
        feedThere,
        matching: points.length,
        firstOpening,
        bounds,
        now,
      })
    : null;
  // A search or filters that leave nothing in view, said over the map too: on a phone the list's sheet,
  // half open or lowered, hid the reason and the way out, leaving an empty map (issue 49, MapArea). Not
  // with « Mes favoris », whose own section says why it is empty.
  const noticeText = empty !== null && filtered && !filters.favorites ? empty.text : null;
  const noticeDetail = empty?.detail ?? null;
  useEffect(() => {
    store.dispatch({
      type: 'emptyNoticeChanged',
      notice: noticeText === null ? null : { text: noticeText, detail: noticeDetail },
    });
  }, [store, noticeText, noticeDetail]);
  // Gone with the list (a detail page).
  useEffect(() => () => store.dispatch({ type: 'emptyNoticeChanged', notice: null }), [store]);
  const status = isLoading
    ? 'Chargement des établissements…'
    : isError
      ? 'La liste des établissements n’a pas pu être chargée.'
      : empty !== null
        ? empty.text
        : `${plural(inView.length, 'établissement', 'établissements')} dans cette zone`;

  return (
    <div className="tv-panel">
      {embed === null && (
        <>
          <h1 className="tv-panel__title">
            Tables Voisines <span className="tv-visually-hidden">: </span>
            <span className="tv-panel__subtitle">les restaurateurs de votre quartier, partout en France</span>
          </h1>
          <OfflineNotice />
          <SearchField />
          <FilterChips />
        </>
      )}
      {embed !== null ? (
        // The group's members are the embedded map's list; without a group, the places in view are.
        fixedGroup !== null && <GroupBanner points={points} allPoints={allPoints} feedThere={feedThere} />
      ) : filters.favorites ? (
        // Only the places this browser follows, wherever they are: their list replaces the map's.
        <Suspense fallback={<p className="tv-small tv-muted">Chargement de vos favoris…</p>}>
          <FavoritesSection points={points} feedThere={feedThere} />
        </Suspense>
      ) : (
        <>
          <GroupBanner points={points} allPoints={allPoints} feedThere={feedThere} />
          <MenuBoards boards={boardsInView} />
        </>
      )}
      <section
        aria-labelledby="liste-etablissements"
        hidden={filters.favorites || (embed !== null && fixedGroup !== null)}
      >
        <h2 id="liste-etablissements" className="tv-subtitle">
          Établissements sur la carte
        </h2>
        <p role="status" aria-live="polite" className="tv-small tv-muted" style={{ marginBottom: 8 }}>
          {status}
          {empty?.detail != null && (
            <>
              <br />
              {empty.detail}
            </>
          )}
          {nearest !== null && empty !== null && <NearestLine nearest={nearest} />}
        </p>
        {isError && (
          <button type="button" className="tv-button" onClick={() => void refetch()}>
            Réessayer
          </button>
        )}
        {empty !== null && (
          <div className="tv-actions">
            {/* The nearest place and where the visitor was, both in view. */}
            {nearest !== null && !empty.showResultsElsewhere && (
              <button
                type="button"
                className="tv-button tv-button--contained"
                onClick={() =>
                  store.dispatch({
                    type: 'boundsRequested',
                    bounds: boxOfBoth(center, nearest.place.location),
                  })
                }
              >
                Voir le plus proche
              </button>
            )}
            {/* A search or filters that find places, none of them in view: the way to them. */}
            {empty.showResultsElsewhere && (
              <button
                type="button"
                className="tv-button tv-button--contained"
                onClick={() => {
                  const bounds = boundsOfPlaces(points);
                  if (bounds !== null) store.dispatch({ type: 'boundsRequested', bounds });
                }}
              >
                {points.length === 1
                  ? 'Voir le résultat ailleurs en France'
                  : `Voir les ${plural(points.length, 'résultat', 'résultats')} ailleurs en France`}
              </button>
            )}
            {empty.showFrance && (
              <button
                type="button"
                className="tv-button"
                onClick={() => store.dispatch({ type: 'boundsRequested', bounds: METROPOLITAN_FRANCE })}
              >
                Voir toute la France
              </button>
            )}
            {filtered && (
              <button
                type="button"
                className={
                  empty.showResultsElsewhere ? 'tv-button tv-button--text' : 'tv-button tv-button--contained'
                }
                onClick={() => store.dispatch({ type: 'filtersCleared' })}
              >
                Retirer les filtres
              </button>
            )}
          </div>
        )}
        {inView.length > 0 && (
          <ul
            role="list"
            aria-label="Établissements affichés sur la carte"
            data-testid="establishment-list"
            className="tv-cards"
            style={{ marginTop: 0 }}
          >
            {inView.slice(0, limit).map((p) => (
              <EstablishmentCard key={p.uri} point={p} />
            ))}
          </ul>
        )}
        <ShowMore
          total={inView.length}
          limit={limit}
          onMore={() => store.dispatch({ type: 'listLimitRaised' })}
        />
      </section>
      {embed === null && (
        <p className="tv-small tv-muted tv-panel__contact">
          Une question, un établissement à ajouter ?{' '}
          <Link to="/contact" className="tv-link">
            Nous contacter
          </Link>
        </p>
      )}
    </div>
  );
}
