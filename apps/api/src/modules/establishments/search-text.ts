import { normalizeForSearch } from '@tables-voisines/contract/text';

/** What the list and the admin search match an establishment by: its name and town, folded. */
export function searchTextOf(name: string, town: string): string {
  return normalizeForSearch(`${name} ${town}`);
}
