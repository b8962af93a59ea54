import { isRouteErrorResponse } from 'react-router';

/**
 * When a page's code or data cannot be fetched (a deployment removed the old hashed files, the network
 * dropped a request), the page makes a full load of the address the visitor was going to instead:
 * the server then answers with the current build. A guard in session storage stops a loop when the full
 * load fails the same way.
 */

const GUARD_KEY = 'tv:hard-navigation';
const GUARD_MS = 10_000;

let pendingTarget: string | null = null;

/** Kept up to date by the root while a navigation runs: where a full load should go. */
export function setPendingNavigationTarget(target: string | null): void {
  pendingTarget = target;
}

export function getPendingNavigationTarget(): string | null {
  return pendingTarget;
}

const LOAD_FAILURE =
  /failed to fetch|dynamically imported module|importing a module script failed|error loading dynamically|load failed|networkerror|unable to preload css/i;

/** A failure to fetch code or data, as opposed to a page that answered an error (404...). */
export function isLoadFailure(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return false;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || LOAD_FAILURE.test(error.message);
}

/**
 * Whether a full load of `target` may go now, recording it if so: not when the same target was just loaded
 * that way (its full load failed the same way, and looping would not help).
 */
export function claimHardNavigation(target: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(GUARD_KEY) ?? 'null') as {
      target: string;
      at: number;
    } | null;
    if (last !== null && last.target === target && Date.now() - last.at < GUARD_MS) return false;
    sessionStorage.setItem(GUARD_KEY, JSON.stringify({ target, at: Date.now() }));
  } catch {
    // Storage refused (private mode): go anyway, a loop stays possible but unlikely.
  }
  return true;
}

/** Full page load of `target`, unless the same target was just loaded that way. Answers whether it went. */
export function hardNavigate(target: string): boolean {
  if (!claimHardNavigation(target)) return false;
  window.location.assign(target);
  return true;
}
