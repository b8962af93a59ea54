import type { StatEventType, StatSource } from '@tables-voisines/contract/schemas/stats';

/*
 * What a place's page tells the statistics (issue 53, decision 0087): a view once per page per tab, and a
 * tap on the phone number, « Itinéraire », the website or a share. Nothing when the browser says « Ne pas
 * suivre ». Sent with a beacon so that a tap that leaves the page (the phone app, the maps app) still arrives.
 *
 * Without React or the site's other modules (its own small chunk, decision 0092): a place's page loaded on a
 * phone runs it as soon as it is painted, long before React, which it may never need (the visitor reads and
 * leaves); the page's component (page-stats.ts) uses the same module once hydrated, so nothing is counted
 * twice. What it needs from the site (the events' address, the storage key) is given to it.
 */

/** What a page says of itself to count its view: the place, the tab's storage key, `POST /api/events`. */
export interface PageStatsTarget {
  establishment: string;
  /** `{storagePrefix}.vu.{id}`: `sessionStorage`'s key of the view. */
  viewKey: string;
  eventsUrl: string;
}

/** The search engines whose referrer makes a visit a `search` one (their host names hold these words). */
const SEARCH_ENGINE = /(?:^|\.)(?:google|bing|qwant|duckduckgo|ecosia|yahoo|startpage)\./;

/**
 * How the visitor came: the poster's QR code (`?source=qr`), the site's own pages (a client navigation, or a
 * referrer of this origin), a search engine, another site, or nothing said (`direct`). Only this word is
 * sent: the referrer itself never leaves the browser.
 */
export function visitSource(search: string, referrer: string, origin: string, inApp: boolean): StatSource {
  if (new URLSearchParams(search).get('source') === 'qr') return 'qr';
  if (inApp) return 'map';
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return 'direct';
  }
  if (from.origin === origin) return 'map';
  return SEARCH_ENGINE.test(from.hostname) ? 'search' : 'other';
}

/** The page's places counted in this page load: the rule when the tab's storage cannot be used. */
const countedHere = new Set<string>();

/**
 * Whether this tab has not counted a view of the place yet, and now has: kept in `sessionStorage` (gone with
 * the tab), so that a reload or Back counts nothing more; without it (blocked), once per page load.
 */
export function firstViewInTab(storage: () => Storage, key: string): boolean {
  if (countedHere.has(key)) return false;
  countedHere.add(key);
  try {
    const tab = storage();
    if (tab.getItem(key) !== null) return false;
    tab.setItem(key, '1');
  } catch {
    // Storage refused (a privacy setting, a full quota): this page load's memory said it.
  }
  return true;
}

/** Whether the browser asks not to be followed: « Do Not Track » or Global Privacy Control. */
export function refusesTracking(nav: Navigator & { globalPrivacyControl?: boolean }): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/** `POST /api/events` (`url`) as a beacon; a `keepalive` fetch where there is none or it refused the data. */
function send(url: string, establishment: string, type: StatEventType, source: StatSource): void {
  if (refusesTracking(navigator)) return;
  const body = JSON.stringify({ establishment, type, source });
  try {
    if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // No beacon in this browser: the fetch below.
  }
  fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).catch(() => {});
}

/** The source of each place's visit counted in this page load: a tap counts with it. */
const sources = new Map<string, StatSource>();

/**
 * Counts the place's view once per tab (and once per page load), reading where the visitor came from when it
 * is first called for the place in this page load; `inApp` after a client navigation in the site. The
 * poster's marker (`?source=qr`) then leaves the address bar, so that a link copied from it does not carry it.
 * Called again for the same place (the page hydrated after the early count), it gives the source read then.
 */
export function countVisit(target: PageStatsTarget, inApp: boolean): StatSource {
  const known = sources.get(target.establishment);
  if (known !== undefined) return known;
  const { search, pathname, hash, origin } = window.location;
  const source = visitSource(search, document.referrer, origin, inApp);
  sources.set(target.establishment, source);
  if (source === 'qr') {
    const rest = new URLSearchParams(search);
    rest.delete('source');
    const query = rest.toString();
    window.history.replaceState(window.history.state, '', `${pathname}${query && `?${query}`}${hash}`);
  }
  const view = () => {
    if (firstViewInTab(() => sessionStorage, target.viewKey))
      send(target.eventsUrl, target.establishment, 'view', source);
  };
  // A page the browser prepares before it is asked for is counted when it is shown, if it is.
  if ((document as { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', () => whenIdle(view), { once: true });
  else whenIdle(view);
  return source;
}

/**
 * The views waiting for an idle moment: a tap sends them first, so that a view is never after its taps, and
 * the page's leave (`pagehide`: the tab closed, another site opened, or the page kept for Back) sends them
 * before it goes, so that a visit that leaves within the two seconds is counted all the same.
 */
const waiting = new Set<() => void>();
let sentOnLeave = false;

/**
 * Runs `task` once the page is idle, at most two seconds later: the tab's storage opened and the beacon sent
 * cost 5 to 25 ms on a fast host, a long task on a slow phone if run with the page's other work (issue 55).
 */
function whenIdle(task: () => void): void {
  const once = () => {
    if (waiting.delete(once)) task();
  };
  waiting.add(once);
  if (!sentOnLeave) {
    sentOnLeave = true;
    window.addEventListener('pagehide', sendWaiting);
  }
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(once, { timeout: 2000 });
  else setTimeout(once, 1);
}

/** Sends now what waits for an idle moment. */
function sendWaiting(): void {
  for (const task of [...waiting]) task();
}

/** The type marked on what a click landed in (`data-stat="phone" | "directions" | "website" | "share"`). */
export function markedTap(target: EventTarget | null): StatEventType | null {
  const type = target instanceof Element ? target.closest('[data-stat]')?.getAttribute('data-stat') : null;
  return (type as StatEventType | null | undefined) ?? null;
}

/** Counts a tap of `type` on the place's page, with the source of its visit. */
export function countTap(target: PageStatsTarget, type: StatEventType): void {
  sendWaiting();
  send(target.eventsUrl, target.establishment, type, sources.get(target.establishment) ?? 'direct');
}

/**
 * Before React answers (a place's page read on a phone, decision 0092): its view counted, and the taps on its
 * marked links, while `hydrated()` says it is not. Buttons are left to the page: a tap on one made before
 * hydration is held and clicked again once it is (early-clicks.ts), and the page counts it then.
 */
export function countBeforeHydration(target: PageStatsTarget, hydrated: () => boolean): void {
  countVisit(target, false);
  const onTap = (event: Event) => {
    if (hydrated()) {
      window.removeEventListener('click', onTap, true);
      window.removeEventListener('auxclick', onTap, true);
      return;
    }
    const type = markedTap(event.target);
    if (type !== null && !(event.target as Element).closest('button')) countTap(target, type);
  };
  window.addEventListener('click', onTap, true);
  window.addEventListener('auxclick', onTap, true);
}

/**
 * Where the early script finds `countBeforeHydration` once this chunk is loaded: the bundler shortens the
 * names a shared chunk exports, so the page cannot ask for it by its name.
 */
export const EARLY_STATS_GLOBAL = '__tvCountBeforeHydration';

if (typeof window !== 'undefined')
  (window as unknown as Record<string, unknown>)[EARLY_STATS_GLOBAL] = countBeforeHydration;
