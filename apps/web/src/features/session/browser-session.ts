import { storagePrefix } from '../pwa/storage-prefix';
import { createSessionApi } from './session-api';
import { browserStorages, createCredentialStorage, type OwnerKey } from './session-storage';
import {
  createSessionStore,
  type CrossTabLock,
  type SessionListHooks,
  type SessionStore,
} from './session-store';

export interface BrowserSessionOptions {
  /** `SITE_SHORT_NAME`: the storage keys are `{storagePrefix(siteShortName)}.admin`... */
  siteShortName: string;
  ownerKey?: OwnerKey;
  lists?: SessionListHooks;
}

/**
 * The site's session, wired to the browser's storage, clock and API client. Client only: call it from an
 * effect or a client loader, never during server rendering (it reads `window.sessionStorage`).
 */
export function createBrowserSessionStore(options: BrowserSessionOptions): SessionStore {
  const { session, local } = browserStorages();
  const prefix = storagePrefix(options.siteShortName);
  return createSessionStore({
    api: createSessionApi({ ownerKey: options.ownerKey }),
    credentials: createCredentialStorage({ prefix, ownerKey: options.ownerKey, session, local }),
    lists: options.lists,
    lock: webLock(`${prefix}.longLifeToken`),
  });
}

/** How long a tab waits for another's sign-in before signing in all the same (a stalled request). */
const LOCK_WAIT_MS = 10_000;

/**
 * The site's tabs in turn, through the Web Locks API, each task told whether it waited for another tab's.
 * Where the browser has none (an address that is not secure, an old browser), the task runs at once and the
 * session store's second try covers the race.
 */
export function webLock(name: string): CrossTabLock {
  return async <T>(task: (afterAnother: boolean) => Promise<T>) => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks === undefined) return task(false);
    // Free: taken at once. Held by another tab: waited for.
    const taken = await locks.request(name, { ifAvailable: true }, async (lock) =>
      lock === null ? { ran: false as const } : { ran: true as const, value: await task(false) },
    );
    if (taken.ran) return taken.value;
    try {
      return await locks.request(name, { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, () => task(true));
    } catch (error) {
      // Waited too long for the lock: the task runs without it; an error of the task itself goes on.
      if (error instanceof DOMException && error.name === 'TimeoutError') return task(true);
      throw error;
    }
  };
}
