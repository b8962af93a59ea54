import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Category } from '@tables-voisines/contract/schemas/category';
import { publicApiRequest } from '../../lib/public-api';

export const CATEGORY_SEARCH_LIMIT = 10;

/** `GET /api/categories/search`: categories of dishes whose name matches the term (case and accents ignored). */
export async function searchCategories(searchTerm: string, signal?: AbortSignal): Promise<Category[]> {
  const result = await publicApiRequest('searchCategories', {
    query: { searchTerm, locale: 'fr', limit: CATEGORY_SEARCH_LIMIT },
    signal,
  });
  return result.categories;
}

/** Searches while the list is open, keeping the previous options on screen while the next answer comes. */
export function useCategorySearch(term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['map', 'categories', term],
    queryFn: ({ signal }) => searchCategories(term, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}
