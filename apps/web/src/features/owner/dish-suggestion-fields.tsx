import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { MAX_MEAT_ORIGIN_LENGTH } from '@tables-voisines/contract/dishes';
import type { Category } from '@tables-voisines/contract/schemas/category';
import {
  MAX_DISH_NAME_LENGTH,
  type CreateMenuBoardBody,
  type DishSuggestion,
} from '@tables-voisines/contract/schemas/menu-board';
import { apiRequest } from '../../lib/api-client';
import { formatEuros } from '../../lib/format';
import { dishDetailsSummary } from '../dishes/dish-words';
import type { DishMemory } from './dish-memory';
import { rowFromItem, type MenuBoardFormValues, type MenuBoardRow } from './menu-board-form';

/*
 * The two fields of a dish that suggest what the establishment wrote before: the dish's name (a dish chosen
 * fills the whole row) and the origin of its meat.
 */

export type BoardControl = Control<MenuBoardFormValues, unknown, CreateMenuBoardBody>;

/** What each part of a dish's row is given: the board's form, the row's index, what was served before. */
export interface DishFieldProps {
  control: BoardControl;
  index: number;
  memory: DishMemory;
  setValue: UseFormSetValue<MenuBoardFormValues>;
}

/** `value`, once it stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A dish chosen among those served before fills the whole row but the course the owner already tapped
 * (« Entrée » tapped, then last week's « Quiche lorraine » chosen: it is today's starter); its category is
 * read by its id.
 */
async function fillFromSuggestion(
  suggestion: DishSuggestion,
  index: number,
  setValue: UseFormSetValue<MenuBoardFormValues>,
  memory: DishMemory,
  tappedCourse: MenuBoardRow['course'],
): Promise<void> {
  const row = rowFromItem(suggestion, new Map());
  for (const key of Object.keys(row) as (keyof MenuBoardRow)[]) {
    if (key === 'category' || (key === 'course' && tappedCourse !== null)) continue;
    setValue(`items.${index}.${key}`, row[key], { shouldDirty: true });
  }
  setValue(`items.${index}.category`, null, { shouldDirty: true });
  const category = await memory.queryClient
    .fetchQuery({
      queryKey: ['owner', 'category', suggestion.category],
      queryFn: ({ signal }) =>
        apiRequest('getCategory', {
          params: { id: suggestion.category },
          query: { locale: 'fr' },
          signal,
        }),
      staleTime: Infinity,
    })
    .catch(() => null);
  // The owner picks it when it could not be read.
  if (category !== null) setValue(`items.${index}.category`, category as Category, { shouldDirty: true });
}

/** The dish's name; the dishes served before whose name holds what is typed are offered under it. */
export function DishNameField({ control, index, memory, setValue }: DishFieldProps) {
  const { field, fieldState } = useController({ control, name: `items.${index}.name` });
  const course = useWatch({ control, name: `items.${index}.course` });
  const [typing, setTyping] = useState(false);
  const q = useSettled(field.value.trim(), 250);
  const suggestions = useQuery({
    ...memory.query(q),
    enabled: typing && q !== '',
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const options = typing && q !== '' ? (suggestions.data?.dishes ?? []) : [];
  return (
    <Autocomplete<DishSuggestion, false, false, true>
      freeSolo
      options={options}
      filterOptions={(list) => list}
      value={null}
      inputValue={field.value}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') {
          field.onChange(text);
          setTyping(reason === 'input');
        }
      }}
      onChange={(_event, choice) => {
        setTyping(false);
        if (choice !== null && typeof choice !== 'string') {
          void fillFromSuggestion(choice, index, setValue, memory, course);
        }
      }}
      onBlur={() => {
        field.onBlur();
        setTyping(false);
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      getOptionKey={(option) => (typeof option === 'string' ? option : `${option.name}|${option.category}`)}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ display: 'grid' }}>
            <span>
              <strong>{option.name}</strong> · {formatEuros(option.price)}
            </span>
            <Typography component="span" variant="body2" color="text.secondary">
              {dishDetailsSummary(option)}
            </Typography>
          </Box>
        </Box>
      )}
      clearText="Effacer"
      slotProps={{
        // Named on its own: the name field's label stays the field's only.
        listbox: { 'aria-labelledby': undefined, 'aria-label': 'Plats déjà servis' } as object,
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label="Nom du plat"
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_DISH_NAME_LENGTH },
          }}
        />
      )}
    />
  );
}

/**
 * The origin of the meat. Shown once the owner asks for it (« Indiquer l’origine de la viande »), or once
 * it has one; asking fills it with the last one the establishment wrote, which the owner keeps, changes or
 * chooses among the others.
 */
export function MeatOriginField({ control, index, memory, setValue }: DishFieldProps) {
  const { field, fieldState } = useController({ control, name: `items.${index}.meatOrigin` });
  const [asked, setAsked] = useState(false);
  const [origins, setOrigins] = useState<string[]>([]);
  const shown = asked || field.value !== '' || fieldState.error !== undefined;

  useEffect(() => {
    if (shown) void memory.origins().then(setOrigins);
    // Read once when shown; `memory` changes at each drawing of the form.
  }, [shown]);

  if (!shown) {
    return (
      <Box>
        <Button
          size="small"
          onClick={async () => {
            setAsked(true);
            const [last] = await memory.origins();
            if (last !== undefined) setValue(`items.${index}.meatOrigin`, last, { shouldDirty: true });
          }}
        >
          Indiquer l’origine de la viande
        </Button>
      </Box>
    );
  }
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={origins}
      value={null}
      inputValue={field.value}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') field.onChange(text);
      }}
      onChange={(_event, choice) => {
        if (typeof choice === 'string') field.onChange(choice);
      }}
      onBlur={() => {
        field.onBlur();
        if (field.value.trim() !== '') memory.remember(field.value);
      }}
      openOnFocus
      clearText="Effacer"
      slotProps={{
        listbox: { 'aria-labelledby': undefined, 'aria-label': 'Origines déjà indiquées' } as object,
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label="Origine de la viande"
          placeholder="Bœuf né, élevé et abattu en France"
          inputRef={field.ref}
          autoFocus={asked}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? 'Laissez vide pour un plat sans viande.'}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_MEAT_ORIGIN_LENGTH },
          }}
        />
      )}
    />
  );
}
