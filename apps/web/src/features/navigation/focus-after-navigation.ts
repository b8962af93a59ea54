import { useEffect } from 'react';
import { useLocation } from 'react-router';

let loadKey: string | undefined;
let navigated = false;

/**
 * Whether the location of this key is still the one the document was loaded at: before any client
 * navigation the browser's own focus is left alone. Once another location has been seen, never again
 * (going back to the first entry is a navigation too).
 */
export function isLoadLocation(key: string): boolean {
  if (loadKey === undefined) loadKey = key;
  else if (key !== loadKey) navigated = true;
  return !navigated;
}

function focusWithoutScroll(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/** Whether the focus is on nothing: the page, or an element a navigation has just taken away. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * After a client navigation (a link, Back, × on a page), the focus never stays on nothing: when the
 * element that had it went away with the old page, it goes to the new page's title, or to its content.
 * Pages that know better (a detail page's name, the list's card of the place just closed) have placed it
 * already: their effects run before this one, the layout's.
 */
export function useFocusAfterNavigation(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (isLoadLocation(key) || !focusIsLost()) return;
    const main = document.getElementById('contenu');
    const title = main?.querySelector<HTMLElement>('h1') ?? null;
    const target = title ?? main;
    if (target) focusWithoutScroll(target);
  }, [key]);
}

/** Moves the focus to `element` after a client navigation (not when the page was loaded at this address). */
export function useFocusOnArrival(element: () => HTMLElement | null, deps: readonly unknown[]): void {
  const { key } = useLocation();
  useEffect(() => {
    if (isLoadLocation(key)) return;
    const target = element();
    if (target) focusWithoutScroll(target);
  }, [key, ...deps]);
}
