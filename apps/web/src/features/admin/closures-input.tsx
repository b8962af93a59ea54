import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useInput, useRecordContext } from 'react-admin';
import { type Closure } from '@tables-voisines/contract/closures';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { closureValuesOf, toClosureRows } from '../closures/closure-rows';
import { ClosuresFieldset } from '../closures/closures-fieldset';
import { closureSentence } from '../closures/freshness';
import { fieldErrorText } from './form-errors';
import { parisDay } from '@tables-voisines/contract/paris-time';

const INTRO =
  'Congés, travaux, fermeture jusqu’à nouvel ordre : la page l’annonce et la carte ne montre pas l’établissement ouvert ces jours-là. Le restaurateur peut aussi les saisir.';

/**
 * « Fermetures exceptionnelles » of the establishment's form: the same rows as the owner's « Ma page »
 * (`features/closures`), the form holding the record's shape so that an untouched list is no change.
 */
export function ClosuresInput({ readOnly = false }: { readOnly?: boolean }) {
  const record = useRecordContext<Establishment>();
  const { field, fieldState } = useInput({ source: 'closures', defaultValue: [] });
  const [today] = useState(() => parisDay(new Date()));
  const rows = toClosureRows((field.value as Closure[] | null) ?? []);
  // Messages by row (`errors['2'].to`), as the form's check and the server's details give them.
  const errors = (fieldState.error ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return (
    <Box sx={{ mt: 3, width: '100%', maxWidth: 720 }}>
      <ClosuresFieldset
        rows={rows}
        onChange={(next) => field.onChange(closureValuesOf(next))}
        errorAt={(path) => {
          const [row = '', name = ''] = path.split('.');
          return fieldErrorText(errors[row]?.[name]);
        }}
        listError={fieldErrorText(fieldState.error)}
        today={today}
        saved={record?.closures ?? []}
        idPrefix="admin-fermeture"
        heading="Fermetures exceptionnelles"
        headingVariant="h2"
        intro={INTRO}
        readOnly={readOnly}
      />
    </Box>
  );
}

/** The closures read only (admins who may not change establishments). */
export function ClosuresView() {
  const record = useRecordContext<Establishment>();
  if (!record) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Fermetures exceptionnelles
      </Typography>
      {record.closures.length === 0 ? (
        <Typography>Aucune fermeture.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {record.closures.map((closure) => (
            <li key={`${closure.from}/${closure.to ?? ''}`}>{closureSentence(closure)}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}
