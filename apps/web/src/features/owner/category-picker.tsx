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
  const [term, setTerm] = useState('');
  const categories = useCategories(term);
  return (
    <Autocomplete
      options={categories.data ?? []}
      value={value}
      onChange={(_event, category) => onChange(category)}
      onInputChange={(_event, text, reason) => setTerm(reason === 'input' ? text : '')}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      loading={categories.isFetching}
      loadingText="Chargement…"
      noOptionsText="Aucune catégorie trouvée"
      openText="Ouvrir la liste"
      closeText="Fermer la liste"
      clearText="Effacer"
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
  const [term, setTerm] = useState('');
  const categories = useCategories(term);
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
      multiple
      options={categories.data ?? []}
      value={value}
      onChange={(_event, list) => {
        setKnown(new Map([...known, ...list.map((c) => [c.id, c] as const)]));
        onChange(list.map((c) => c.id));
      }}
      onInputChange={(_event, text, reason) => setTerm(reason === 'input' ? text : '')}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      loading={categories.isFetching}
      loadingText="Chargement…"
      noOptionsText="Aucune catégorie trouvée"
      openText="Ouvrir la liste"
      closeText="Fermer la liste"
      clearText="Effacer"
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
