import { useState } from 'react';
import { formFailure, type CodeFields, type FieldErrors, type FormFailure } from './form-errors';

/** The message over a form: what went wrong, or that it worked. */
export interface FormNotice {
  text: string;
  severity: 'error' | 'success';
}

export interface SendOptions {
  /** Error codes that are about one field (`EmailAlreadyUsed` → `email`). */
  codes?: CodeFields;
  /** Where a failure goes, when not simply on the fields and over the form. */
  onFailure?: (failure: FormFailure) => void;
}

/**
 * What every owner form keeps while it is filled in and sent: the messages under the fields, the notice over
 * the form, and whether it is being sent. `send` clears them, runs the call, and puts a failure on the
 * fields and over the form in the server's French words.
 */
export function useFormSubmission() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs `call`; the failure, if any, once it is shown (`null` when the call went through). */
  async function send(call: () => Promise<void>, options: SendOptions = {}): Promise<FormFailure | null> {
    setBusy(true);
    setErrors({});
    setNotice(null);
    try {
      await call();
      return null;
    } catch (error) {
      const failure = formFailure(error, options.codes);
      if (options.onFailure !== undefined) {
        options.onFailure(failure);
      } else {
        setErrors(failure.fields);
        setNotice(failure.message === null ? null : { text: failure.message, severity: 'error' });
      }
      return failure;
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, notice, setNotice, busy, send };
}
