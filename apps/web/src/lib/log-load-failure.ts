/**
 * A live read of the map that failed (the menu boards around, the groups): an error in the console, except
 * when the browser says it is offline, where a failed read is what is expected (a page the service worker
 * kept is read with the network cut) and the page says so itself: a warning then.
 */
export function logLoadFailure(what: string, error: unknown): void {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offline) console.warn(`${what} (hors ligne)`, error);
  else console.error(what, error);
}
