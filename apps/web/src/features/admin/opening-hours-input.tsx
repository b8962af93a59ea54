import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useInput } from 'react-admin';
import { DAY_NAMES_FR, type OpeningHoursEntry } from '@tables-voisines/contract/opening-hours';
import { fieldErrorText } from './form-errors';
import {
  flattenHours,
  hoursByDay,
  parseFrenchTime,
  rangeIndexesByDay,
  type DayHours,
} from './opening-hours-editor-rules';

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One 24-hour time field: typed freely ("9h30"), written back as HH:MM when it leaves the field. */
function TimeField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  // With an id, the helper text (the error) is the field's description.
  const id = useId();
  useEffect(() => setText(value), [value]);
  return (
    <MuiTextField
      id={id}
      label={label}
      size="small"
      value={text}
      placeholder="HH:MM"
      error={invalid || error !== undefined}
      helperText={invalid ? 'Heure invalide (ex. 12:00, 9h30)' : error}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        const parsed = parseFrenchTime(text);
        setInvalid(parsed === null);
        if (parsed !== null) {
          setText(parsed);
          onChange(parsed);
        }
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-invalid': invalid || error !== undefined } }}
      sx={{ width: 130 }}
    />
  );
}

/** The weekly opening hours, day by day, each day with its ranges (several per day, past midnight allowed). */
export function OpeningHoursInput() {
  const { field, fieldState } = useInput({ source: 'openingHours', defaultValue: [] });
  const hours = field.value as OpeningHoursEntry[] | null;
  const days = hoursByDay(hours);
  // Index of each range in the list the form holds, to show the server's or schema's error under it.
  const indexes = rangeIndexesByDay(hours);
  const errors = (fieldState.error ?? {}) as Record<string, Record<'opens' | 'closes', unknown> | undefined>;
  const rangeError = (index: number | undefined, time: 'opens' | 'closes') =>
    index === undefined ? undefined : fieldErrorText(errors[String(index)]?.[time]);
  // A message about the whole list (more than 21 ranges).
  const listError = fieldErrorText(fieldState.error);
  const update = (next: DayHours[]) => field.onChange(flattenHours(next));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h2" sx={{ mb: 1 }}>
        Horaires d’ouverture
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Heures sur 24 heures (12:00, 19h30). Une fermeture avant l’ouverture se lit le lendemain (18:00 –
        01:00) ; 00:00 ferme à minuit.
      </Typography>
      {days.map((day, dayIndex) => {
        const dayName = capitalize(DAY_NAMES_FR[day.day - 1] ?? '');
        return (
          <Box
            key={day.day}
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1.5 }}
          >
            <Typography sx={{ width: 100, pt: 1 }}>{dayName}</Typography>
            {day.ranges.length === 0 && (
              <Typography sx={{ pt: 1, color: 'text.secondary', width: 120 }}>Fermé</Typography>
            )}
            {day.ranges.map((range, rangeIndex) => {
              const index = indexes[dayIndex]?.[rangeIndex];
              const setRange = (patch: Partial<typeof range>) =>
                update(
                  days.map((d, i) =>
                    i !== dayIndex
                      ? d
                      : {
                          ...d,
                          ranges: d.ranges.map((r, j) => (j === rangeIndex ? { ...r, ...patch } : r)),
                        },
                  ),
                );
              return (
                <Box key={rangeIndex} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TimeField
                    label={`${dayName} : ouverture ${rangeIndex + 1}`}
                    value={range.opens}
                    onChange={(opens) => setRange({ opens })}
                    error={rangeError(index, 'opens')}
                  />
                  <TimeField
                    label={`${dayName} : fermeture ${rangeIndex + 1}`}
                    value={range.closes}
                    onChange={(closes) => setRange({ closes })}
                    error={rangeError(index, 'closes')}
                  />
                  <IconButton
                    aria-label={`Supprimer la plage ${rangeIndex + 1} du ${DAY_NAMES_FR[day.day - 1]}`}
                    onClick={() =>
                      update(
                        days.map((d, i) =>
                          i === dayIndex ? { ...d, ranges: d.ranges.filter((_, j) => j !== rangeIndex) } : d,
                        ),
                      )
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              );
            })}
            {day.ranges.length < 3 && (
              <Button
                startIcon={<AddIcon />}
                sx={{ mt: 0.5 }}
                onClick={() =>
                  update(
                    days.map((d, i) =>
                      i === dayIndex
                        ? {
                            ...d,
                            ranges: [
                              ...d.ranges,
                              d.ranges.length === 0
                                ? { opens: '12:00', closes: '14:00' }
                                : { opens: '19:00', closes: '22:00' },
                            ],
                          }
                        : d,
                    ),
                  )
                }
                aria-label={`Ajouter une plage au ${DAY_NAMES_FR[day.day - 1]}`}
              >
                Ajouter
              </Button>
            )}
          </Box>
        );
      })}
      {listError !== undefined && <FormHelperText error>{listError}</FormHelperText>}
    </Box>
  );
}
