import { toNestErrors } from '@hookform/resolvers';
import {
  get,
  type FieldError,
  type FieldErrors as FormErrors,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import type { FieldErrors } from '../../lib/form-errors';
import type { FormCheck } from './form-errors';

/*
 * react-hook-form checks the owners' forms with the contract's schemas. When the form holds the request body
 * as it is (sign-up, sign-in...), `zodResolver(schema)` does it. When what is typed differs from what is sent
 * (prices as text, the address in three fields, rows left empty), the form's `check` turns the values into
 * the body, runs the contract's schema on it, and gives each message the path of the field it is about;
 * this resolver hands that to react-hook-form.
 */

/** Flat messages by field path (`items.2.price`) as react-hook-form's nested errors. */
export function toFormErrors<Values extends FieldValues>(
  messages: FieldErrors,
  options: Parameters<Resolver<Values>>[2],
  type = 'validation',
): FormErrors<Values> {
  const flat: Record<string, FieldError> = {};
  for (const [path, message] of Object.entries(messages)) flat[path] = { type, message };
  return toNestErrors(flat, options);
}

/** A resolver from a form's check: the body to send when valid, messages by field path otherwise. */
export function contractResolver<Values extends FieldValues, Output>(
  check: (values: Values) => FormCheck<Output>,
): Resolver<Values, unknown, Output> {
  return (values, _context, options) => {
    const result = check(values);
    if (result.ok) return { values: result.data, errors: {} };
    return { values: {}, errors: toFormErrors(result.errors, options) };
  };
}

/**
 * The message at a field's path, if any. A message about a whole list (« Ajoutez au moins un plat. ») is
 * kept by react-hook-form as the list's `root` once its rows have fields of their own.
 */
export function messageAt(errors: FormErrors, path: string): string | undefined {
  const error = get(errors, path) as (FieldError & { root?: FieldError }) | undefined;
  if (error === undefined) return undefined;
  return (typeof error.message === 'string' ? error.message : undefined) ?? error.root?.message;
}
