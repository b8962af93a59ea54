import type { RestaurantOwner } from '@tables-voisines/contract/schemas/account';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { apiRequest } from '../../lib/api-client';
import {
  LOAD_FAILED,
  fetchOwnerEstablishment,
  fetchTodayMenuBoard,
  type TodayMenuBoard,
  type Versioned,
} from './owner-data';
import type { ScreenSession } from './owner-session';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

/*
 * The data of the screens of a ready owner, read by their route's `clientLoader` once the session has
 * started (`requireStep`): the screen is drawn with it, never half-loaded. A failure is shown by the screen,
 * with a way to try again, rather than by the site's error page.
 */

export type Loaded<T> =
  | {
      ok: true;
      data: T;
      /** Tells one reading from the next (« Recharger »), even when nothing changed. */
      readAt: number;
    }
  | { ok: false; message: string };

let readings = 0;

async function loaded<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await read(), readAt: (readings += 1) };
  } catch {
    return { ok: false, message: LOAD_FAILED };
  }
}

/** A ready owner's session: its token and establishment. */
function ready(session: ScreenSession): { token: string; id: string } {
  const id = session.owner?.establishment ?? null;
  if (session.token === null || id === null)
    throw new Error('A screen of a ready owner without its establishment');
  return { token: session.token, id };
}

export type EstablishmentScreenData = Loaded<Versioned<Establishment>>;

/** « Mon espace » and « Ma page »: the establishment as its owner sees it. */
export function loadEstablishmentScreen(session: ScreenSession): Promise<EstablishmentScreenData> {
  const { token, id } = ready(session);
  return loaded(() => fetchOwnerEstablishment(token, id));
}

export type MenuBoardScreenData = Loaded<{
  establishment: Establishment;
  /** The Paris day of the board in the form: today's, or tomorrow's (« Préparer celle de demain »). */
  date: string;
  /** Whether `date` is tomorrow. */
  tomorrow: boolean;
  /** `null`: no board that day. */
  today: TodayMenuBoard | null;
}>;

/** The screen's address asks for tomorrow's board: `?jour=demain`. */
export const TOMORROW_PARAM = { name: 'jour', value: 'demain' } as const;

/** « Ardoise du jour »: the establishment and the board of the day asked (today's, or tomorrow's). */
export function loadMenuBoardScreen(session: ScreenSession, url?: URL): Promise<MenuBoardScreenData> {
  const { token, id } = ready(session);
  const tomorrow = url?.searchParams.get(TOMORROW_PARAM.name) === TOMORROW_PARAM.value;
  return loaded(async () => {
    const today = parisDay(new Date());
    const date = tomorrow ? addDays(today, 1) : today;
    const [establishment, board] = await Promise.all([
      fetchOwnerEstablishment(token, id),
      fetchTodayMenuBoard(token, id, undefined, tomorrow ? date : undefined),
    ]);
    return { establishment: establishment.value, date: board?.value.date ?? date, tomorrow, today: board };
  });
}

/** The claim screen of an owner who changes establishment names the one it has; `null` on a first claim. */
export async function loadCurrentEstablishment(session: ScreenSession): Promise<Establishment | null> {
  const id = session.owner?.establishment ?? null;
  if (id === null || session.token === null) return null;
  // Only its name is shown: the screen does without it.
  return fetchOwnerEstablishment(session.token, id).then(
    (read) => read.value,
    () => null,
  );
}

/** When and from which page the team detached an owner that has none now (`GET` of its account). */
export type TeamDetach = NonNullable<RestaurantOwner['detachedByTeam']>;

/**
 * The claim screen: the establishment the owner has (`loadCurrentEstablishment`), or, without one, when the
 * team last detached it, said above the form instead of a bare « Étape 3 sur 3 ». Unreadable: nothing said.
 */
export async function loadClaimScreen(
  session: ScreenSession,
): Promise<{ current: Establishment | null; detached: TeamDetach | null }> {
  const ownerId = session.owner?.id ?? null;
  if (session.owner?.establishment != null || ownerId === null || session.token === null)
    return { current: await loadCurrentEstablishment(session), detached: null };
  const owner = await apiRequest('getOwner', { token: session.token, params: { id: ownerId } }).catch(
    () => null,
  );
  const detached = (owner as RestaurantOwner | null)?.detachedByTeam ?? null;
  return { current: null, detached };
}
