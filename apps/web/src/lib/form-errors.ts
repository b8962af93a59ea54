/*
 * The one mapper of form errors, for the owners' forms (react-hook-form) and the back office's (react-admin):
 * the contract's zod issues found before sending and the server's `ValidationError` details
 * (`{ path: "address.town", message }`, docs/api.md « Errors ») become one French message per field, keyed
 * by the field's dotted path (`items.2.price`). The owners' forms give each one to `setError(path, …)`;
 * react-admin wants them nested (`toNested`).
 */

/** A problem with one field: its path in the body (dotted, or as zod gives it), and its French message. */
export interface FieldIssue {
  path: string | readonly PropertyKey[];
  message: string;
}

/** A message per field, keyed by its dotted path (`address.town`, `items.0.price`); `''` for the whole form. */
export type FieldErrors = Readonly<Record<string, string>>;

/** The same messages nested as react-admin's forms take them (`{ address: { town: '…' } }`). */
export type NestedFieldErrors = Record<string, unknown>;

/** Error codes that are about one field of the form (`EmailAlreadyUsed` → `email`): their message goes under it. */
export type CodeFields = Readonly<Partial<Record<string, string>>>;

/** What the mapper reads of a refused call: the API's `{ code, message, details }` (`ApiError`). */
export interface RefusedCall {
  code: string;
  message: string;
  details?: unknown;
}

/** A `ValidationError`'s details as the API sends them: a list of `{ path, message }`. */
export function isIssueList(value: unknown): value is { path: string; message: string }[] {
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

function pathKey(path: FieldIssue['path']): string {
  return typeof path === 'string' ? path : path.map(String).join('.');
}

/** A message per field from a list of issues: the first one of each path. */
export function flatFieldErrors(issues: readonly FieldIssue[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[pathKey(issue.path)] ??= issue.message;
  return errors;
}

/**
 * The server's messages per field of a refused call: those of a `ValidationError`'s details, or the call's
 * message under the field its error code names (`codeFields`). None for any other refusal, which the form
 * shows as a whole.
 */
export function serverFieldErrors(error: RefusedCall, codeFields: CodeFields = {}): FieldErrors {
  const field = codeFields[error.code];
  if (field !== undefined) return { [field]: error.message };
  if (error.code === 'ValidationError' && isIssueList(error.details)) return flatFieldErrors(error.details);
  return {};
}

/**
 * The field that shows an error in the back office: a path ending with an item's index (`categories.0`, an
 * unknown category) names one value of a list input, which has no field of its own; the list input shows
 * it. A path going further into an item (`openingHours.0.closes`) names a field of that item and is kept.
 */
function shownAt(path: readonly string[]): readonly string[] {
  let end = path.length;
  while (end > 1 && /^\d+$/.test(path[end - 1] ?? '')) end -= 1;
  return path.slice(0, end);
}

function setPath(target: NestedFieldErrors, path: readonly string[], message: string): void {
  if (path.length === 0) {
    target.root = { serverError: message };
    return;
  }
  let node: Record<string, unknown> = target;
  path.forEach((name, index) => {
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
 * The messages nested, as react-admin's forms take them: the empty path becomes the form's root error
 * (`root.serverError`), an item of a list its list's error (`categories.1` → `categories`).
 */
export function toNested(errors: FieldErrors): NestedFieldErrors {
  const nested: NestedFieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    setPath(nested, shownAt(path.split('.').filter((part) => part !== '')), message);
  }
  return nested;
}
