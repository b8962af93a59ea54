import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps } from 'react-hook-form';
import type { CodeFields } from '../../lib/form-errors';
import { formFailure, type FormFailure } from './form-errors';

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
 * An owner form on react-hook-form, checked by the contract's schema (its `resolver`), with the notice over
 * it. `submit(call)` checks the form, then runs `call` with the body to send; a failure lands on the fields
 * and over the form, in the server's French words.
 */
export function useOwnerForm<Values extends FieldValues, Output = Values>(
  props: UseFormProps<Values, unknown, Output>,
) {
  const form = useForm<Values, unknown, Output>(props);
  const [notice, setNotice] = useState<FormNotice | null>(null);

  function submit(call: (body: Output) => Promise<void>, options: SendOptions = {}) {
    return form.handleSubmit(async (body) => {
      setNotice(null);
      try {
        await call(body);
      } catch (error) {
        const failure = formFailure(error, options.codes);
        if (options.onFailure !== undefined) {
          options.onFailure(failure);
          return;
        }
        for (const [path, message] of Object.entries(failure.fields)) {
          form.setError(path as Path<Values>, { type: 'server', message });
        }
        setNotice(failure.message === null ? null : { text: failure.message, severity: 'error' });
      }
    });
  }

  return { form, notice, setNotice, submit };
}
