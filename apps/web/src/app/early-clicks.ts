import { useEffect } from 'react';

/*
 * Buttons tapped before the page is hydrated. An establishment's page asks for its scripts only once it is
 * painted (decision 0057), so a visitor may tap « Copier le lien » or « Afficher la carte » before React
 * answers. A small inline script (scripts-after-paint.ts) holds those taps (React does not see them, so none
 * is answered twice) and the root component clicks the buttons again once the page is hydrated.
 */

/** The global the inline script fills: the buttons tapped so far, or `null` once the page is hydrated. */
export const EARLY_CLICKS = '__tvEarlyClicks';

type EarlyClicksWindow = Window & { [EARLY_CLICKS]?: HTMLButtonElement[] | null };

/** The buttons tapped before hydration, in order; the inline script lets taps through from now on. */
export function takeEarlyClicks(target: Window = window): HTMLButtonElement[] {
  const early = (target as EarlyClicksWindow)[EARLY_CLICKS] ?? [];
  (target as EarlyClicksWindow)[EARLY_CLICKS] = null;
  return early;
}

/** Clicks again the buttons still on the page (hydration keeps the server's elements). */
export function clickAgain(buttons: HTMLButtonElement[]): void {
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}

/** Once the page is hydrated (the root's effect runs last), the buttons tapped before are clicked again. */
export function useClicksBeforeHydration(): void {
  useEffect(() => clickAgain(takeEarlyClicks()), []);
}
