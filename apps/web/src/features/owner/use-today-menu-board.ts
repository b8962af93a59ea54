import { useQuery } from '@tanstack/react-query';
import type { Category } from '@tables-voisines/contract/schemas/category';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { apiRequest } from '../../lib/api-client';
import { getCategoryRoute, surroundingMenuBoardsRoute } from '../../lib/api-routes';

/** About 100 m around the place: the map's own call finds today's board without a dedicated route. */
const AROUND_DEGREES = 0.001;

export interface TodayMenuBoard {
  board: MenuBoard;
  /** The categories of its dishes, by id, for the form's pickers. */
  categories: ReadonlyMap<string, Category>;
}

/** The board already published today for the establishment (the newest), so that a correction updates it. */
export function useTodayMenuBoard(establishment: Establishment) {
  const { id, location } = establishment;
  return useQuery({
    queryKey: ['owner', 'today-menu-board', id],
    staleTime: 0,
    queryFn: async ({ signal }): Promise<TodayMenuBoard | null> => {
      const boards = await apiRequest(surroundingMenuBoardsRoute, {
        body: {
          categories: [],
          northEast: {
            latitude: location.latitude + AROUND_DEGREES,
            longitude: location.longitude + AROUND_DEGREES,
          },
          southWest: {
            latitude: location.latitude - AROUND_DEGREES,
            longitude: location.longitude - AROUND_DEGREES,
          },
        },
        signal,
      });
      const board = boards
        .filter((b) => b.establishment.id === id)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      if (board === undefined) return null;
      const ids = [...new Set(board.items.map((item) => item.category))];
      const categories = await Promise.all(
        ids.map((categoryId) =>
          apiRequest(getCategoryRoute, { params: { id: categoryId }, query: { locale: 'fr' }, signal }),
        ),
      );
      return { board, categories: new Map(categories.map((c) => [c.id, c])) };
    },
  });
}
