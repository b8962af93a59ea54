import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { flatFieldErrors, serverFieldErrors, type CodeFields, type FieldErrors } from '../../lib/form-errors';

/*
 * One way for every owner form to show errors: the contract's zod schema checks the form before it is sent,
 * and the server's answer (`ValidationError` details, or a code that names one field) lands on the same
 * fields, in the server's French words: both through the web app's one mapper (`lib/form-errors.ts`), as a
 * message per dotted path that `setError(path, …)` takes.
 */

export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Parses `values` with the contract's schema; the first message of each field when it fails. */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: flatFieldErrors(result.error.issues) };
}

export interface FormFailure {
  /** Messages under the fields. */
  fields: FieldErrors;
  /** The message for the whole form, `null` when every problem sits on a field. */
  message: string | null;
}

const NETWORK_MESSAGE = 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.';
const UNEXPECTED_MESSAGE = 'Une erreur inattendue est survenue. Veuillez réessayer.';

/**
 * What a failed call says to the person filling the form: the server's per-field messages, a field named by
 * the error code (`EmailAlreadyUsed` → `email`), or one message for the form.
 */
export function formFailure(error: unknown, codeFields: CodeFields = {}): FormFailure {
  if (!(error instanceof ApiError)) return { fields: {}, message: UNEXPECTED_MESSAGE };
  if (error.status === 0) return { fields: {}, message: NETWORK_MESSAGE };
  const fields = serverFieldErrors(error, codeFields);
  // A problem with the whole body (path `''`) is said over the form too.
  if (Object.keys(fields).length > 0) return { fields, message: '' in fields ? error.message : null };
  // A server message is French; the client's own fallback ("Request failed with status code ...") is not.
  const french = error.code !== 'UnexpectedError' || error.data !== null;
  return {
    fields: {},
    message: french && !error.message.startsWith('Request failed') ? error.message : UNEXPECTED_MESSAGE,
  };
}
