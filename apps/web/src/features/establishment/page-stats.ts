import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { publicRouteTable } from '@tables-voisines/contract/public-route-table';
import { isLoadLocation } from '../navigation/focus-after-navigation';
import { storagePrefix } from '../pwa/storage-prefix';
import { countTap, countVisit, markedTap, type PageStatsTarget } from './page-stats-core';

/*
 * A place's page's statistics once React runs (issue 53, decisions 0087 and 0092): the rules are in
 * page-stats-core.ts, which a page loaded on a phone already ran before hydration; it counts nothing twice.
 */

/** What the page counts its view and taps as: the same on the server (the early script) and here. */
export function pageStatsTarget(establishment: string, siteShortName: string): PageStatsTarget {
  return {
    establishment,
    viewKey: `${storagePrefix(siteShortName)}.vu.${establishment}`,
    eventsUrl: publicRouteTable.createEvent.path,
  };
}

/**
 * Counts the view of a place's page once per tab, and answers the click handler of the page's element that
 * counts the taps: a click inside an element marked `data-stat="phone"` (or `directions`, `website`, `share`)
 * counts one of that type, with the source of the visit.
 */
export function usePageStats(establishment: string, siteShortName: string) {
  const { key } = useLocation();
  const target = useRef<PageStatsTarget>(pageStatsTarget(establishment, siteShortName));
  useEffect(() => {
    target.current = pageStatsTarget(establishment, siteShortName);
    countVisit(target.current, !isLoadLocation(key));
    // Once per place shown: the location's key is read at that moment, a later one (a `#carte` link) counts
    // nothing.
  }, [establishment]);
  return (event: MouseEvent) => {
    const type = markedTap(event.target);
    if (type !== null) countTap(target.current, type);
  };
}
