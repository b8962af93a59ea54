import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  Controller,
  get,
  useController,
  useFormState,
  useWatch,
  type Control,
  type UseFormGetValues,
  type UseFormSetValue,
} from 'react-hook-form';
import {
  HOMEMADE_LABEL,
  MAX_DISH_DESCRIPTION_LENGTH,
  MAX_MEAT_ORIGIN_LENGTH,
} from '@tables-voisines/contract/dishes';
import type { Category } from '@tables-voisines/contract/schemas/category';
import {
  MAX_DISH_NAME_LENGTH,
  type CreateMenuBoardBody,
  type DishSuggestion,
  type EstablishmentDishes,
} from '@tables-voisines/contract/schemas/menu-board';
import { apiRequest } from '../../lib/api-client';
import { formatEuros } from '../../lib/format';
import { AllergensFieldset, DietsFieldset } from '../dishes/dish-fields';
import { allergensToSend, dishDetailsSummary, isMeatCategory, mergeOrigins } from '../dishes/dish-words';
import { CategoryPicker } from './category-picker';
import { FormTextField } from './form-parts';
import { rowFromItem, type MenuBoardFormValues, type MenuBoardRow } from './menu-board-form';

/*
 * One dish of « Ardoise du jour », compact on a phone: its name (with the dishes served before suggested as
 * the owner types), price and category, then its details (description, allergens, diets, fait maison, origin
 * of the meat) behind a disclosure that says them in one line while closed.
 */

type BoardControl = Control<MenuBoardFormValues, unknown, CreateMenuBoardBody>;

const NO_DISHES: EstablishmentDishes = { dishes: [], meatOrigins: [] };

/** How many suggestions are shown under a dish's name. */
const SUGGESTIONS = 6;

/**
 * What the establishment served before (`GET /api/establishment/{id}/dishes`): suggestions as the owner
 * types, and the origins of meat it wrote. Read only when needed; a failure (an older server answers 404)
 * means no suggestion, never a message.
 */
export interface DishMemory {
  /** The query of the dishes whose name holds `q`. */
  query: (q: string) => {
    queryKey: readonly unknown[];
    queryFn: (context: { signal: AbortSignal }) => Promise<EstablishmentDishes>;
  };
  /** The origins of meat to offer, the last used first: this form's, then the establishment's. */
  origins: () => Promise<string[]>;
  /** An origin written in this form: offered first from now on. */
  remember: (origin: string) => void;
  /** Forgets what was read, after a board is published: its dishes are suggested next time. */
  refresh: () => void;
  queryClient: QueryClient;
  token: string;
}

export function useDishMemory(establishment: string, token: string): DishMemory {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<string[]>([]);
  const query = (q: string) => ({
    queryKey: ['owner', 'dishes', establishment, q] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest('getEstablishmentDishes', {
        token,
        params: { id: establishment },
        query: q === '' ? { limit: SUGGESTIONS } : { q, limit: SUGGESTIONS },
        signal,
      }).catch(() => NO_DISHES),
  });
  return {
    query,
    async origins() {
      const read = await queryClient
        .fetchQuery({ ...query(''), staleTime: 5 * 60_000 })
        .catch(() => NO_DISHES);
      return mergeOrigins(typed, read.meatOrigins);
    },
    remember: (origin) => setTyped((list) => mergeOrigins([origin], list)),
    refresh: () => void queryClient.invalidateQueries({ queryKey: ['owner', 'dishes', establishment] }),
    queryClient,
    token,
  };
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

/** A dish chosen among those served before fills the whole row; its category is read by its id. */
async function fillFromSuggestion(
  suggestion: DishSuggestion,
  index: number,
  setValue: UseFormSetValue<MenuBoardFormValues>,
  memory: DishMemory,
): Promise<void> {
  const row = rowFromItem(suggestion, new Map());
  for (const key of Object.keys(row) as (keyof MenuBoardRow)[]) {
    if (key !== 'category') setValue(`items.${index}.${key}`, row[key], { shouldDirty: true });
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
function DishNameField({
  control,
  index,
  memory,
  setValue,
}: {
  control: BoardControl;
  index: number;
  memory: DishMemory;
  setValue: UseFormSetValue<MenuBoardFormValues>;
}) {
  const { field, fieldState } = useController({ control, name: `items.${index}.name` });
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
          void fillFromSuggestion(choice, index, setValue, memory);
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
function MeatOriginField({
  control,
  index,
  memory,
  setValue,
}: {
  control: BoardControl;
  index: number;
  memory: DishMemory;
  setValue: UseFormSetValue<MenuBoardFormValues>;
}) {
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

/** The details of a dish, closed by default on its one-line summary; opened by a message about them. */
function DishDetails({
  control,
  index,
  memory,
  setValue,
}: {
  control: BoardControl;
  index: number;
  memory: DishMemory;
  setValue: UseFormSetValue<MenuBoardFormValues>;
}) {
  const id = useId();
  const [opened, setOpened] = useState(false);
  const row = useWatch({ control, name: `items.${index}` }) as MenuBoardRow | undefined;
  const { errors } = useFormState({ control, name: `items.${index}` });
  const wrong = ['description', 'allergens', 'meatOrigin'].some(
    (key) => get(errors, `items.${index}.${key}`) !== undefined,
  );
  const open = opened || wrong;
  // Gone: the row was just removed.
  if (row === undefined) return null;
  const allergens = allergensToSend(row.allergenMode, row.allergens);
  const summary =
    allergens === undefined ? 'Allergènes : cochez ceux du plat' : dishDetailsSummary({ ...row, allergens });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <ButtonBase
        aria-expanded={open}
        aria-controls={`${id}-details`}
        onClick={() => setOpened(!open)}
        sx={{
          justifyContent: 'space-between',
          textAlign: 'left',
          gap: 1,
          px: 1,
          py: 0.75,
          borderRadius: 1,
          bgcolor: 'action.hover',
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        <Box sx={{ display: 'grid', minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            Allergènes et détails
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {summary}
          </Typography>
        </Box>
        {open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
      </ButtonBase>
      <Box id={`${id}-details`} hidden={!open} sx={{ display: open ? 'grid' : 'none', gap: 2, pl: 0.5 }}>
        {open && (
          <>
            <FormTextField
              control={control}
              name={`items.${index}.description`}
              label="Description (facultative)"
              placeholder="Sauce au poivre, frites maison"
              slotProps={{ htmlInput: { maxLength: MAX_DISH_DESCRIPTION_LENGTH } }}
            />
            <Controller
              control={control}
              name={`items.${index}.allergens`}
              render={({ field, fieldState }) => (
                <AllergensFieldset
                  value={{ mode: row.allergenMode, allergens: field.value }}
                  onChange={(next) => {
                    // The answer first: the list's change checks the dish again once it was said wrong.
                    setValue(`items.${index}.allergenMode`, next.mode, { shouldDirty: true });
                    field.onChange(next.allergens);
                  }}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name={`items.${index}.diets`}
              render={({ field }) => <DietsFieldset value={field.value} onChange={field.onChange} />}
            />
            <Controller
              control={control}
              name={`items.${index}.homemade`}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />
                  }
                  label={HOMEMADE_LABEL}
                />
              )}
            />
            <MeatOriginField control={control} index={index} memory={memory} setValue={setValue} />
          </>
        )}
      </Box>
    </Box>
  );
}

export function Dish({
  control,
  index,
  memory,
  setValue,
  getValues,
  onRemove,
}: {
  control: BoardControl;
  index: number;
  memory: DishMemory;
  setValue: UseFormSetValue<MenuBoardFormValues>;
  getValues: UseFormGetValues<MenuBoardFormValues>;
  /** `null` when it is the only row. */
  onRemove: (() => void) | null;
}) {
  const n = index + 1;
  return (
    <Box
      component="fieldset"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: 2,
        m: 0,
        display: 'grid',
        gap: 1.5,
        minWidth: 0,
      }}
    >
      <Box component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
        Plat {n}
      </Box>
      <DishNameField control={control} index={index} memory={memory} setValue={setValue} />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' } }}>
        <FormTextField
          control={control}
          name={`items.${index}.price`}
          label="Prix (€)"
          placeholder="12,50"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Controller
          control={control}
          name={`items.${index}.category`}
          render={({ field, fieldState }) => (
            <CategoryPicker
              label="Catégorie"
              value={field.value}
              onChange={(category) => {
                field.onChange(category);
                // A meat dish gets the last origin written, shown in its summary, which the owner changes there.
                if (!isMeatCategory(category)) return;
                void memory.origins().then(([last]) => {
                  if (last !== undefined && getValues(`items.${index}.meatOrigin`).trim() === '') {
                    setValue(`items.${index}.meatOrigin`, last, { shouldDirty: true });
                  }
                });
              }}
              error={fieldState.error?.message}
            />
          )}
        />
      </Box>
      <DishDetails control={control} index={index} memory={memory} setValue={setValue} />
      {onRemove !== null && (
        <Box>
          <IconButton aria-label={`Retirer le plat ${n}`} onClick={onRemove}>
            <DeleteOutlineIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
