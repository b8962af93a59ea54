/*
 * The followed places copied where the service worker can read them: it has no localStorage, and when the
 * push service renews a subscription (`pushsubscriptionchange`, often with no page open) the worker sends
 * each follow again with the new one. Cache Storage, which the page and the worker share; Workbox's clean-up
 * removes only its own precaches.
 */

/** The cache and the address the list is kept under (never fetched: only a key in the cache). */
export const FOLLOWS_CACHE = 'follows';
export const FOLLOWS_MIRROR_URL = '/follows.json';

/** What the worker needs of a followed place: its id, for `POST /api/follows`. */
export interface MirroredFollow {
  id: string;
}

/** Writes the list; nothing when Cache Storage is missing or refuses (the page's list still holds it). */
export async function writeFollowsMirror(list: readonly MirroredFollow[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(FOLLOWS_CACHE);
    await cache.put(
      FOLLOWS_MIRROR_URL,
      new Response(JSON.stringify(list.map(({ id }) => ({ id }))), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  } catch {
    // Storage refused: the next change, or the next visit's sync, tries again.
  }
}

export async function readFollowsMirror(): Promise<MirroredFollow[]> {
  if (typeof caches === 'undefined') return [];
  try {
    const response = await (await caches.open(FOLLOWS_CACHE)).match(FOLLOWS_MIRROR_URL);
    const value = response === undefined ? [] : ((await response.json()) as unknown);
    return Array.isArray(value)
      ? value.filter(
          (item): item is MirroredFollow =>
            typeof item === 'object' && item !== null && typeof (item as MirroredFollow).id === 'string',
        )
      : [];
  } catch {
    return [];
  }
}
