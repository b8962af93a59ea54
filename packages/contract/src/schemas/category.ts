import { z } from 'zod';
import { contractRegistry } from '../registry';
import { LocaleSchema, PageQuerySchema, UuidSchema, intQuery } from './common';

/** `name` is in the requested locale (French by default). */
export const CategorySchema = z
  .object({ id: UuidSchema, name: z.string(), slug: z.string() })
  .register(contractRegistry, { id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

export const MAX_CATEGORY_SEARCH_LIMIT = 50;

/**
 * Substring match ignoring case and accents, names starting with the term first. An empty term lists
 * categories up to `limit`.
 */
export const CategorySearchQuerySchema = z.object({
  searchTerm: z.string().trim().max(100, 'La recherche ne peut dépasser 100 caractères.').default(''),
  locale: LocaleSchema,
  limit: intQuery(1, MAX_CATEGORY_SEARCH_LIMIT).default(10),
});
export type CategorySearchQuery = z.output<typeof CategorySearchQuerySchema>;

export const CategorySearchResultSchema = z
  .object({ categories: z.array(CategorySchema) })
  .register(contractRegistry, { id: 'CategorySearchResult' });
export type CategorySearchResult = z.infer<typeof CategorySearchResultSchema>;

export const CategoryQuerySchema = z.object({ locale: LocaleSchema });

/**
 * Every category, by name in the locale, paged (`page` from 1, default the first; `X-Total-Count`): the back
 * office pages through all of them, where the search stops at 50. `q` as the search's term.
 */
export const ListCategoriesQuerySchema = PageQuerySchema.extend({
  page: PageQuerySchema.shape.page.default(1),
  locale: LocaleSchema,
  q: z.string().trim().max(100, 'La recherche ne peut dépasser 100 caractères.').optional(),
});
export type ListCategoriesQuery = z.output<typeof ListCategoriesQuerySchema>;
export type CategoryQuery = z.output<typeof CategoryQuerySchema>;
