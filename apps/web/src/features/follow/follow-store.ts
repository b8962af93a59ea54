import type { Kind } from '@tables-voisines/contract/schemas/establishment';
import type { Follow } from '@tables-voisines/contract/schemas/follow';
import { writeFollowsMirror } from './follow-mirror';

/*
 * The places this browser follows, kept in the browser too (localStorage, `{prefix}.follows`): « Mes favoris »
 * shows them without the network, the page knows at once whether « Suivre » is pressed, and a subscription
 * the push service dropped can be made again and each follow sent anew (`syncFollows`). The server's list is
 * the other half: what it knows and this list lacks is added here, what it lacks is sent to it again.
 */

/** A followed place, as this browser remembers it. */
export interface FollowedPlace {
  id: string;
  uri: string;
  name: string;
  kind: Kind;
  /** When this browser followed it (ISO instant): the order of « Mes favoris ». */
  followedAt: string;
}

const KINDS: readonly string[] = ['restaurant', 'remplisvert'];

export function followsKey(storagePrefix: string): string {
  return `${storagePrefix}.follows`;
}

function isFollowedPlace(value: unknown): value is FollowedPlace {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.uri === 'string' &&
    typeof v.name === 'string' &&
    typeof v.kind === 'string' &&
    KINDS.includes(v.kind) &&
    typeof v.followedAt === 'string'
  );
}

/** The stored list; what cannot be read (another version's data, a hand edit) is left out, never thrown. */
export function parseFollows(text: string | null): FollowedPlace[] {
  if (text === null) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    const seen = new Set<string>();
    return value.filter((item): item is FollowedPlace => {
      if (!isFollowedPlace(item) || seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  } catch {
    return [];
  }
}

/** The list with `place` in it: a place already there keeps its place in the list and its date. */
export function withFollow(list: readonly FollowedPlace[], place: FollowedPlace): FollowedPlace[] {
  const known = list.find((p) => p.id === place.id);
  if (known === undefined) return [...list, place];
  return list.map((p) => (p.id === place.id ? { ...place, followedAt: known.followedAt } : p));
}

export function withoutFollow(list: readonly FollowedPlace[], id: string): FollowedPlace[] {
  return list.filter((p) => p.id !== id);
}

/**
 * This browser's list beside the server's for its subscription: the places both know take the server's uri
 * and name (a page renamed since), the server's others are added (the browser's storage was emptied), and
 * those the server lacks (a subscription it dropped, a follow sent while it was down) are to be sent again.
 */
export function reconcileFollows(
  local: readonly FollowedPlace[],
  server: readonly Follow[],
): { list: FollowedPlace[]; missingOnServer: FollowedPlace[] } {
  const onServer = new Map(server.map((f) => [f.establishment.id, f]));
  const list = local.map((place) => {
    const known = onServer.get(place.id)?.establishment;
    return known === undefined ? place : { ...place, uri: known.uri, name: known.name, kind: known.kind };
  });
  const localIds = new Set(local.map((p) => p.id));
  for (const follow of server) {
    if (localIds.has(follow.establishment.id)) continue;
    const { id, uri, name, kind } = follow.establishment;
    list.push({ id, uri, name, kind, followedAt: follow.createdAt });
  }
  return { list, missingOnServer: local.filter((p) => !onServer.has(p.id)) };
}

export interface FollowStore {
  get(): readonly FollowedPlace[];
  set(list: readonly FollowedPlace[]): void;
  subscribe(listener: () => void): () => void;
}

const NONE: readonly FollowedPlace[] = [];
const stores = new Map<string, FollowStore>();

/**
 * The list under `{prefix}.follows`, one store per key: every part of the page (the button, « Mes favoris »,
 * the map's filter) sees the same list, and another tab's change comes through the `storage` event. Each
 * change is copied where the service worker reads it (follow-mirror.ts). Storage refused (private mode, a
 * full disk): the list lives for this page only.
 */
export function getFollowStore(storagePrefix: string, storage: Storage | null = localStorageOrNull()) {
  const key = followsKey(storagePrefix);
  let store = stores.get(key);
  if (store === undefined) {
    store = createFollowStore(key, storage);
    stores.set(key, store);
  }
  return store;
}

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function createFollowStore(key: string, storage: Storage | null): FollowStore {
  let text: string | null = null;
  let list: readonly FollowedPlace[] = NONE;
  const listeners = new Set<() => void>();
  const read = () => {
    if (storage === null) return list;
    let stored: string | null;
    try {
      stored = storage.getItem(key);
    } catch {
      return list;
    }
    // The same text, the same array: React's snapshot stays the same until the list changes.
    if (stored !== text) {
      text = stored;
      list = parseFollows(stored);
    }
    return list;
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    read();
    for (const listener of listeners) listener();
  };
  return {
    get: read,
    set(next) {
      list = next;
      text = JSON.stringify(next);
      try {
        storage?.setItem(key, text);
      } catch {
        // Kept in memory for this page.
      }
      void writeFollowsMirror(next);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined')
          window.removeEventListener('storage', onStorage);
      };
    },
  };
}
