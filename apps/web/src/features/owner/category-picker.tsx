import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Category } from '@tables-voisines/contract/schemas/category';
import { apiRequest } from '../../lib/api-client';
import { searchCategoriesRoute } from '../../lib/api-routes';

/** The categories list: the first 50 when nothing is typed, then the server's accent-blind search. */
function useCategories(term: string) {
  return useQuery({
    queryKey: ['owner', 'categories', term],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(searchCategoriesRoute, {
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
