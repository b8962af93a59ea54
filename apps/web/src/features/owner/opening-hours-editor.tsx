import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, useFieldArray, useFormState, type Control } from 'react-hook-form';
import { DAY_NAMES_FR } from '@tables-voisines/contract/opening-hours';
import { messageAt } from './contract-resolver';
import type { PatchEstablishmentBody } from '@tables-voisines/contract/schemas/establishment';
import { withNewHoursRow, type EstablishmentFormValues, type OpeningHoursRow } from './establishment-form';
import { normalizeTime } from './time-field';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

type HoursControl = Control<EstablishmentFormValues, unknown, PatchEstablishmentBody>;

function dayName(day: number): string {
  const name = DAY_NAMES_FR[day - 1] ?? '';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** One time of a slot, 24-hour (« 12:00 »), as typed on a phone (`12h30` becomes `12:30` on leaving it). */
function TimeField({
  control,
  index,
  field: which,
  label,
}: {
  control: HoursControl;
  index: number;
  field: 'opens' | 'closes';
  label: string;
}) {
  const { field, fieldState } = useController({ control, name: `openingHours.${index}.${which}` });
  return (
    <TextField
      size="small"
      label={which === 'opens' ? 'Ouverture' : 'Fermeture'}
      name={field.name}
      value={field.value}
      placeholder="12:00"
      inputRef={field.ref}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={(e) => {
        const normalized = normalizeTime(e.target.value);
        if (normalized !== field.value) field.onChange(normalized);
        field.onBlur();
      }}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8, 'aria-label': label } }}
      sx={{ width: 130 }}
    />
  );
}

/**
 * The week, one block per day, each slot two 24-hour fields ("12:00"). A message stays under the slot it is
 * about when the week is re-sorted or a slot removed (`checkEstablishment` gives it the slot's place in the
 * form); a message about the whole week sits over it.
 */
export function OpeningHoursEditor({
  control,
  currentRows,
}: {
  control: HoursControl;
  /** The slots as typed so far (the form's `getValues('openingHours')`). */
  currentRows: () => OpeningHoursRow[];
}) {
  const { fields, remove, replace } = useFieldArray({ control, name: 'openingHours' });
  const { errors } = useFormState({ control, name: 'openingHours' });
  const weekMessage = messageAt(errors, 'openingHours');
  const rows = fields.map((field, index) => ({ field, index }));

  return (
    <Box
      component="fieldset"
      aria-describedby={weekMessage === undefined ? undefined : 'horaires-message'}
      sx={{ border: 0, p: 0, m: 0 }}
    >
      <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
        Horaires d’ouverture
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Heures au format 24 h (par exemple 12:00 et 14:30). Une fermeture après minuit se poursuit le
        lendemain.
      </Typography>
      {weekMessage !== undefined && (
        <FormHelperText id="horaires-message" error sx={{ mb: 2 }}>
          {weekMessage}
        </FormHelperText>
      )}
      {DAYS.map((day) => {
        const slots = rows.filter(({ field }) => field.day === day);
        return (
          <Box key={day} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600 }}>{dayName(day)}</Typography>
              <Button
                size="small"
                startIcon={<AddIcon />}
                // The week in reading order again, the times typed so far kept.
                onClick={() => replace(withNewHoursRow(currentRows(), day))}
                aria-label={`Ajouter une plage le ${DAY_NAMES_FR[day - 1]}`}
              >
                Ajouter
              </Button>
            </Box>
            {slots.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                Fermé
              </Typography>
            )}
            {slots.map(({ field, index }, n) => (
              <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
                {(['opens', 'closes'] as const).map((which) => (
                  <TimeField
                    key={which}
                    control={control}
                    index={index}
                    field={which}
                    label={`${which === 'opens' ? 'Ouverture' : 'Fermeture'}, ${DAY_NAMES_FR[day - 1]}, plage ${n + 1}`}
                  />
                ))}
                <IconButton
                  aria-label={`Supprimer la plage ${n + 1} du ${DAY_NAMES_FR[day - 1]}`}
                  onClick={() => remove(index)}
                  sx={{ mt: 0.5 }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
