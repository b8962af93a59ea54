import type { z } from 'zod';
import { flatFieldErrors, toNested, type NestedFieldErrors } from '../../lib/form-errors';

/*
 * Field errors for react-admin forms: the contract's zod schema checked before sending, and the server's
 * `ValidationError` details (`{ path: "address.town", message }`, `toHttpError`) shown under the same
 * fields, both through the web app's one mapper (`lib/form-errors.ts`), nested as react-admin takes them.
 */

/** A react-admin `validate` function (whole form) checking the values with a contract schema. */
export function zodValidator<T extends z.ZodType>(
  schema: T,
  prepare: (values: Record<string, unknown>) => unknown = (values) => values,
): (values: Record<string, unknown>) => NestedFieldErrors {
  return (values) => {
    const result = schema.safeParse(prepare(values));
    if (result.success) return {};
    return toNested(flatFieldErrors(result.error.issues));
  };
}

/**
 * The words of a react-hook-form error, for inputs of our own that show nested errors themselves: the form's
 * `validate` arrives through react-admin's resolver as `{ message: { message } }`, the server's details as
 * `{ message }`. Rendering the object itself would break the page.
 */
export function fieldErrorText(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') return message === '' ? undefined : message;
  if (typeof message === 'object' && message !== null) {
    const inner = (message as { message?: unknown }).message;
    if (typeof inner === 'string' && inner !== '') return inner;
  }
  return undefined;
}
