import type { Admin, Authentication, RestaurantOwner } from '@tables-voisines/contract/schemas/account';

/*
 * Stored credentials (README, "Accounts"): four keys under the site's prefix (`storagePrefix(SITE_SHORT_NAME)`
 * from the PWA feature), `{prefix}.admin`, `{prefix}.restaurantOwner` (or `{prefix}.user`), `{prefix}.token`
 * and `{prefix}.longLifeToken`. The short token lives in session storage (gone with the tab); the long-life
 * token and the account (as JSON text) in local storage.
 */

/** The part of the Web Storage API the session uses: `sessionStorage`, `localStorage` or a test double. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** How the owner account is named: `restaurantOwner` (`/api/restaurant-owner...`) or `user` (`/api/user...`). */
export type OwnerKey = 'restaurantOwner' | 'user';

export interface SessionStorageKeys {
  readonly admin: string;
  /** `{prefix}.restaurantOwner` or `{prefix}.user`. */
  readonly owner: string;
  readonly token: string;
  readonly longLifeToken: string;
}

export function sessionStorageKeys(
  prefix: string,
  ownerKey: OwnerKey = 'restaurantOwner',
): SessionStorageKeys {
  return {
    admin: `${prefix}.admin`,
    owner: `${prefix}.${ownerKey}`,
    token: `${prefix}.token`,
    longLifeToken: `${prefix}.longLifeToken`,
  };
}

export interface StoredCredentials {
  readonly admin: Admin | null;
  readonly restaurantOwner: RestaurantOwner | null;
  readonly token: string | null;
  readonly longLifeToken: string | null;
}

export type SignedInAccount = { readonly admin: Admin } | { readonly restaurantOwner: RestaurantOwner };

export interface CredentialStorage {
  readonly keys: SessionStorageKeys;
  read(): StoredCredentials;
  /** After a sign-in: the short token, the long-life token and the account; the other role's account goes. */
  saveSignIn(account: SignedInAccount, authentication: Authentication): void;
  /** After a refresh: the new short token only. */
  saveToken(token: string): void;
  /** Keeps the signed-in account up to date (e.g. an owner who just confirmed the e-mail address). */
  saveAccount(account: SignedInAccount): void;
  /** Sign-out: removes all four items. */
  clear(): void;
}

export interface CredentialStorageOptions {
  /** `storagePrefix(SITE_SHORT_NAME)`. */
  prefix: string;
  ownerKey?: OwnerKey;
  /** Where the short token goes: `window.sessionStorage` in the browser. */
  session: StorageLike;
  /** Where the long-life token and the account go: `window.localStorage` in the browser. */
  local: StorageLike;
}

// Storage can throw (private browsing, quota, blocked cookies): the session then only lives in memory.
function safeGet(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: StorageLike, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Not remembered; the session still works until the page is closed.
  }
}

function safeRemove(storage: StorageLike, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing more to do.
  }
}

/** A stored account: JSON text of an object with a string `id`; anything else reads as none. */
function parseAccount<T>(text: string | null): T | null {
  if (text === null || text === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
      ? (value as T)
      : null;
  } catch {
    return null;
  }
}

function nonEmpty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

export function createCredentialStorage(options: CredentialStorageOptions): CredentialStorage {
  const keys = sessionStorageKeys(options.prefix, options.ownerKey);
  const { session, local } = options;

  function saveAccount(account: SignedInAccount): void {
    if ('admin' in account) {
      safeSet(local, keys.admin, JSON.stringify(account.admin));
      safeRemove(local, keys.owner);
    } else {
      safeSet(local, keys.owner, JSON.stringify(account.restaurantOwner));
      safeRemove(local, keys.admin);
    }
  }

  return {
    keys,
    read: () => ({
      admin: parseAccount<Admin>(safeGet(local, keys.admin)),
      restaurantOwner: parseAccount<RestaurantOwner>(safeGet(local, keys.owner)),
      token: nonEmpty(safeGet(session, keys.token)),
      longLifeToken: nonEmpty(safeGet(local, keys.longLifeToken)),
    }),
    saveSignIn(account, authentication) {
      safeSet(session, keys.token, authentication.token);
      safeSet(local, keys.longLifeToken, authentication.longLifeToken);
      saveAccount(account);
    },
    saveToken(token) {
      safeSet(session, keys.token, token);
    },
    saveAccount,
    clear() {
      safeRemove(local, keys.admin);
      safeRemove(local, keys.owner);
      safeRemove(session, keys.token);
      safeRemove(local, keys.longLifeToken);
    },
  };
}

/** A `Storage` kept in memory: for tests, and for the browser when its storage cannot be reached. */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike & {
  readonly size: number;
  snapshot(): Record<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    get size() {
      return items.size;
    },
    snapshot: () => Object.fromEntries(items),
  };
}

/**
 * The browser's session and local storage, read when called (never at import time). Outside a browser, or
 * when the browser refuses access, an in-memory storage stands in.
 */
export function browserStorages(): { session: StorageLike; local: StorageLike } {
  const pick = (get: () => Storage): StorageLike => {
    try {
      return get();
    } catch {
      return createMemoryStorage();
    }
  };
  return {
    session: pick(() => window.sessionStorage),
    local: pick(() => window.localStorage),
  };
}
