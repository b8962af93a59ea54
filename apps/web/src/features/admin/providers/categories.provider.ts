import {
  fetchServerPage,
  filterText,
  readByIds,
  toDataProvider,
  type ProviderDeps,
  type Row,
} from './provider-kit';

/*
 * Categories, read only (the API has no way to change them): every one, page by page, by French name, `q`
 * searching them as the search route does (the establishment and menu board forms' suggestions). Public:
 * no token.
 */

export function categoriesProvider({ request }: ProviderDeps) {
  const getOne = async (id: string) => (await request('getCategory', { params: { id } })) as unknown as Row;

  return toDataProvider({
    async getList(params) {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 50 };
      return fetchServerPage((onResponse) =>
        request('listCategories', {
          query: { page, perPage, q: filterText(params.filter, 'q') },
          onResponse,
        }),
      );
    },
    ...readByIds(getOne),
  });
}
