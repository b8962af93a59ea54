import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormSetError,
  type UseFormSubscribe,
} from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { formFailure } from './form-errors';
import { FormMessage } from './owner-ui';
import type { FormNotice } from './use-owner-form';

/** A text field of a react-hook-form form: its value, and its message under it. */
export function FormTextField<Values extends FieldValues, Name extends FieldPath<Values>, Output = Values>({
  control,
  name,
  transform,
  onTyped,
  onLeft,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'defaultValue'> & {
  control: Control<Values, unknown, Output>;
  name: Name;
  /** What typing keeps of the text (digits only, capitals...). */
  transform?: (text: string) => PathValue<Values, Name>;
  /** After each change typed. */
  onTyped?: () => void;
  /** When the field is left. */
  onLeft?: () => void;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(transform === undefined ? event.target.value : transform(event.target.value));
        onTyped?.();
      }}
      onBlur={() => {
        field.onBlur();
        onLeft?.();
      }}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? props.helperText}
    />
  );
}

/** The owner's e-mail address, in a form that names it `email` (sign-in, sign-up, forgotten password). */
export function EmailField<Values extends { email: string }, Output = Values>({
  control,
  onTyped,
  onLeft,
}: {
  control: Control<Values, unknown, Output>;
  onTyped?: () => void;
  onLeft?: () => void;
}) {
  return (
    <FormTextField
      control={control}
      name={'email' as FieldPath<Values>}
      label="Adresse e-mail"
      type="email"
      autoComplete="email"
      onTyped={onTyped}
      onLeft={onLeft}
      required
    />
  );
}

/**
 * The first field to correct gets the focus, in view: with twenty dishes it may be far above the button.
 * Call the answer once the messages are set; the focus moves once they are drawn.
 */
export function useFocusFirstError(container: RefObject<HTMLElement | null>): () => void {
  const pending = useRef(false);
  const [, setAsked] = useState(0);
  // After every drawing while asked: react-hook-form may draw its messages after it calls back.
  useEffect(() => {
    if (!pending.current) return;
    const first = container.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first == null) return;
    pending.current = false;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center' });
  });
  return () => {
    pending.current = true;
    setAsked((n) => n + 1);
  };
}

/**
 * The publish button, kept in view at the bottom of the screen as the owner scrolls a long form, with the
 * form's message just above it: what the button did is said where the owner looks.
 */
export function PublishBar({ notice, children }: { notice: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: 0,
        py: 1,
        bgcolor: 'background.paper',
        zIndex: 2,
        display: 'grid',
        gap: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {notice}
      {children}
    </Box>
  );
}

/**
 * The form's message: what was published, what to correct, that someone else changed the record, or that
 * the form now holds its current version.
 */
export type OwnerFormNotice = FormNotice | { stale: string } | { reloaded: true };

/**
 * The form's message and its setter. What was said about the last publication goes once the owner types
 * again; « someone else changed it » stays until the page is reloaded. A form drawn again from a new
 * reading (`reloaded`, after « Recharger ») starts by saying so.
 */
export function useOwnerFormNotice<Values extends FieldValues>(
  subscribe: UseFormSubscribe<Values>,
  reloaded = false,
) {
  const [notice, setNotice] = useState<OwnerFormNotice | null>(reloaded ? { reloaded: true } : null);
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => setNotice((n) => (n !== null && 'stale' in n ? n : null)),
      }),
    [subscribe],
  );
  return [notice, setNotice] as const;
}

/**
 * What a refused publication says. Someone else's change since the form was loaded: said as such, with
 * « Recharger ». Otherwise each of the server's messages under its field (`fieldOf`: the form's field for a
 * path of the body sent) and the form's message, or `fallback`; the focus then goes to the first field to
 * correct.
 */
export function showPublishFailure<Values extends FieldValues>(
  error: unknown,
  {
    setNotice,
    setError,
    fieldOf,
    fallback,
    focusFirstError,
  }: {
    setNotice: (notice: OwnerFormNotice) => void;
    setError: UseFormSetError<Values>;
    fieldOf: (path: string) => string;
    fallback: string;
    focusFirstError: () => void;
  },
): void {
  if (isApiError(error, 'PreconditionFailed')) {
    setNotice({ stale: error.message });
    return;
  }
  const failure = formFailure(error);
  for (const [path, message] of Object.entries(failure.fields)) {
    setError(fieldOf(path) as Path<Values>, { type: 'server', message });
  }
  setNotice({ text: failure.message ?? fallback, severity: 'error' });
  focusFirstError();
}

/**
 * Someone else (another tab, the team) changed what the form was loaded with: the server's message and
 * « Recharger », which reads the current version again (the screen's loader) and puts it in the form
 * instead of what the owner typed, as the button says.
 */
export function StaleVersionNotice({ message }: { message: string }) {
  const revalidator = useRevalidator();
  const reloading = revalidator.state === 'loading';
  return (
    <Alert severity="warning" role="alert">
      {message}
      <Box
        sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}
      >
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={reloading}
          onClick={() => void revalidator.revalidate()}
          aria-describedby="recharger-remplace"
        >
          {reloading ? 'Rechargement…' : 'Recharger'}
        </Button>
        <Typography id="recharger-remplace" component="span" variant="body2" sx={{ fontWeight: 600 }}>
          Ce que vous avez saisi et pas encore publié sera remplacé.
        </Typography>
      </Box>
    </Alert>
  );
}

/**
 * Said where « Recharger » was, and given the focus that button had: the form it was in is drawn again, and
 * the focus would otherwise fall back to the top of the page, leaving a keyboard or screen reader user
 * nowhere.
 */
function ReloadedNotice() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} severity="info" role="status" tabIndex={-1}>
      Version actuelle rechargée : ce que vous aviez saisi et pas publié a été remplacé.
    </Alert>
  );
}

/** The notice of an owner's form, whichever kind it is. */
export function OwnerFormMessage({ notice }: { notice: OwnerFormNotice | null }) {
  if (notice === null) return null;
  if ('stale' in notice) return <StaleVersionNotice message={notice.stale} />;
  if ('reloaded' in notice) return <ReloadedNotice />;
  return <FormMessage message={notice} />;
}

/** A screen whose data could not be read: said, with a way to try again. */
export function LoadFailure({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <FormMessage message={message} />
      <Button
        variant="outlined"
        disabled={revalidator.state === 'loading'}
        onClick={() => void revalidator.revalidate()}
      >
        Réessayer
      </Button>
    </Box>
  );
}

/** One row of a board (a dish, a formule): a framed group named by its legend (« Plat 2 », « Formule 1 »). */
export function RowFieldset({ legend, children }: { legend: string; children: ReactNode }) {
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
        {legend}
      </Box>
      {children}
    </Box>
  );
}
