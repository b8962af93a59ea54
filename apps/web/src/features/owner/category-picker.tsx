import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Category } from '@tables-voisines/contract/schemas/category';
import { apiRequest } from '../../lib/api-client';

/** The categories list: the first 50 when nothing is typed, then the server's accent-blind search. */
function useCategories(term: string) {
  return useQuery({
    queryKey: ['owner', 'categories', term],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('searchCategories', {
          query: { searchTerm: term, locale: 'fr', limit: 50 },
          signal,
        })
      ).categories,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}

/**
 * What both pickers give MUI's `Autocomplete`: the categories the typed text finds (the list the server
 * answers, not filtered again here), by their names, and its texts in French.
 */
function useCategorySearch() {
  const [term, setTerm] = useState('');
  const categories = useCategories(term);
  return {
    options: categories.data ?? [],
    onInputChange: (_event: unknown, text: string, reason: string) => setTerm(reason === 'input' ? text : ''),
    getOptionLabel: (c: Category) => c.name,
    isOptionEqualToValue: (a: Category, b: Category) => a.id === b.id,
    filterOptions: (options: Category[]) => options,
    loading: categories.isFetching,
    loadingText: 'Chargement…',
    noOptionsText: 'Aucune catégorie trouvée',
    openText: 'Ouvrir la liste',
    closeText: 'Fermer la liste',
    clearText: 'Effacer',
  };
}

export function CategoryPicker({
  value,
  onChange,
  error,
  label,
}: {
  value: Category | null;
  onChange: (category: Category | null) => void;
  error?: string;
  label: string;
}) {
  const search = useCategorySearch();
  return (
    <Autocomplete
      {...search}
      value={value}
      onChange={(_event, category) => onChange(category)}
      renderInput={(params) => (
        <TextField {...params} label={label} error={error !== undefined} helperText={error} required />
      )}
    />
  );
}

/** What the place serves: several categories, names read back from their ids. */
export function CategoriesField({
  ids,
  onChange,
  error,
}: {
  ids: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const search = useCategorySearch();
  const [known, setKnown] = useState<ReadonlyMap<string, Category>>(new Map());
  const chosen = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['owner', 'category', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest('getCategory', { params: { id }, query: { locale: 'fr' }, signal }),
      staleTime: Infinity,
      enabled: !known.has(id),
    })),
  });
  const value = ids
    .map((id, index) => known.get(id) ?? chosen[index]?.data)
    .filter((c): c is Category => c !== undefined);
  return (
    <Autocomplete
      {...search}
      multiple
      value={value}
      onChange={(_event, list) => {
        setKnown(new Map([...known, ...list.map((c) => [c.id, c] as const)]));
        onChange(list.map((c) => c.id));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Catégories (ce que vous servez)"
          error={error !== undefined}
          helperText={error}
        />
      )}
    />
  );
}
