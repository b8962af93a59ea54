import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { KIND_LABELS, VENUE_TYPE_LABELS } from '@tables-voisines/contract/labels';
import { parisDay } from '@tables-voisines/contract/paris-time';
import { routeTable } from '@tables-voisines/contract/route-table';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { createClientOver, isApiError } from '../../lib/api-core';
import { formatEuros } from '../../lib/format';
import { browserFollowDeps, syncFollows, syncFollowsOnce, unfollowPlace } from '../follow/follow-actions';
import { FollowNotice, readBrowserTraits } from '../follow/follow-controller';
import type { FollowedPlace } from '../follow/follow-store';
import {
  followSupport,
  frenchSpacing,
  noticeText,
  readerOf,
  type NoticeText,
} from '../follow/follow-support';
import { useFollows, useFollowStore } from '../follow/use-follows';
import { placeOf } from './map-list';
import { boundsOfPlaces } from './map-rules';
import type { MapPoint } from './map-points';
import { useMapState, useMapStore } from './map-store';
import { plural } from './panel-parts';
import { useShowMap } from './show-map';

/*
 * « Mes favoris » (issue 51): the places this browser follows, wherever they are, today's boards first, each
 * with « Ne plus suivre ». The list is the browser's own (features/follow); the map's feed says where each
 * place is and whether the other chips keep it; each place's board of the day is asked on its own.
 */

/** The one call of this list beyond the public pages' own: a place's board of the day (no sign-in needed). */
const boardClient = createClientOver({ getEstablishmentMenuBoard: routeTable.getEstablishmentMenuBoard });

/** Today's board of a place, `null` when it has none (404). */
async function fetchTodayBoard(id: string, signal: AbortSignal): Promise<MenuBoard | null> {
  try {
    return await boardClient.request('getEstablishmentMenuBoard', { params: { id }, signal });
  } catch (error) {
    if (isApiError(error, 'NotFound')) return null;
    throw error;
  }
}

/** Dishes a favourite's card lists; the others are counted. */
const DISHES_SHOWN = 4;
const byFrenchName = new Intl.Collator('fr');

interface Favorite {
  place: FollowedPlace;
  /** Where it is and what it is, from the map's feed; `null` while the feed comes, or when it is not there. */
  point: MapPoint | null;
  /** Today's board: `undefined` while asked, `null` when none is served today. */
  board: MenuBoard | null | undefined;
}

/** Those with today's board first, then by name. */
export function favoritesInOrder(favorites: readonly Favorite[]): Favorite[] {
  const served = (f: Favorite) => (f.board != null && !f.board.closedOnDate ? 0 : 1);
  return [...favorites].sort(
    (a, b) => served(a) - served(b) || byFrenchName.compare(a.place.name, b.place.name),
  );
}

/** The status line: how many, and how many have today's board. */
export function favoritesStatus(total: number, shown: number, withBoard: number, filtered: boolean): string {
  if (total === 0) return 'Aucun établissement suivi pour le moment.';
  if (filtered) {
    return shown === 0
      ? `Aucun de vos ${plural(total, 'favori', 'favoris')} ne correspond à ces filtres.`
      : `${plural(shown, 'établissement suivi correspond', 'établissements suivis correspondent')} à ces filtres (sur ${total.toLocaleString('fr-FR')}).`;
  }
  const boards =
    withBoard === 0
      ? ''
      : withBoard === total
        ? total === 1
          ? ', avec son ardoise du jour'
          : ', tous avec leur ardoise du jour'
        : `, dont ${withBoard.toLocaleString('fr-FR')} avec une ardoise aujourd’hui`;
  return `${plural(total, 'établissement suivi', 'établissements suivis')}${boards}.`;
}

function FavoriteBoard({ board }: { board: MenuBoard }) {
  const others = board.items.length - DISHES_SHOWN;
  return (
    <div className="tv-board-card">
      <p className="tv-small" style={{ opacity: 0.9, marginBottom: 4 }}>
        {board.title}
      </p>
      <ul>
        {board.items.slice(0, DISHES_SHOWN).map((item, i) => (
          <li key={`${item.name}-${i}`}>
            <span>{item.name}</span>
            <span>{formatEuros(item.price)}</span>
          </li>
        ))}
      </ul>
      {others > 0 && (
        <p className="tv-small" style={{ opacity: 0.9, marginTop: 4 }}>
          {others === 1 ? 'et 1 autre plat' : `et ${others} autres plats`}
        </p>
      )}
    </div>
  );
}

function FavoriteCard({
  favorite,
  busy,
  onUnfollow,
}: {
  favorite: Favorite;
  busy: boolean;
  onUnfollow: () => void;
}) {
  const store = useMapStore();
  const { place, point, board } = favorite;
  const highlight = (on: boolean) =>
    point !== null && store.dispatch({ type: 'highlighted', establishment: on ? point : null });
  // The street after the town when another place of that name is in that town, as in the map's list.
  const what =
    point === null
      ? null
      : `${point.kind === 'restaurant' ? VENUE_TYPE_LABELS[point.venueType] : KIND_LABELS[point.kind]} · ${placeOf(point)}`;
  return (
    <li
      className="tv-favorite"
      data-uri={place.uri}
      onMouseEnter={() => highlight(true)}
      onMouseLeave={() => highlight(false)}
      onFocus={() => highlight(true)}
      onBlur={() => highlight(false)}
    >
      <div className="tv-favorite__head">
        <div className="tv-min-0">
          <h3>
            <Link to={establishmentPath(place.kind, place.uri)} className="tv-link">
              {place.name}
            </Link>
          </h3>
          {what !== null && <p className="tv-small tv-muted tv-nowrap">{what}</p>}
        </div>
        <button
          type="button"
          className="tv-button tv-button--small"
          aria-label={`Ne plus suivre ${place.name}`}
          aria-disabled={busy || undefined}
          onClick={onUnfollow}
        >
          Ne plus suivre
        </button>
      </div>
      {board != null && !board.closedOnDate ? (
        <FavoriteBoard board={board} />
      ) : (
        <p className="tv-small tv-muted">
          {board === undefined
            ? 'Recherche de son ardoise du jour…'
            : 'Pas d’ardoise du jour pour le moment.'}
        </p>
      )}
    </li>
  );
}

/** Followed, but notifications are off here: the list stays, and a way to turn them on. */
function NotificationsOff({ onEnable, busy }: { onEnable: () => void; busy: boolean }) {
  return (
    <div className="tv-notice tv-small tv-favorites__off">
      <p>
        {frenchSpacing(
          'Les notifications ne sont pas activées dans ce navigateur : vos favoris restent ici, mais aucune notification n’arrivera quand ils publient leur ardoise.',
        )}
      </p>
      <button
        type="button"
        className="tv-button tv-button--small"
        aria-disabled={busy || undefined}
        onClick={onEnable}
      >
        Activer les notifications
      </button>
    </div>
  );
}

/** Notifications allowed and this browser able to receive them. */
function notificationsOn(): boolean {
  return followSupport(readBrowserTraits()) === 'supported' && Notification.permission === 'granted';
}

export default function FavoritesSection({
  points,
  feedThere,
}: {
  /** The feed's places the chips keep, « Mes favoris » included: the followed ones, filtered. */
  points: readonly MapPoint[];
  feedThere: boolean;
}) {
  const store = useFollowStore();
  const follows = useFollows(store);
  const mapStore = useMapStore();
  const showMap = useShowMap();
  const deps = useMemo(() => (store === null ? null : browserFollowDeps(store)), [store]);
  const [notice, setNotice] = useState<NoticeText | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [on, setOn] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const appName =
    (useRouteLoaderData('root') as PublicSettings | undefined)?.siteShortName ?? 'Tables Voisines';
  const filters = useMapState((s) => s.filters);
  const categories = useMapState((s) => s.categories);
  const filteredOtherwise =
    filters.query.trim() !== '' ||
    filters.openNow ||
    filters.kinds.length > 0 ||
    filters.venueTypes.length > 0 ||
    categories.length > 0;

  // The map and the chip's filter keep these places (use-visible-map-data.ts).
  useEffect(() => {
    mapStore.dispatch({ type: 'followedKnown', uris: follows.map((f) => f.uri) });
  }, [mapStore, follows]);

  useEffect(() => {
    setOn(notificationsOn());
    if (deps !== null && followSupport(readBrowserTraits()) === 'supported') void syncFollowsOnce(deps);
  }, [deps]);

  const today = parisDay(new Date());
  const boards = useQueries({
    queries: follows.map((place) => ({
      queryKey: ['follows', 'board', place.id, today],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTodayBoard(place.id, signal),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });

  const byUri = useMemo(() => new Map(points.map((p) => [p.uri, p])), [points]);
  const favorites = favoritesInOrder(
    follows
      .map((place, i) => ({
        place,
        point: byUri.get(place.uri) ?? null,
        board: boards[i]?.isError ? null : boards[i]?.data,
      }))
      // The other chips keep only the places of the feed they match; without them, a place the feed lacks
      // (its page taken down since) stays, to be unfollowed.
      .filter((f) => !feedThere || !filteredOtherwise || f.point !== null),
  );
  const withBoard = favorites.filter((f) => f.board != null && !f.board.closedOnDate).length;
  const located = favorites.flatMap((f) => (f.point === null ? [] : [f.point]));
  const reader = () => readerOf(readBrowserTraits(), appName);

  async function unfollow(place: FollowedPlace) {
    if (deps === null || busy !== null) return;
    setBusy(place.id);
    const result = await unfollowPlace(place, deps);
    setBusy(null);
    setNotice(
      noticeText(
        result.ok
          ? { type: 'unfollowed', name: place.name }
          : { type: 'problem', problem: result.problem, action: 'unfollow' },
        reader(),
      ),
    );
    // Its card is gone: the focus goes back to the list's heading, where the message is read.
    if (result.ok) heading.current?.focus();
  }

  async function enable() {
    if (deps === null || busy !== null) return;
    const traits = readBrowserTraits();
    const support = followSupport(traits);
    if (support !== 'supported') {
      setNotice(noticeText({ type: 'problem', problem: support, action: 'follow' }, reader()));
      return;
    }
    setBusy('notifications');
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission === 'granted') {
      const synced = await syncFollows(deps);
      setOn(synced !== 'failed');
      setNotice(
        synced === 'failed'
          ? noticeText({ type: 'problem', problem: 'push-unavailable', action: 'follow' }, reader())
          : {
              text: frenchSpacing(
                'Notifications activées : une notification vous prévient dès qu’un de vos favoris publie son ardoise du jour.',
              ),
              steps: [],
              tone: 'done',
            },
      );
    } else {
      setNotice(
        noticeText(
          { type: 'problem', problem: permission === 'denied' ? 'blocked' : 'dismissed', action: 'follow' },
          reader(),
        ),
      );
    }
    setBusy(null);
  }

  return (
    <section aria-labelledby="mes-favoris" className="tv-favorites" data-testid="favorites">
      <h2 id="mes-favoris" ref={heading} tabIndex={-1} className="tv-subtitle">
        Mes favoris
      </h2>
      <p role="status" className="tv-small tv-muted">
        {favoritesStatus(follows.length, favorites.length, withBoard, feedThere && filteredOtherwise)}
      </p>
      <div role="status">{notice !== null && <FollowNotice notice={notice} />}</div>
      {follows.length === 0 ? (
        <div className="tv-favorites__empty">
          <p className="tv-small">
            {frenchSpacing(
              'Sur la page d’un restaurant, utilisez le bouton «\u00a0Suivre\u00a0» (la cloche) : il apparaîtra ici, et une notification vous préviendra chaque jour où il publie son ardoise.',
            )}
          </p>
          <button
            type="button"
            className="tv-button tv-button--contained"
            onClick={() => mapStore.dispatch({ type: 'filtersChanged', filters: { favorites: false } })}
          >
            Voir tous les établissements
          </button>
        </div>
      ) : (
        <>
          {!on && <NotificationsOff onEnable={() => void enable()} busy={busy === 'notifications'} />}
          <ul role="list" aria-label="Établissements suivis" className="tv-cards">
            {favorites.map((favorite) => (
              <FavoriteCard
                key={favorite.place.id}
                favorite={favorite}
                busy={busy === favorite.place.id}
                onUnfollow={() => void unfollow(favorite.place)}
              />
            ))}
          </ul>
          {located.length > 0 && (
            <div className="tv-actions" style={{ marginTop: 8 }}>
              <button
                type="button"
                className="tv-button"
                onClick={() => {
                  const bounds = boundsOfPlaces(located);
                  if (bounds !== null) mapStore.dispatch({ type: 'boundsRequested', bounds });
                  showMap();
                }}
              >
                {located.length === 1 ? 'Le voir sur la carte' : 'Les voir sur la carte'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
