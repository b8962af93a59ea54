import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/*
 * One way for every owner form to show errors: the contract's zod schema checks the form before it is sent,
 * and the server's answer (`ValidationError` details, or a code that names one field) lands on the same
 * fields, in the server's French words.
 */

/** A message per field, keyed by its dotted path (`address.town`, `items.0.price`). */
export type FieldErrors = Readonly<Record<string, string>>;

export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

function pathKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Parses `values` with the contract's schema; the first message of each field when it fails. */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = pathKey(issue.path);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Error codes that are about one field of the form: their message is shown under it. */
export type CodeFields = Readonly<Partial<Record<string, string>>>;

export interface FormFailure {
  /** Messages under the fields. */
  fields: FieldErrors;
  /** The message for the whole form, `null` when every problem sits on a field. */
  message: string | null;
}

const NETWORK_MESSAGE = 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.';
const UNEXPECTED_MESSAGE = 'Une erreur inattendue est survenue. Veuillez réessayer.';

function isIssueList(value: unknown): value is { path: string; message: string }[] {
  return (
    Array.isArray(value) &&
    value.every(
      (v) =>
        typeof v === 'object' &&
        v !== null &&
        typeof (v as { path?: unknown }).path === 'string' &&
        typeof (v as { message?: unknown }).message === 'string',
    )
  );
}

/**
 * What a failed call says to the person filling the form: the server's per-field messages, a field named by
 * the error code (`EmailAlreadyUsed` → `email`), or one message for the form.
 */
export function formFailure(error: unknown, codeFields: CodeFields = {}): FormFailure {
  if (!(error instanceof ApiError)) return { fields: {}, message: UNEXPECTED_MESSAGE };
  if (error.status === 0) return { fields: {}, message: NETWORK_MESSAGE };
  const field = codeFields[error.code];
  if (field !== undefined) return { fields: { [field]: error.message }, message: null };
  if (error.code === 'ValidationError' && isIssueList(error.details) && error.details.length > 0) {
    const fields: Record<string, string> = {};
    for (const issue of error.details) fields[issue.path] ??= issue.message;
    return { fields, message: error.details.some((d) => d.path === '') ? error.message : null };
  }
  // A server message is French; the client's own fallback ("Request failed with status code ...") is not.
  const french = error.code !== 'UnexpectedError' || error.data !== null;
  return {
    fields: {},
    message: french && !error.message.startsWith('Request failed') ? error.message : UNEXPECTED_MESSAGE,
  };
}
