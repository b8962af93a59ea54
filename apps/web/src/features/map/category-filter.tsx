import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { Category } from '@tables-voisines/contract/schemas/category';
import { useMapStore } from './map-store';
import { useCategorySearch } from './search-categories';

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Categories of dishes, searched as the visitor types; they restrict the menu boards and the list. */
export function CategoryFilter() {
  const store = useMapStore();
  const [selected, setSelected] = useState<Category[]>([]);
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const term = useDebounced(input.trim(), 200);
  const options = useCategorySearch(term, open);

  return (
    <Autocomplete
      multiple
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options.data ?? []}
      value={selected}
      // The server already matched the term ignoring case and accents.
      filterOptions={(list) => list}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(c) => c.name}
      loading={options.isFetching}
      loadingText="Recherche…"
      noOptionsText={term === '' ? 'Aucune catégorie' : `Aucune catégorie pour « ${term} »`}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      onChange={(_, value) => {
        setSelected(value);
        store.dispatch({ type: 'categoriesChanged', categories: value.map((c) => c.id) });
      }}
      renderValue={(value, getItemProps) =>
        value.map((c, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={c.name} size="small" color="primary" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label="Catégories de plats" placeholder="Crêpes, pizza, végétarien..." />
      )}
      clearText="Effacer"
      openText="Ouvrir"
      closeText="Fermer"
    />
  );
}
