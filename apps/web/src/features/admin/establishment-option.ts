import type { RaRecord } from 'react-admin';

/**
 * An establishment as a choice in a list of suggestions: many share a name (« Auberge des Voyageurs » in
 * Aubenas, Lyon and Reims; even twice in one town), so the town and the street follow it.
 */
export function establishmentOptionText(record: RaRecord | null | undefined): string {
  if (record == null) return '';
  const name = typeof record.name === 'string' ? record.name : '';
  const address = (record.address ?? {}) as { town?: unknown; street?: unknown };
  const town = typeof address.town === 'string' && address.town !== '' ? ` — ${address.town}` : '';
  const street = typeof address.street === 'string' && address.street !== '' ? ` (${address.street})` : '';
  return `${name}${town}${town === '' ? '' : street}`;
}
