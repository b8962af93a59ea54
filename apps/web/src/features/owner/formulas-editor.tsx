import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import {
  get,
  useController,
  useFormState,
  type UseFieldArrayReturn,
  type UseFormSetFocus,
} from 'react-hook-form';
import {
  USUAL_FORMULA_COURSES,
  formulaCoursesText,
  formulaText,
  type Course,
} from '@tables-voisines/contract/courses';
import {
  MAX_FORMULAS,
  MAX_FORMULA_COMBINATIONS,
  MAX_FORMULA_DESCRIPTION_LENGTH,
  MAX_FORMULA_NAME_LENGTH,
  type MenuBoardFormula,
} from '@tables-voisines/contract/schemas/menu-board';
import { CoursesChoice } from './course-choice';
import type { BoardControl } from './dish-suggestion-fields';
import { FormTextField, RowFieldset } from './form-parts';
import { formulasToOffer } from './formula-memory';
import {
  formulaRowOf,
  newFormula,
  parseEuros,
  type FormulaRow,
  type MenuBoardFormValues,
} from './menu-board-form';

/*
 * « Formules », above the dishes of « Ardoise du jour »: a formule added in one tap from the usual
 * combinations (or composed), its price typed as a dish's, the last ones published offered again.
 */

/** The combinations offered in one tap: the contract's usual ones, and « entrée + plat ou plat + dessert ». */
export const OFFERED_COMBINATIONS: readonly (readonly (readonly Course[])[])[] = [
  ...USUAL_FORMULA_COURSES.map((combination) => [combination]),
  [
    ['entree', 'plat'],
    ['plat', 'dessert'],
  ],
];

/** A formule as typed, as the remembered ones are, to tell those already in the form. */
const asFormula = (row: FormulaRow): MenuBoardFormula => ({
  name: row.name.trim(),
  price: parseEuros(row.price),
  courses: row.courses,
  description: row.description.trim() === '' ? null : row.description.trim(),
});

type FormulaArray = UseFieldArrayReturn<MenuBoardFormValues, 'formulas'>;

/** A message of the form at `path`, whether it sits on the field or on its list (`root`). */
function messageOf(errors: unknown, path: string): string | undefined {
  const error = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The combinations of formule `index`: one line of four courses each, « ou » between them. */
function CombinationsField({ control, index }: { control: BoardControl; index: number }) {
  const id = useId();
  const n = index + 1;
  const { field } = useController({ control, name: `formulas.${index}.courses` });
  const { errors } = useFormState({ control, name: `formulas.${index}.courses` });
  const combinations = field.value;
  const whole = messageOf(errors, `formulas.${index}.courses`);
  const change = (next: Course[][]) => field.onChange(next);
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }} role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} component="span" variant="body2" color="text.secondary">
        Composition de la formule {n}
      </Typography>
      {combinations.map((courses, c) => (
        // Combinations have no identity but their place: the same place is the same line.
        <Box key={c} sx={{ display: 'grid', gap: 0.5 }}>
          {c > 0 && (
            <Typography component="span" variant="body2" sx={{ fontStyle: 'italic' }}>
              ou
            </Typography>
          )}
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <CoursesChoice
                label={`Choix ${c + 1} de la formule ${n}`}
                value={courses}
                onChange={(next) => change(combinations.map((old, k) => (k === c ? next : old)))}
                error={messageOf(errors, `formulas.${index}.courses.${c}`)}
              />
            </Box>
            {combinations.length > 1 && (
              <IconButton
                size="small"
                aria-label={`Retirer le choix ${c + 1} de la formule ${n}`}
                onClick={() => change(combinations.filter((_old, k) => k !== c))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        </Box>
      ))}
      {whole !== undefined && <FormHelperText error>{whole}</FormHelperText>}
      {combinations.length < MAX_FORMULA_COMBINATIONS && (
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => change([...combinations, []])}>
            Ou un autre choix
          </Button>
        </Box>
      )}
    </Box>
  );
}

function FormulaFields({
  control,
  index,
  onRemove,
}: {
  control: BoardControl;
  index: number;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <RowFieldset legend={`Formule ${n}`}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 110px', sm: '1fr 140px' } }}>
        <FormTextField
          control={control}
          name={`formulas.${index}.name`}
          label="Nom"
          slotProps={{ htmlInput: { maxLength: MAX_FORMULA_NAME_LENGTH } }}
        />
        <FormTextField
          control={control}
          name={`formulas.${index}.price`}
          label="Prix (€)"
          placeholder="16,50"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <CombinationsField control={control} index={index} />
      <FormTextField
        control={control}
        name={`formulas.${index}.description`}
        label="Précision (facultative)"
        placeholder="Café compris"
        slotProps={{ htmlInput: { maxLength: MAX_FORMULA_DESCRIPTION_LENGTH } }}
      />
      <Box>
        <IconButton aria-label={`Retirer la formule ${n}`} onClick={onRemove}>
          <DeleteOutlineIcon />
        </IconButton>
      </Box>
    </RowFieldset>
  );
}

/** The board's formules, and the ways to add one. */
export function FormulasEditor({
  control,
  formulas,
  values,
  remembered,
  setFocus,
}: {
  control: BoardControl;
  formulas: FormulaArray;
  /** The formules as typed now. */
  values: readonly FormulaRow[];
  /** The formules published last (`formula-memory.ts`). */
  remembered: readonly MenuBoardFormula[];
  setFocus: UseFormSetFocus<MenuBoardFormValues>;
}) {
  const { fields, append, remove } = formulas;
  const full = fields.length >= MAX_FORMULAS;
  const offered = formulasToOffer(remembered, values.map(asFormula));
  /** A formule more, its price to type next (a remembered one is complete: the focus stays). */
  const add = (row: FormulaRow) => {
    const at = fields.length;
    append(row, { shouldFocus: false });
    if (row.price === '') setTimeout(() => setFocus(`formulas.${at}.price`), 0);
  };
  return (
    <Box component="section" aria-labelledby="formules-titre" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="formules-titre" variant="h2">
        Formules
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Une formule est affichée en tête de l’ardoise : «&nbsp;Formule du midi&nbsp;: entrée + plat —
          16,50&nbsp;€&nbsp;».
        </Typography>
      )}
      {fields.map((field, index) => (
        <FormulaFields key={field.id} control={control} index={index} onRemove={() => remove(index)} />
      ))}
      {full ? (
        <Typography variant="body2" color="text.secondary">
          {MAX_FORMULAS} formules au plus sur une ardoise.
        </Typography>
      ) : (
        <>
          <Box
            role="group"
            aria-labelledby="ajouter-formule"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            <Typography id="ajouter-formule" component="span" variant="body2" sx={{ width: '100%' }}>
              Ajouter une formule :
            </Typography>
            {OFFERED_COMBINATIONS.map((courses) => (
              <Chip
                key={JSON.stringify(courses)}
                icon={<AddIcon />}
                label={formulaCoursesText(courses)}
                variant="outlined"
                onClick={() => add(newFormula(courses))}
              />
            ))}
            <Chip
              icon={<AddIcon />}
              label="Autre composition"
              variant="outlined"
              onClick={() => add(newFormula([[]]))}
            />
          </Box>
          {offered.length > 0 && (
            <Box
              role="group"
              aria-labelledby="formules-deja-utilisees"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            >
              <Typography
                id="formules-deja-utilisees"
                component="span"
                variant="body2"
                sx={{ width: '100%' }}
              >
                Vos dernières formules :
              </Typography>
              {offered.map((formula) => (
                <Chip
                  key={JSON.stringify(formula)}
                  icon={<HistoryIcon />}
                  label={formulaText(formula)}
                  onClick={() => add(formulaRowOf(formula))}
                  sx={{
                    maxWidth: '100%',
                    height: 'auto',
                    py: 0.5,
                    '& .MuiChip-label': { whiteSpace: 'normal' },
                  }}
                />
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
