import { hardNavigate } from './hard-navigation';

/**
 * React Router reloads the *current* page when a route's code fails to load; the specification wants a
 * full load of the *target*. Links prefetch their page's code on intent, so a failed prefetch is known
 * before the click: from then on, a click on a link of this site loads its address afresh. Installed
 * before hydration, so this capture listener runs before React's own.
 */
export function watchBrokenAssets(): void {
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
