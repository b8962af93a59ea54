import { HttpError } from 'react-admin';
import { MENU_BOARD_SORTS } from '@tables-voisines/contract/schemas/menu-board';
import { isApiError } from '../../../lib/api-client';
import {
  fetchRowWithEtag,
  fetchServerPage,
  filterText,
  pick,
  recordCalls,
  serverListParams,
  toDataProvider,
  type ProviderDeps,
} from './provider-kit';

/*
 * Menu boards: every board of every day, searched (establishment, town, title), filtered (day,
 * establishment), sorted and paged by the server (`GET /api/menuboards/`; the map's search around a place
 * stops at 1,000 and only knows today). Read with their ETag, written back with `If-Match`.
 */

const MENU_BOARD_FIELDS = ['title', 'date', 'items'] as const;

/** A new board for a day its establishment already has one for: said under the date. */
export const DAY_TAKEN_MESSAGE =
  'Cet établissement a déjà une ardoise pour ce jour : ouvrez-la depuis la liste pour la modifier.';

export function menuBoardsProvider(deps: ProviderDeps) {
  const { request, token } = deps;
  const record = recordCalls(
    deps,
    { get: 'getMenuBoard', patch: 'patchMenuBoard', delete: 'deleteMenuBoard' },
    MENU_BOARD_FIELDS,
  );

  return toDataProvider({
    ...record,
    async getList(params) {
      const { filter, page, perPage, sort } = serverListParams(params, MENU_BOARD_SORTS);
      const query = {
        page,
        perPage,
        q: filterText(filter, 'q'),
        date: filterText(filter, 'date'),
        establishment: filterText(filter, 'establishment'),
        sort,
        order: params.sort?.order === 'ASC' ? ('asc' as const) : ('desc' as const),
      };
      return fetchServerPage((onResponse) =>
        request('listMenuBoards', { token: token(), query, onResponse }),
      );
    },
    async create(params) {
      const values = params.data as Record<string, unknown>;
      try {
        const data = await fetchRowWithEtag((onResponse) =>
          request('createMenuBoard', {
            token: token(),
            body: { ...pick(values, MENU_BOARD_FIELDS), establishment: values.establishment } as never,
            // A new board never replaces the one its establishment already has that day (the server would).
            headers: { 'If-None-Match': '*' },
            onResponse,
          }),
        );
        return { data };
      } catch (error) {
        if (!isApiError(error, 'PreconditionFailed')) throw error;
        throw new HttpError(DAY_TAKEN_MESSAGE, 409, {
          code: 'MenuBoardDateTaken',
          message: DAY_TAKEN_MESSAGE,
          errors: { date: DAY_TAKEN_MESSAGE },
        });
      }
    },
  });
}
