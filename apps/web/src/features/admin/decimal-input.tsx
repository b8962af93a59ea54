import { useEffect, useState, type ChangeEvent } from 'react';
import { FieldTitle, InputHelperText, ResettableTextField, useInput, type InputProps } from 'react-admin';
import { formatDecimal, parseDecimal, type DecimalFormat } from '../../lib/decimal';

/*
 * A number field that takes what a French admin types: react-admin's `NumberInput` is an
 * `<input type=number>`, which in a French browser dropped the comma of `12,50` (saved as 1 250 €) and of a
 * latitude `45,7601` (457601). Here the text is the admin's until it leaves the field; the form holds the
 * number it reads (`lib/decimal.ts`), `null` when empty, or the text itself when it reads no number, so that
 * the contract's schema refuses the form and nothing else is ever saved in its place.
 */

/** What the field says when it reads no number. */
export function unreadableNumberMessage(example: string): string {
  return `Nombre illisible : écrivez des chiffres, avec une virgule avant les décimales (par exemple ${example}).`;
}

function textOf(value: unknown, format: DecimalFormat | undefined): string {
  if (typeof value === 'number' && Number.isFinite(value)) return formatDecimal(value, format);
  if (typeof value === 'string') return value;
  return '';
}

/** Whether the text on screen already says the form's value (then it is left as typed: `12,` stays). */
function says(text: string, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return text.trim() === '';
  if (typeof value === 'number') return parseDecimal(text) === value;
  return text === value;
}

export type DecimalInputProps = Omit<InputProps, 'format' | 'parse'> & {
  /** A number as the admin would type it, for the message of a field that reads none: `12,50`. */
  example: string;
  /** How the number is written back when the field is left: `{ minimumFractionDigits: 2 }` for prices. */
  display?: DecimalFormat;
  /** A negative number makes sense (longitudes west of Greenwich): a phone shows a keyboard with « - ». */
  signed?: boolean;
  fullWidth?: boolean;
  sx?: object;
};

export function DecimalInput({
  example,
  display,
  signed = false,
  label,
  helperText,
  fullWidth,
  sx,
  ...props
}: DecimalInputProps) {
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput(props);
  const value: unknown = field.value;
  const [text, setText] = useState(() => textOf(value, display));
  // Said once the admin leaves the field (`-` or `12,5,` halfway through typing is no mistake yet), and
  // gone as soon as the text reads again.
  const [unreadable, setUnreadable] = useState(false);

  useEffect(() => {
    // The value changed elsewhere (a click on the map, the form reset): the field shows it.
    setText((current) => (says(current, value) ? current : textOf(value, display)));
  }, [value, display]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    if (typed.trim() === '') {
      setUnreadable(false);
      field.onChange(null);
      return;
    }
    const number = parseDecimal(typed);
    if (Number.isNaN(number)) {
      field.onChange(typed);
    } else {
      setUnreadable(false);
      field.onChange(number);
    }
  };

  const onBlur = () => {
    field.onBlur();
    if (text.trim() === '') return;
    const number = parseDecimal(text);
    if (Number.isNaN(number)) setUnreadable(true);
    else setText(formatDecimal(number, display));
  };

  const shownError = unreadable ? unreadableNumberMessage(example) : error?.message;
  return (
    <ResettableTextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={onChange}
      onBlur={onBlur}
      className={`ra-input ra-input-${props.source}`}
      label={
        label !== '' && label !== false ? (
          <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
        ) : null
      }
      error={unreadable || invalid}
      helperText={
        helperText !== false || unreadable || invalid ? (
          <InputHelperText error={shownError} helperText={helperText} />
        ) : null
      }
      fullWidth={fullWidth}
      sx={sx}
      slotProps={{ htmlInput: { inputMode: signed ? 'text' : 'decimal', autoComplete: 'off' } }}
    />
  );
}
