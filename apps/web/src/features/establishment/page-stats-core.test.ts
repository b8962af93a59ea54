// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countTap, countVisit } from './page-stats-core';

/*
 * When a place's page sends its view (issue 55): in an idle moment of the page, not in the task that loaded
 * the statistics' code, and always before a tap of the same visit.
 */

let sent: { type: string; source: string }[];
let moments: (() => void)[];
let places = 0;
/** A place of its own for each test: the module remembers the places of its page load. */
const aPlace = () => {
  places += 1;
  return {
    establishment: `place-${places}`,
    viewKey: `tablesVoisines.vu.place-${places}`,
    eventsUrl: '/api/events',
  };
};

beforeEach(() => {
  sent = [];
  moments = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => moments.push(task));
  // The beacon reads its JSON body back, as the server would.
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: Blob) => {
      void body.text().then((text) => sent.push(JSON.parse(text)));
      return true;
    },
  });
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const settled = () => new Promise((go) => setTimeout(go, 0));

describe('a place’s view', () => {
  it('is sent in an idle moment of the page, once', async () => {
    const place = aPlace();
    expect(countVisit(place, false)).toBe('direct');
    await settled();
    expect(sent).toEqual([]);
    expect(moments).toHaveLength(1);
    moments.shift()!();
    await settled();
    expect(sent).toEqual([{ establishment: place.establishment, type: 'view', source: 'direct' }]);
    // Asked again by the hydrated page: nothing more.
    countVisit(place, false);
    for (const moment of moments.splice(0)) moment();
    await settled();
    expect(sent).toHaveLength(1);
  });

  it('is sent before a tap made before the page was idle, and not a second time', async () => {
    const place = aPlace();
    countVisit(place, false);
    countTap(place, 'phone');
    await settled();
    expect(sent.map((event) => event.type)).toEqual(['view', 'phone']);
    for (const moment of moments.splice(0)) moment();
    await settled();
    expect(sent.map((event) => event.type)).toEqual(['view', 'phone']);
  });

  it('is sent when the visitor leaves before the page was idle, and not a second time', async () => {
    const place = aPlace();
    countVisit(place, false);
    window.dispatchEvent(new Event('pagehide'));
    await settled();
    expect(sent).toEqual([{ establishment: place.establishment, type: 'view', source: 'direct' }]);
    for (const moment of moments.splice(0)) moment();
    window.dispatchEvent(new Event('pagehide'));
    await settled();
    expect(sent).toHaveLength(1);
  });
});
