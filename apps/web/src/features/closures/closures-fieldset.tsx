import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  CLOSURE_PURGE_DAYS,
  MAX_CLOSURE_REASON_LENGTH,
  type Closure,
} from '@tables-voisines/contract/closures';
import {
  ANNUAL_LEAVE,
  MAX_CLOSURES,
  canAddClosure,
  newClosureRow,
  splitClosureRows,
  withUntilFurtherNotice,
  type ClosureRow,
} from './closure-rows';

/*
 * « Fermetures exceptionnelles », the same in « Ma page » and in the back office: one block per closure
 * (« Du », « Au », « Jusqu’à nouvel ordre », « Motif », « Retirer cette fermeture »), the past ones folded
 * under « Passées » so that the list stays short. The form around it holds the rows and their messages.
 */

export interface ClosuresFieldsetProps {
  rows: readonly ClosureRow[];
  onChange: (rows: ClosureRow[]) => void;
  /** The message of a row's field, by its path in the list (`2.to`). */
  errorAt: (path: string) => string | undefined;
  /** A message about the whole list (more than 20). */
  listError?: string;
  /** Today in Paris, `YYYY-MM-DD`. */
  today: string;
  /** The closures as saved: only those are put away under « Passées ». */
  saved: readonly Closure[];
  /** Unique in the page: the ids of the rows' fields start with it. */
  idPrefix: string;
  heading: ReactNode;
  /** The heading's look, that of the form's other sections. */
  headingVariant?: 'h2' | 'h3';
  intro: ReactNode;
  readOnly?: boolean;
}

function ClosureFields({
  row,
  index,
  number,
  idPrefix,
  errorAt,
  onRow,
  onRemove,
  readOnly,
  past,
}: {
  row: ClosureRow;
  index: number;
  number: number;
  idPrefix: string;
  errorAt: (path: string) => string | undefined;
  onRow: (row: ClosureRow) => void;
  onRemove: () => void;
  readOnly: boolean;
  past: boolean;
}) {
  const fromError = errorAt(`${index}.from`);
  const toError = errorAt(`${index}.to`);
  const reasonError = errorAt(`${index}.reason`);
  return (
    <Box
      role="group"
      aria-label={`Fermeture ${number}`}
      data-testid="closure-row"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, minmax(0, 180px)) 1fr' },
        alignItems: 'start',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        ...(past ? { color: 'text.secondary', opacity: 0.7 } : {}),
      }}
    >
      <TextField
        id={`${idPrefix}-${index}-from`}
        label="Du"
        type="date"
        size="small"
        value={row.from}
        onChange={(e) => onRow({ ...row, from: e.target.value })}
        error={fromError !== undefined}
        helperText={fromError}
        disabled={readOnly}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        id={`${idPrefix}-${index}-to`}
        label="Au"
        type="date"
        size="small"
        value={row.untilFurtherNotice ? '' : row.to}
        onChange={(e) => onRow({ ...row, to: e.target.value })}
        disabled={readOnly || row.untilFurtherNotice}
        error={toError !== undefined}
        helperText={toError}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: row.from === '' ? undefined : row.from },
        }}
      />
      <FormControlLabel
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, m: 0, minHeight: 40 }}
        control={
          <Checkbox
            checked={row.untilFurtherNotice}
            onChange={(e) => onRow(withUntilFurtherNotice(row, e.target.checked))}
            disabled={readOnly}
          />
        }
        label="Jusqu’à nouvel ordre"
      />
      <TextField
        id={`${idPrefix}-${index}-reason`}
        label="Motif"
        size="small"
        value={row.reason}
        onChange={(e) => onRow({ ...row, reason: e.target.value })}
        error={reasonError !== undefined}
        helperText={reasonError ?? `Facultatif, ${MAX_CLOSURE_REASON_LENGTH} caractères au plus.`}
        placeholder={ANNUAL_LEAVE}
        disabled={readOnly}
        slotProps={{ htmlInput: { list: `${idPrefix}-motifs` } }}
        sx={{ gridColumn: { xs: '1 / -1', sm: '1 / 3' } }}
      />
      {!readOnly && (
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, alignSelf: 'center' }}>
          <Button color="inherit" size="small" startIcon={<DeleteOutlineIcon />} onClick={onRemove}>
            Retirer cette fermeture
          </Button>
        </Box>
      )}
    </Box>
  );
}

export function ClosuresFieldset({
  rows,
  onChange,
  errorAt,
  listError,
  today,
  saved,
  idPrefix,
  heading,
  headingVariant = 'h3',
  intro,
  readOnly = false,
}: ClosuresFieldsetProps) {
  const addButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the rows are drawn again: the new row's first day, or « Ajouter » after a removal.
  const [focus, setFocus] = useState<number | 'add' | null>(null);
  useEffect(() => {
    if (focus === null) return;
    if (focus === 'add') addButton.current?.focus();
    else document.getElementById(`${idPrefix}-${focus}-from`)?.focus();
    setFocus(null);
  }, [focus, idPrefix]);

  const { current, past } = splitClosureRows(rows, today, saved);
  const full = !canAddClosure(rows);
  const fieldsOf = (index: number, number: number, isPast: boolean) => (
    <ClosureFields
      key={index}
      row={rows[index]!}
      index={index}
      number={number}
      idPrefix={idPrefix}
      errorAt={errorAt}
      readOnly={readOnly}
      past={isPast}
      onRow={(row) => onChange(rows.map((r, i) => (i === index ? row : r)))}
      onRemove={() => {
        onChange(rows.filter((_, i) => i !== index));
        setFocus('add');
      }}
    />
  );

  return (
    <Box
      component="fieldset"
      aria-describedby={listError === undefined ? undefined : `${idPrefix}-message`}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant={headingVariant} sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {intro}
      </Typography>
      <datalist id={`${idPrefix}-motifs`}>
        <option value={ANNUAL_LEAVE} />
        <option value="Travaux" />
      </datalist>
      {listError !== undefined && (
        <FormHelperText id={`${idPrefix}-message`} error sx={{ mb: 1 }}>
          {listError}
        </FormHelperText>
      )}
      {current.length === 0 && (
        <Typography variant="body2" sx={{ py: 1 }}>
          Aucune fermeture prévue.
        </Typography>
      )}
      {current.map((index, n) => fieldsOf(index, n + 1, false))}
      {!readOnly && (
        <Box sx={{ pt: 1, borderTop: current.length === 0 ? 0 : 1, borderColor: 'divider' }}>
          <Button
            ref={addButton}
            startIcon={<AddIcon />}
            disabled={full}
            aria-describedby={full ? `${idPrefix}-plein` : undefined}
            onClick={() => {
              onChange([...rows, newClosureRow(today)]);
              setFocus(rows.length);
            }}
          >
            Ajouter une fermeture
          </Button>
          {full && (
            <FormHelperText id={`${idPrefix}-plein`}>
              Au plus {MAX_CLOSURES} fermetures : retirez-en une pour en ajouter une autre.
            </FormHelperText>
          )}
        </Box>
      )}
      {past.length > 0 && (
        // Opened when one of them has a message to read.
        <Box
          component="details"
          open={past.some((index) => ['from', 'to', 'reason'].some((f) => errorAt(`${index}.${f}`)))}
          sx={{ mt: 2 }}
        >
          <Box component="summary" sx={{ cursor: 'pointer', py: 0.5, fontWeight: 600 }}>
            Passées ({past.length})
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            Elles ne s’affichent plus sur la page et sont effacées {CLOSURE_PURGE_DAYS} jours après leur fin.
          </Typography>
          {past.map((index, n) => fieldsOf(index, current.length + n + 1, true))}
        </Box>
      )}
    </Box>
  );
}
