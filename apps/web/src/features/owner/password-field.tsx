import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'slotProps' | 'inputRef'> & {
  /** The toggle's name, when a page has two passwords (the confirmation's says so). */
  toggleLabel?: string;
};

/**
 * A password field with a button that shows what was typed, the way a phone keyboard makes typos likely.
 * The button is a toggle: its name stays « Afficher le mot de passe » and `aria-pressed` says whether the
 * password is shown (a name that changed as well would say the state twice, and contradict it). A click
 * leaves the focus where it was, in the field while typing; the keyboard's Space or Enter keeps it on the
 * button. The password is hidden again when the form is sent, so that the browser neither keeps it in its
 * plain-text form history nor misses it for its password manager.
 */
export function PasswordField({
  toggleLabel = 'Afficher le mot de passe',
  id,
  ...props
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const ownId = useId();
  const inputId = id ?? ownId;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const form = input.current?.form;
    if (form == null) return;
    const hide = () => setShown(false);
    form.addEventListener('submit', hide);
    return () => form.removeEventListener('submit', hide);
  }, []);

  return (
    <TextField
      {...props}
      id={inputId}
      type={shown ? 'text' : 'password'}
      inputRef={input}
      slotProps={{
        // Shown as text, a phone would capitalise and correct it.
        htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                type="button"
                edge="end"
                aria-label={toggleLabel}
                aria-pressed={shown}
                aria-controls={inputId}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setShown((s) => !s)}
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A `PasswordField` of a react-hook-form form: its value, and its message under it. */
export function FormPasswordField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output = Values,
>({
  control,
  name,
  ...props
}: Omit<PasswordFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'> & {
  control: Control<Values, unknown, Output>;
  name: Name;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordField
      {...props}
      name={field.name}
      value={field.value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? props.helperText}
    />
  );
}
