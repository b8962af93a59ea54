import { claimHardNavigation, getPendingNavigationTarget, hardNavigate } from './hard-navigation';

interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** React Router's data router, which framework mode keeps on `window` (its HMR and RSC code read it there). */
interface WindowWithRouter {
  __reactRouterDataRouter?: { state: { navigation: { location?: RouterLocation } } };
}

/** Where the client navigation under way is going, `null` when none runs. */
function navigationTarget(): string | null {
  const location = (window as WindowWithRouter).__reactRouterDataRouter?.state.navigation.location;
  if (location !== undefined) return `${location.pathname}${location.search}${location.hash}`;
  return getPendingNavigationTarget();
}

function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/**
 * React Router reloads the *current* page when a route's code fails to load during a client navigation
 * (`loadRouteModule` catches the failed `import()` and calls `location.reload()`); this site wants a
 * full load of the *target*. The reload is a navigation the Navigation API lets us cancel: while a client
 * navigation is under way, a reload of the page being left becomes a full load of the address the visitor
 * was going to. (Browsers without the Navigation API keep React Router's reload.)
 */
function redirectReloadsDuringNavigation(): void {
  const navigation = (window as { navigation?: Navigation }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    if (event.navigationType !== 'reload' || !event.cancelable) return;
    const target = navigationTarget();
    if (target === null || target === currentAddress()) return;
    if (!claimHardNavigation(target)) return;
    event.preventDefault();
    window.location.assign(target);
  });
}

/**
 * Links prefetch their page's code on intent, so a failed prefetch is known before the click: from then
 * on, a click on a link of this site loads its address afresh.
 */
function hardNavigateAfterBrokenPrefetch(): void {
  let broken = false;
  document.addEventListener(
    'error',
    (event) => {
      const element = event.target;
      if (
        (element instanceof HTMLLinkElement && /modulepreload|prefetch|stylesheet/.test(element.rel)) ||
        element instanceof HTMLScriptElement
      ) {
        broken = true;
      }
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      if (!broken || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target !== '' || anchor.hasAttribute('download'))
        return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      hardNavigate(`${url.pathname}${url.search}${url.hash}`);
    },
    true,
  );
}

/**
 * A resource that fails to load ends in a full load of the target address, which the server answers with
 * its current build. Installed before hydration, so the capture listeners run before React's own.
 */
export function watchBrokenAssets(): void {
  redirectReloadsDuringNavigation();
  hardNavigateAfterBrokenPrefetch();
}
