import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DAY_NAMES_FR } from '@tables-voisines/contract/opening-hours';
import { newHoursRow, sortHours, type OpeningHoursRow } from './establishment-form';
import type { FieldErrors } from './form-errors';
import { normalizeTime } from './time-field';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

function dayName(day: number): string {
  const name = DAY_NAMES_FR[day - 1] ?? '';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The week, one block per day, each slot two 24-hour fields ("12:00"). Errors arrive on
 * `openingHours.{key}.opens|closes`, the key of the row (`establishmentFieldOf`): they stay under their row
 * when the week is re-sorted or a row removed. A message about the whole week arrives on `openingHours`.
 */
export function OpeningHoursEditor({
  rows,
  errors,
  onChange,
}: {
  rows: OpeningHoursRow[];
  errors: FieldErrors;
  onChange: (rows: OpeningHoursRow[]) => void;
}) {
  const update = (key: number, patch: Partial<OpeningHoursRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <Box
      component="fieldset"
      aria-describedby={errors.openingHours === undefined ? undefined : 'horaires-message'}
      sx={{ border: 0, p: 0, m: 0 }}
    >
      <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
        Horaires d’ouverture
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Heures au format 24 h (par exemple 12:00 et 14:30). Une fermeture après minuit se poursuit le
        lendemain.
      </Typography>
      {errors.openingHours !== undefined && (
        <FormHelperText id="horaires-message" error sx={{ mb: 2 }}>
          {errors.openingHours}
        </FormHelperText>
      )}
      {DAYS.map((day) => {
        const slots = rows.filter((row) => row.day === day);
        return (
          <Box key={day} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600 }}>{dayName(day)}</Typography>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => onChange(sortHours([...rows, newHoursRow(day)]))}
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
            {slots.map((row, n) => (
              <Box key={row.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
                {(['opens', 'closes'] as const).map((field) => (
                  <TextField
                    key={field}
                    size="small"
                    label={field === 'opens' ? 'Ouverture' : 'Fermeture'}
                    value={row[field]}
                    placeholder="12:00"
                    onChange={(e) => update(row.key, { [field]: e.target.value })}
                    onBlur={(e) => update(row.key, { [field]: normalizeTime(e.target.value) })}
                    error={errors[`openingHours.${row.key}.${field}`] !== undefined}
                    helperText={errors[`openingHours.${row.key}.${field}`]}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'numeric',
                        maxLength: 8,
                        'aria-label': `${field === 'opens' ? 'Ouverture' : 'Fermeture'}, ${DAY_NAMES_FR[day - 1]}, plage ${n + 1}`,
                      },
                    }}
                    sx={{ width: 130 }}
                  />
                ))}
                <IconButton
                  aria-label={`Supprimer la plage ${n + 1} du ${DAY_NAMES_FR[day - 1]}`}
                  onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
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
