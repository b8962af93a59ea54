import { storagePrefix } from '../pwa/storage-prefix';
import { createSessionApi } from './session-api';
import { browserStorages, createCredentialStorage, type OwnerKey } from './session-storage';
import { createSessionStore, type SessionListHooks, type SessionStore } from './session-store';

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
  return createSessionStore({
    api: createSessionApi({ ownerKey: options.ownerKey }),
    credentials: createCredentialStorage({
      prefix: storagePrefix(options.siteShortName),
      ownerKey: options.ownerKey,
      session,
      local,
    }),
    lists: options.lists,
  });
}
