import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type InputHTMLAttributes } from 'react';
import {
  ALLERGENS,
  ALLERGEN_LABELS,
  DIETS,
  DIET_LABELS,
  type Allergen,
  type Diet,
} from '@tables-voisines/contract/dishes';
import { ALLERGEN_MODE_LABELS, tickAllergen, tickDiet, type AllergenMode } from './dish-words';

/*
 * The details of a dish as check boxes, for the owner's board and the back office's: the 14 allergens with
 * their usual French names in the annex's order, and the diets. Words, never colour alone.
 */

export interface AllergensValue {
  mode: AllergenMode;
  allergens: readonly Allergen[];
}

const MODES: readonly AllergenMode[] = ['unstated', 'none', 'listed'];

/**
 * « Allergènes non renseignés », « Aucun des 14 allergènes », or « Contient : » and the boxes ticked. Ticking
 * a box answers « Contient »; choosing another answer leaves the boxes unticked.
 */
export function AllergensFieldset({
  value,
  onChange,
  error,
  hint,
  legend = 'Allergènes',
}: {
  value: AllergensValue;
  onChange: (value: { mode: AllergenMode; allergens: Allergen[] }) => void;
  error?: string;
  /** Said under the boxes when there is no error. */
  hint?: string;
  legend?: string;
}) {
  const id = useId();
  const errorId = `${id}-erreur`;
  const invalid = error !== undefined;
  return (
    <FormControl component="fieldset" error={invalid} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontWeight: 600 }}>
        {legend}
      </FormLabel>
      <RadioGroup
        name={`${id}-mode`}
        value={value.mode}
        onChange={(_event, mode) =>
          onChange({ mode: mode as AllergenMode, allergens: mode === 'listed' ? [...value.allergens] : [] })
        }
      >
        {MODES.map((mode) => (
          <FormControlLabel
            key={mode}
            value={mode}
            control={<Radio size="small" />}
            label={ALLERGEN_MODE_LABELS[mode]}
          />
        ))}
      </RadioGroup>
      <Box
        role="group"
        aria-label="Allergènes présents"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          columnGap: 1,
          pl: { xs: 1, sm: 3 },
        }}
      >
        {ALLERGENS.map((allergen) => (
          <FormControlLabel
            key={allergen}
            sx={{ mr: 0 }}
            control={
              <Checkbox
                size="small"
                checked={value.mode === 'listed' && value.allergens.includes(allergen)}
                onChange={(_event, checked) => onChange(tickAllergen(value, allergen, checked))}
                slotProps={{
                  input: {
                    'aria-invalid': invalid,
                    'aria-describedby': invalid ? errorId : undefined,
                  } as InputHTMLAttributes<HTMLInputElement>,
                }}
              />
            }
            label={ALLERGEN_LABELS[allergen]}
          />
        ))}
      </Box>
      {invalid ? (
        <FormHelperText id={errorId}>{error}</FormHelperText>
      ) : (
        hint !== undefined && <FormHelperText>{hint}</FormHelperText>
      )}
    </FormControl>
  );
}

/** « Végétarien », « Végan », « Halal », « Casher »: a vegan dish is ticked vegetarian too. */
export function DietsFieldset({
  value,
  onChange,
  legend = 'Régimes',
}: {
  value: readonly Diet[];
  onChange: (diets: Diet[]) => void;
  legend?: string;
}) {
  return (
    <FormControl component="fieldset" sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontWeight: 600 }}>
        {legend}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {DIETS.map((diet) => (
          <FormControlLabel
            key={diet}
            control={
              <Checkbox
                size="small"
                checked={value.includes(diet)}
                onChange={(_event, checked) => onChange(tickDiet(value, diet, checked))}
              />
            }
            label={DIET_LABELS[diet]}
          />
        ))}
      </Box>
      <FormHelperText sx={{ mt: 0 }}>Un plat végan est aussi végétarien.</FormHelperText>
    </FormControl>
  );
}
