import { useEffect, useRef } from 'react';
import { redirect, useRevalidator } from 'react-router';
import type { RestaurantOwner } from '@tables-voisines/contract/schemas/account';
import { getBrowserSessionStore, useSession } from '../session/use-session';
import type { SessionStore } from '../session/session-store';
import { entryRedirect, ownerStep, type ScreenStep } from './owner-paths';

/*
 * The owners' space screens decide in their route's `clientLoader`, before anything is drawn, whether the
 * owner may see them: the loader waits for the session to start (stored credentials read, the long-life
 * token tried: `SessionStore.start`), then either sends the owner to its step or loads the screen's data.
 * Decision 0042.
 */

/** What the server renders with the owners' space shell: the site's short name, the session's storage prefix. */
export interface OwnerShellData {
  siteShortName: string;
}

// The browser's session store is named after the site (its storage keys); a loader has no access to the
// root's data, so the first one asks its own server loader, which answers from the hydration data on the
// page the owner opened, or in one small request on a client navigation into the space.
let siteShortName: string | null = null;

/** The browser's session, started. */
export async function startedSession(serverLoader: () => Promise<unknown>): Promise<SessionStore> {
  if (siteShortName === null) siteShortName = ((await serverLoader()) as OwnerShellData).siteShortName;
  const store = getBrowserSessionStore(siteShortName);
  await store.start();
  return store;
}

export interface ScreenSession {
  store: SessionStore;
  /** `null` only on the sign-in and sign-up screens, whose owner is signed out. */
  owner: RestaurantOwner | null;
  token: string | null;
}

/**
 * For a screen's `clientLoader`: the session once started, or a redirect (thrown, as React Router wants
 * it) when the owner is at another step than `needed`.
 */
export async function requireStep(
  { request, serverLoader }: { request: Request; serverLoader: () => Promise<unknown> },
  needed: ScreenStep,
): Promise<ScreenSession> {
  const store = await startedSession(serverLoader);
  const state = store.getSnapshot();
  const target = entryRedirect(state, needed, new URL(request.url));
  if (target !== null) throw redirect(target);
  return { store, owner: state.restaurantOwner, token: state.token };
}

/** The signed-in owner as a screen needs it, and its current token (refreshed as time goes). */
export function useOwnerSession() {
  const { state, store } = useSession();
  return { store, owner: state.restaurantOwner, token: state.token, step: ownerStep(state) };
}

/**
 * A session that ends while a screen is shown (its tokens refused when refreshed): the screen's loader runs
 * again, and sends the owner to sign in and back here. Only an end seen happening counts (the session
 * starting signed out is the loaders' business), and not a sign-out asked for: the answer tells the watch
 * that one is coming, whose sign-in screen does not lead back.
 */
export function useSessionEndWatch(): () => void {
  const { state } = useSession();
  const step = ownerStep(state);
  const seen = useRef(step);
  const signingOut = useRef(false);
  const revalidator = useRevalidator();
  useEffect(() => {
    const before = seen.current;
    seen.current = step;
    if (step !== 'signed-out' || before === 'starting' || before === 'signed-out') return;
    if (signingOut.current) signingOut.current = false;
    else void revalidator.revalidate();
  }, [step, revalidator]);
  return () => {
    signingOut.current = true;
  };
}
