/**
 * Counts the page's resources that failed to load (scripts, style sheets, module preloads, images), from
 * the first script on: when a service worker update is active and something had failed, the page reloads
 * (decision 0008, "Registration"). Installed by the root module, before hydration; a capture listener,
 * because load errors of elements do not bubble.
 */

let failures = 0;
let watching = false;

export function watchFailedResources(target: Pick<Window, 'addEventListener'> = window): void {
  if (watching) return;
  watching = true;
  target.addEventListener(
    'error',
    (event) => {
      const element = event.target;
      if (
        element instanceof HTMLScriptElement ||
        element instanceof HTMLLinkElement ||
        element instanceof HTMLImageElement
      ) {
        failures += 1;
      }
    },
    true,
  );
  // Vite's own signal that a dynamically imported chunk's preload failed.
  target.addEventListener('vite:preloadError', () => {
    failures += 1;
  });
}

export function countFailedResources(): number {
  return failures;
}
