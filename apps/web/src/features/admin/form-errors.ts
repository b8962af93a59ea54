import type { z } from 'zod';

/*
 * Field errors for react-admin forms: the contract's zod schema checked before sending, and the server's
 * `ValidationError` details (`{ path: "address.town", message }`) shown under the same fields.
 */

export type FieldErrors = Record<string, unknown>;

function setPath(target: FieldErrors, path: readonly (string | number)[], message: string): void {
  if (path.length === 0) {
    target.root = { serverError: message };
    return;
  }
  let node: Record<string, unknown> = target;
  path.forEach((key, index) => {
    const name = String(key);
    if (index === path.length - 1) {
      // The first message per field is kept.
      if (node[name] === undefined) node[name] = message;
      return;
    }
    const next = node[name];
    if (typeof next !== 'object' || next === null) node[name] = {};
    node = node[name] as Record<string, unknown>;
  });
}

/**
 * The field that shows an error: a path ending with an item's index (`categories.0`, an unknown category)
 * names one value of a list input, which has no field of its own; the list input shows it. A path going
 * further into an item (`openingHours.0.closes`) names a field of that item and is kept.
 */
function shownAt(path: readonly (string | number)[]): readonly (string | number)[] {
  let end = path.length;
  while (end > 1 && /^\d+$/.test(String(path[end - 1]))) end -= 1;
  return path.slice(0, end);
}

/**
 * Nested errors from a list of `{ path, message }`; an empty path becomes the form's root error, an item of
 * a list its list's error.
 */
export function issuesToFieldErrors(
  issues: readonly { path: string | readonly (string | number)[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path =
      typeof issue.path === 'string' ? issue.path.split('.').filter((part) => part !== '') : issue.path;
    setPath(errors, shownAt(path), issue.message);
  }
  return errors;
}

/** A react-admin `validate` function (whole form) checking the values with a contract schema. */
export function zodValidator<T extends z.ZodType>(
  schema: T,
  prepare: (values: Record<string, unknown>) => unknown = (values) => values,
): (values: Record<string, unknown>) => FieldErrors {
  return (values) => {
    const result = schema.safeParse(prepare(values));
    if (result.success) return {};
    return issuesToFieldErrors(
      result.error.issues.map((issue) => ({
        path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
        message: issue.message,
      })),
    );
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
