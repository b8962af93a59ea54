import { useEffect, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { createBrowserSessionStore } from './browser-session';
import { signedOutState, type SessionListHooks, type SessionState, type SessionStore } from './session-store';

/*
 * The one session of the browser tab, shared by `/admin` and `/espace-restaurateur` (signing in to one
 * signs out of the other). Created on first use in the browser; the server renders both
 * areas signed out.
 */

const DEFAULT_SITE_SHORT_NAME = 'Tables Voisines';

let browserStore: SessionStore | null = null;
const listHooks = new Set<SessionListHooks>();

/** Registers the reset hooks of a cached list (react-admin's query cache...); answers the unregistration. */
export function registerSessionLists(hooks: SessionListHooks): () => void {
  listHooks.add(hooks);
  return () => listHooks.delete(hooks);
}

export function getBrowserSessionStore(siteShortName = DEFAULT_SITE_SHORT_NAME): SessionStore {
  browserStore ??= createBrowserSessionStore({
    siteShortName,
    lists: {
      resetAll: () => listHooks.forEach((hooks) => hooks.resetAll?.()),
      clearAdminLists: () => listHooks.forEach((hooks) => hooks.clearAdminLists?.()),
    },
  });
  return browserStore;
}

const noStoreSubscribe = () => () => {};
const signedOutSnapshot = () => signedOutState;

/**
 * The session state for a component, and the store to act on it (`null` during server rendering). The
 * session is started (stored credentials read, long-life token tried) on first mount.
 */
export function useSession(): { state: SessionState; store: SessionStore | null } {
  const settings = useRouteLoaderData<PublicSettings>('root');
  const store = typeof window === 'undefined' ? null : getBrowserSessionStore(settings?.siteShortName);
  const state = useSyncExternalStore(
    store?.subscribe ?? noStoreSubscribe,
    store?.getSnapshot ?? signedOutSnapshot,
    signedOutSnapshot,
  );
  useEffect(() => {
    void store?.start();
  }, [store]);
  return { state, store };
}
