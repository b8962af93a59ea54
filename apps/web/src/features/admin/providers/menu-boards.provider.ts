import { HttpError } from 'react-admin';
import { MENU_BOARD_SORTS } from '@tables-voisines/contract/schemas/menu-board';
import { isApiError } from '../../../lib/api-client';
import {
  answerHeaders,
  filterText,
  getEach,
  pick,
  recordCalls,
  toDataProvider,
  totalOf,
  withEtag,
  type ProviderDeps,
  type Row,
} from './provider-kit';

/*
 * Menu boards: every board of every day, searched (establishment, town, title), filtered (day,
 * establishment), sorted and paged by the server (`GET /api/menuboards/`; the map's search around a place
 * stops at 1,000 and only knows today). Read with their ETag, written back with `If-Match`.
 */

const MENU_BOARD_FIELDS = ['title', 'date', 'items'] as const;
const SORTS: ReadonlySet<string> = new Set(MENU_BOARD_SORTS);

/** A new board for a day its establishment already has one for: said under the date. */
export const DAY_TAKEN_MESSAGE =
  'Cet établissement a déjà une ardoise pour ce jour : ouvrez-la depuis la liste pour la modifier.';

export function menuBoardsProvider(deps: ProviderDeps) {
  const { request, token } = deps;
  const {
    getOne,
    update,
    delete: remove,
  } = recordCalls(
    deps,
    { get: 'getMenuBoard', patch: 'patchMenuBoard', delete: 'deleteMenuBoard' },
    (values, previous) => pick(values, MENU_BOARD_FIELDS, previous),
  );

  return toDataProvider({
    async getList(params) {
      const filter = params.filter as Record<string, unknown> | undefined;
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      const sort = params.sort?.field;
      const headers = answerHeaders();
      const rows = await request('listMenuBoards', {
        token: token(),
        query: {
          page,
          perPage,
          q: filterText(filter, 'q'),
          date: filterText(filter, 'date'),
          establishment: filterText(filter, 'establishment'),
          sort: sort !== undefined && SORTS.has(sort) ? (sort as 'date') : undefined,
          order: params.sort?.order === 'ASC' ? 'asc' : 'desc',
        },
        onResponse: headers.onResponse,
      });
      return { data: rows as unknown as Row[], total: totalOf(headers.get('X-Total-Count')) };
    },
    async getOne(params) {
      return { data: await getOne(String(params.id)) };
    },
    getMany(params) {
      return getEach(params.ids, getOne);
    },
    async create(params) {
      const values = params.data as Record<string, unknown>;
      const headers = answerHeaders();
      try {
        const row = await request('createMenuBoard', {
          token: token(),
          body: { ...pick(values, MENU_BOARD_FIELDS), establishment: values.establishment } as never,
          // A new board never replaces the one its establishment already has that day (the server would).
          headers: { 'If-None-Match': '*' },
          onResponse: headers.onResponse,
        });
        return { data: withEtag(row, headers.get('ETag')) };
      } catch (error) {
        if (!isApiError(error, 'PreconditionFailed')) throw error;
        throw new HttpError(DAY_TAKEN_MESSAGE, 409, {
          code: 'MenuBoardDateTaken',
          message: DAY_TAKEN_MESSAGE,
          errors: { date: DAY_TAKEN_MESSAGE },
        });
      }
    },
    update,
    delete: remove,
  });
}
