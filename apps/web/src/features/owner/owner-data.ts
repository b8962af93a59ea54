import type { Category } from '@tables-voisines/contract/schemas/category';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { apiRequest, isApiError } from '../../lib/api-client';

/*
 * What the owners' screens load, each record with the `ETag` it was read with: a form sends it back
 * (`If-Match`), and the server refuses the write (412 `PreconditionFailed`) when someone else changed the
 * record meanwhile, another tab or the team.
 */

/** A record and the version it was read at. */
export interface Versioned<T> {
  value: T;
  /** The answer's `ETag` (`"<id>.<version>"`); `null` if a proxy dropped it, and the write is then unconditional. */
  etag: string | null;
}

/** Reads the `ETag` of an answer into `into`. */
export const keepEtag =
  (into: { etag: string | null }) =>
  (response: Response): void => {
    into.etag = response.headers.get('ETag');
  };

/**
 * The precondition of a write based on what was read: the record must still be at that version, or, when
 * there was none, there must still be none (two tabs publishing the first board of the day).
 */
export function writeConditions(etag: string | null, existed = true): Record<string, string> {
  if (!existed) return { 'If-None-Match': '*' };
  return etag === null ? {} : { 'If-Match': etag };
}

/** The owner's establishment, as the API answers it to its owner. */
export async function fetchOwnerEstablishment(
  token: string,
  id: string,
  signal?: AbortSignal,
): Promise<Versioned<Establishment>> {
  const read = { etag: null as string | null };
  const value = (await apiRequest('getEstablishment', {
    token,
    params: { id },
    signal,
    onResponse: keepEtag(read),
  })) as Establishment;
  return { value, etag: read.etag };
}

/** A day's board of an establishment (its Paris day), with the categories of its dishes for the form's pickers. */
export interface TodayMenuBoard extends Versioned<MenuBoard> {
  categories: ReadonlyMap<string, Category>;
}

/**
 * The board of `date` (today's when left out), or `null` when there is none (404). Its owner reads a board
 * prepared for tomorrow too.
 */
export async function fetchTodayMenuBoard(
  token: string,
  establishmentId: string,
  signal?: AbortSignal,
  date?: string,
): Promise<TodayMenuBoard | null> {
  const read = { etag: null as string | null };
  let board: MenuBoard;
  try {
    board = await apiRequest('getEstablishmentMenuBoard', {
      token,
      params: { id: establishmentId },
      query: date === undefined ? {} : { date },
      signal,
      onResponse: keepEtag(read),
    });
  } catch (error) {
    if (isApiError(error, 'NotFound')) return null;
    throw error;
  }
  const ids = [...new Set(board.items.map((item) => item.category))];
  const categories = await Promise.all(
    ids.map((id) => apiRequest('getCategory', { params: { id }, query: { locale: 'fr' }, signal })),
  );
  return { value: board, etag: read.etag, categories: new Map(categories.map((c) => [c.id, c])) };
}

/** What a screen shows when its data could not be read. */
export const LOAD_FAILED = 'Votre établissement n’a pas pu être chargé. Veuillez réessayer.';
