/** The plain values of a history entry in words, shared by the history's texts. */

export const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short French rendering of a value; `null` when it is too structured to show in a line. */
export function valueText(value: unknown): string | null {
  if (isEmpty(value)) return 'vide';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  return null;
}
