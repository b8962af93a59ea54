import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { publicRouteTable } from '@tables-voisines/contract/public-route-table';
import type { StatEventType, StatSource } from '@tables-voisines/contract/schemas/stats';
import { isLoadLocation } from '../navigation/focus-after-navigation';
import { storagePrefix } from '../pwa/storage-prefix';

/*
 * What a place's page tells the statistics (issue 53, decision 0087): a view once per page per tab, and a
 * tap on the phone number, « Itinéraire », the website or a share. Only in the browser, after hydration (an
 * effect); nothing when the browser says « Ne pas suivre ». Sent with a beacon so that a tap that leaves the
 * page (the phone app, the maps app) still arrives. Kept small: this file is in every place page's script.
 */

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

/** `POST /api/events` as a beacon; a `keepalive` fetch where there is none or it refused the data. */
function send(establishment: string, type: StatEventType, source: StatSource): void {
  if (refusesTracking(navigator)) return;
  const url = publicRouteTable.createEvent.path;
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

/**
 * Counts the view of a place's page once per tab, and answers the click handler of the page's element that
 * counts the taps: a click inside an element marked `data-stat="phone"` (or `directions`, `website`, `share`)
 * counts one of that type, with the source of the visit.
 */
export function usePageStats(establishment: string, siteShortName: string) {
  const { key } = useLocation();
  const source = useRef<StatSource>('direct');
  useEffect(() => {
    const { search, pathname, hash, origin } = window.location;
    source.current = visitSource(search, document.referrer, origin, !isLoadLocation(key));
    // The poster's marker leaves the address bar, so that a link copied from it does not carry it.
    if (source.current === 'qr') {
      const rest = new URLSearchParams(search);
      rest.delete('source');
      const query = rest.toString();
      window.history.replaceState(window.history.state, '', `${pathname}${query && `?${query}`}${hash}`);
    }
    const view = () => {
      if (firstViewInTab(() => sessionStorage, `${storagePrefix(siteShortName)}.vu.${establishment}`))
        send(establishment, 'view', source.current);
    };
    // A page the browser prepares before it is asked for is counted when it is shown, if it is.
    if ((document as { prerendering?: boolean }).prerendering)
      document.addEventListener('prerenderingchange', view, { once: true });
    else view();
    // Once per place shown: the location's key is read at that moment, a later one (a `#carte` link) counts
    // nothing.
  }, [establishment]);
  return (event: MouseEvent) => {
    const type = (event.target as Element).closest('[data-stat]')?.getAttribute('data-stat');
    if (type) send(establishment, type as StatEventType, source.current);
  };
}
