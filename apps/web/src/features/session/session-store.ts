import type {
  Admin,
  AdminSignInResult,
  Authentication,
  OwnerSignInResult,
  RestaurantOwner,
} from '@tables-voisines/contract/schemas/account';
import { tokenLifeLeft } from './jwt-expiry';
import { createRefreshTimer, systemClock, type Clock } from './refresh-timer';
import type { AdminSignInBody, OwnerSignInBody, SessionApi } from './session-api';
import type { CredentialStorage, SignedInAccount } from './session-storage';

/*
 * The session of both signed-in areas (README, "Accounts"), written once and free of React and of the
 * browser: storage, clock and calls are injected. React reads it with
 * `useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)`.
 */

/** A stored short token is reused only with more than 10 seconds of life left. */
export const MIN_REUSABLE_TOKEN_LIFE_MS = 10_000;

export type SessionRole = 'admin' | 'restaurantOwner';

export interface SessionState {
  /** Set once the session start has read the stored credentials and tried the long-life token. */
  readonly started: boolean;
  readonly admin: Admin | null;
  readonly restaurantOwner: RestaurantOwner | null;
  readonly token: string | null;
  readonly longLifeToken: string | null;
}

export const signedOutState: SessionState = {
  started: false,
  admin: null,
  restaurantOwner: null,
  token: null,
  longLifeToken: null,
};

export function sessionRole(state: SessionState): SessionRole | null {
  if (state.admin !== null) return 'admin';
  if (state.restaurantOwner !== null) return 'restaurantOwner';
  return null;
}

/** The cached lists the session empties; each list's store registers its reset here. */
export interface SessionListHooks {
  /** A session start that ends signed out: every list is reset. */
  resetAll?(): void;
  /** The admin leaves (sign-out, or an owner signs in instead): cached establishments, owners and admins go. */
  clearAdminLists?(): void;
}

/**
 * Runs `task` while no other tab of the site runs one through the same lock (the Web Locks API in the
 * browser), telling it whether it waited for another tab's. A sign-in by the long-life token retires that
 * token (rotation): two tabs opened together would otherwise present the same token, and the one refused
 * would show the sign-in page.
 */
export type CrossTabLock = <T>(task: (afterAnother: boolean) => Promise<T>) => Promise<T>;

const noLock: CrossTabLock = (task) => task(false);

/**
 * How long a tab that waited for another's sign-in waits, its own token refused, for the token the other
 * stored to reach it: Chromium passes local storage to another tab's process a moment later (CI saw a tab
 * read the token just retired; under load, later than the refusal).
 */
export const STORAGE_CATCH_UP_MS = 1_500;
const STORAGE_POLL_MS = 50;

export interface SessionStoreOptions {
  api: SessionApi;
  credentials: CredentialStorage;
  clock?: Clock;
  lists?: SessionListHooks;
  /** Around each sign-in by the long-life token; none by default (one tab, or tests). */
  lock?: CrossTabLock;
}

export interface SessionStore {
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  /**
   * Session start: reuses the stored short token when it has more than 10 s of life left, then tries the
   * stored long-life token (its result replaces the first; failures ignored), then marks the session
   * started. Called again, it answers the same promise.
   */
  start(): Promise<SessionState>;
  /** Signs in by username and password (or long-life token); a failure is thrown as the client's `ApiError`. */
  signInAdmin(body: AdminSignInBody): Promise<Admin>;
  /** Signs in by e-mail and password (or long-life token); a failure is thrown as the client's `ApiError`. */
  signInOwner(body: OwnerSignInBody): Promise<RestaurantOwner>;
  /** Takes a sign-in answer obtained elsewhere (the owner's sign-up answers one). */
  acceptAdminSignIn(result: AdminSignInResult): void;
  acceptOwnerSignIn(result: OwnerSignInResult): void;
  /** Replaces the signed-in account's record (e.g. after confirming the e-mail address); ignored otherwise. */
  updateAccount(account: SignedInAccount): void;
  /** Clears the account and tokens, removes the four stored items, stops the refresh timer. */
  signOut(): void;
  /** Stops the refresh timer (the store is being thrown away). */
  dispose(): void;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { api, credentials } = options;
  const clock = options.clock ?? systemClock;
  const lists = options.lists ?? {};
  const lock = options.lock ?? noLock;
  const timer = createRefreshTimer(clock);
  const listeners = new Set<() => void>();
  let state: SessionState = signedOutState;
  let starting: Promise<SessionState> | null = null;
  // Bumped by every sign-in and sign-out: an answer that arrives after one of them is dropped.
  let generation = 0;

  function update(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function enter(account: SignedInAccount, token: string, longLifeToken: string | null): void {
    generation += 1;
    const adminLeaves = state.admin !== null && !('admin' in account);
    // Signing in as admin clears the owner, and the reverse.
    update({
      admin: 'admin' in account ? account.admin : null,
      restaurantOwner: 'restaurantOwner' in account ? account.restaurantOwner : null,
      token,
      longLifeToken,
    });
    if (adminLeaves) lists.clearAdminLists?.();
    scheduleRefresh();
  }

  function accept(account: SignedInAccount, authentication: Authentication): void {
    credentials.saveSignIn(account, authentication);
    enter(account, authentication.token, authentication.longLifeToken);
  }

  function acceptAdminSignIn(result: AdminSignInResult): void {
    accept({ admin: result.admin }, result.authentication);
  }

  function acceptOwnerSignIn(result: OwnerSignInResult): void {
    accept({ restaurantOwner: result.restaurantOwner }, result.authentication);
  }

  function signOut(): void {
    generation += 1;
    timer.cancel();
    const wasAdmin = state.admin !== null;
    credentials.clear();
    update({ admin: null, restaurantOwner: null, token: null, longLifeToken: null });
    if (wasAdmin) lists.clearAdminLists?.();
  }

  function scheduleRefresh(): void {
    const token = state.token;
    if (token === null) return;
    const current = generation;
    timer.schedule(token, () => void refresh(current));
  }

  /** Posts the current token for a new one; on failure the owner falls back to the long-life token. */
  async function refresh(current: number): Promise<void> {
    const role = sessionRole(state);
    const token = state.token;
    if (current !== generation || role === null || token === null) return;
    try {
      const answer = role === 'admin' ? await api.adminRefresh(token) : await api.ownerRefresh(token);
      if (current !== generation) return;
      credentials.saveToken(answer.token);
      update({ token: answer.token });
      scheduleRefresh();
      return;
    } catch {
      if (current !== generation) return;
    }
    if (role === 'restaurantOwner' && (await signInByLongLifeToken(role, current))) return;
    if (current === generation) signOut();
  }

  /**
   * Signs in as `role` by the stored long-life token, one tab at a time: the token is read inside the lock,
   * so a tab that waited for another presents the token that one stored. Where there is no lock, a refusal
   * is tried once more if another tab stored a new token meanwhile. True once signed in; false when refused,
   * when nothing of `role` is stored, or when a sign-in or sign-out came first (`current` is past).
   */
  function signInByLongLifeToken(role: SessionRole, current: number): Promise<boolean> {
    /** The long-life token of `role` this tab would present now. */
    const presentable = (): string | null => {
      const stored = credentials.read();
      const storedRole =
        stored.admin !== null ? 'admin' : stored.restaurantOwner !== null ? 'restaurantOwner' : null;
      // Storage that cannot be written (a private window's) leaves the tab's tokens in memory only.
      if (storedRole === null) return sessionRole(state) === role ? state.longLifeToken : null;
      return storedRole === role ? stored.longLifeToken : null;
    };
    return lock(async (afterAnother) => {
      let presented: string | null = null;
      for (;;) {
        let longLifeToken = presentable();
        // Refused just after another tab signed in: the token it stored may not have reached this tab yet.
        if (afterAnother && presented !== null && longLifeToken === presented)
          longLifeToken = await storageCatchUp(presented, presentable);
        if (current !== generation || longLifeToken === null || longLifeToken === presented) return false;
        presented = longLifeToken;
        try {
          if (role === 'admin') {
            const result = await api.adminSignIn({ token: longLifeToken });
            if (current !== generation) return false;
            acceptAdminSignIn(result);
          } else {
            const result = await api.ownerSignIn({ token: longLifeToken });
            if (current !== generation) return false;
            acceptOwnerSignIn(result);
          }
          return true;
        } catch {
          // Refused: tried again only if another tab stored a new long-life token meanwhile.
        }
      }
    });
  }

  /** `read()` once it no longer answers `stale`, or after `STORAGE_CATCH_UP_MS`: what it answers then. */
  function storageCatchUp(stale: string, read: () => string | null): Promise<string | null> {
    const until = clock.now() + STORAGE_CATCH_UP_MS;
    return new Promise((resolve) => {
      const look = () => {
        const now = read();
        if (now !== stale || clock.now() >= until) resolve(now);
        else clock.setTimeout(look, STORAGE_POLL_MS);
      };
      look();
    });
  }

  async function run(): Promise<SessionState> {
    const stored = credentials.read();
    // The stored account tells which area the tokens belong to; without one they are of no use.
    const account: SignedInAccount | null =
      stored.admin !== null
        ? { admin: stored.admin }
        : stored.restaurantOwner !== null
          ? { restaurantOwner: stored.restaurantOwner }
          : null;

    if (account !== null && stored.token !== null) {
      const lifeLeft = tokenLifeLeft(stored.token, clock.now());
      if (lifeLeft !== null && lifeLeft > MIN_REUSABLE_TOKEN_LIFE_MS) {
        // Already stored: signed in with it as it is.
        enter(account, stored.token, stored.longLifeToken);
      }
    }

    if (account !== null && stored.longLifeToken !== null) {
      // A refusal is ignored: the reused short token, if any, stays; otherwise the visitor stays signed out.
      await signInByLongLifeToken('admin' in account ? 'admin' : 'restaurantOwner', generation);
    }

    update({ started: true });
    // A session start with nobody signed in resets every list.
    if (sessionRole(state) === null) lists.resetAll?.();
    return state;
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start() {
      starting ??= run();
      return starting;
    },
    async signInAdmin(body) {
      const result = await api.adminSignIn(body);
      acceptAdminSignIn(result);
      return result.admin;
    },
    async signInOwner(body) {
      const result = await api.ownerSignIn(body);
      acceptOwnerSignIn(result);
      return result.restaurantOwner;
    },
    acceptAdminSignIn,
    acceptOwnerSignIn,
    updateAccount(account) {
      if ('admin' in account) {
        if (state.admin === null || state.admin.id !== account.admin.id) return;
        credentials.saveAccount(account);
        update({ admin: account.admin });
      } else {
        if (state.restaurantOwner === null || state.restaurantOwner.id !== account.restaurantOwner.id) return;
        credentials.saveAccount(account);
        update({ restaurantOwner: account.restaurantOwner });
      }
    },
    signOut,
    dispose() {
      generation += 1;
      timer.cancel();
    },
  };
}
