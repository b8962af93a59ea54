import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, get, useFormState, useWatch, type UseFormGetValues } from 'react-hook-form';
import { HOMEMADE_LABEL, MAX_DISH_DESCRIPTION_LENGTH } from '@tables-voisines/contract/dishes';
import { AllergensFieldset, DietsFieldset } from '../dishes/dish-fields';
import { allergensToSend, dishDetailsSummary, isMeatCategory } from '../dishes/dish-words';
import { CategoryPicker } from './category-picker';
import { CourseChoice } from './course-choice';
import { DishNameField, MeatOriginField, type DishFieldProps } from './dish-suggestion-fields';
import { FormTextField, RowFieldset } from './form-parts';
import type { MenuBoardFormValues, MenuBoardRow } from './menu-board-form';

/*
 * One dish of « Ardoise du jour », compact on a phone: its name (with the dishes served before suggested as
 * the owner types), its course in one tap, price and category, then its details (description, allergens, diets, fait maison, origin
 * of the meat) behind a disclosure that says them in one line while closed.
 */

/** The details of a dish, closed by default on its one-line summary; opened by a message about them. */
function DishDetails({ control, index, memory, setValue }: DishFieldProps) {
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
}: DishFieldProps & {
  getValues: UseFormGetValues<MenuBoardFormValues>;
  /** `null` when it is the only row. */
  onRemove: (() => void) | null;
}) {
  const n = index + 1;
  return (
    <RowFieldset legend={`Plat ${n}`}>
      <DishNameField control={control} index={index} memory={memory} setValue={setValue} />
      <Controller
        control={control}
        name={`items.${index}.course`}
        render={({ field, fieldState }) => (
          <CourseChoice
            label="Rubrique"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            firstRef={field.ref}
          />
        )}
      />
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
    </RowFieldset>
  );
}
