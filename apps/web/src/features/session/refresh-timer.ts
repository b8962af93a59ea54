import { readTokenExpiry } from './jwt-expiry';

/** The time and timers the session uses, injected so that tests drive them (fake clock). */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock. Globals are looked up at each call: nothing is touched at import time. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};

/** The token is refreshed once three quarters of its remaining life have passed. */
export const REFRESH_AT_FRACTION = 0.75;

/** Browsers fire longer timeouts at once (signed 32-bit milliseconds). */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** Milliseconds to wait before refreshing a token that expires at `expiresAt` (0 when already past). */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, Math.floor((expiresAt - now) * REFRESH_AT_FRACTION)));
}

/** One pending refresh at most: scheduling again replaces the previous timer. */
export interface RefreshTimer {
  /**
   * Calls `onDue` at 75 % of the token's remaining life. Returns `false` (and schedules nothing) when the
   * token has no readable `exp`.
   */
  schedule(token: string, onDue: () => void): boolean;
  cancel(): void;
  /** Whether a refresh is waiting. */
  readonly pending: boolean;
}

export function createRefreshTimer(clock: Clock = systemClock): RefreshTimer {
  let handle: unknown = null;
  let pending = false;
  const cancel = () => {
    if (pending) clock.clearTimeout(handle);
    handle = null;
    pending = false;
  };
  return {
    schedule(token, onDue) {
      cancel();
      const expiresAt = readTokenExpiry(token);
      if (expiresAt === null) return false;
      pending = true;
      handle = clock.setTimeout(
        () => {
          handle = null;
          pending = false;
          onDue();
        },
        refreshDelay(expiresAt, clock.now()),
      );
      return true;
    },
    cancel,
    get pending() {
      return pending;
    },
  };
}
