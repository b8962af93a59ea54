import type { Closure } from '@tables-voisines/contract/closures';
import { closureRowErrors, closuresBody, toClosureRows } from '../closures/closure-rows';
import type { NestedFieldErrors as FieldErrors } from '../../lib/form-errors';

/*
 * The back office's form keeps closures in the record's shape (`features/closures/closure-rows.ts`): the
 * body checked and sent is the contract's, and the rows' own messages (« Indiquez le premier jour… ») are
 * laid over the schema's under the same fields.
 */

/** The contract's `closures` for the form's value. */
export function closuresOfForm(value: unknown): ReturnType<typeof closuresBody> {
  return closuresBody(toClosureRows(Array.isArray(value) ? (value as Closure[]) : []));
}

/** A whole-form `validate` that also says what each closure row lacks (`closures['2'].to`). */
export function withClosureRowChecks(
  validate: (values: Record<string, unknown>) => FieldErrors,
): (values: Record<string, unknown>) => FieldErrors {
  return (values) => {
    const errors = validate(values);
    if (!Array.isArray(values.closures)) return errors;
    const own = Object.entries(closureRowErrors(toClosureRows(values.closures as Closure[])));
    if (own.length === 0) return errors;
    const previous = errors.closures;
    const closures: Record<string, Record<string, unknown>> = typeof previous === 'object' &&
    previous !== null
      ? { ...(previous as Record<string, Record<string, unknown>>) }
      : {};
    for (const [path, message] of own) {
      const [row = '', name = ''] = path.split('.');
      closures[row] = { ...closures[row], [name]: message };
    }
    return { ...errors, closures };
  };
}
