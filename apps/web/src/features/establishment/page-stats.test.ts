import { describe, expect, it, vi } from 'vitest';
import { firstViewInTab, refusesTracking, visitSource } from './page-stats-core';

/*
 * What a place's page sends to the statistics (issue 53, decision 0087): where the visitor came from in one
 * word, one view per page per tab, and nothing when the browser asks not to be followed.
 */

const ORIGIN = 'https://tablesvoisines.fr';

describe('where a visit comes from', () => {
  it('is the poster’s QR code when the address says so, whatever the referrer', () => {
    expect(visitSource('?source=qr', '', ORIGIN, false)).toBe('qr');
    expect(visitSource('?x=1&source=qr', 'https://www.google.fr/', ORIGIN, true)).toBe('qr');
    expect(visitSource('?source=carte', '', ORIGIN, false)).toBe('direct');
  });

  it('is the site’s map or lists after a navigation in the site, or from one of its pages', () => {
    expect(visitSource('', '', ORIGIN, true)).toBe('map');
    expect(visitSource('', `${ORIGIN}/?vue=45.76,4.83,13`, ORIGIN, false)).toBe('map');
    expect(visitSource('', `${ORIGIN}/restaurant/chez-toto-a-lyon`, ORIGIN, false)).toBe('map');
  });

  it('is a search engine for the usual ones, another site otherwise', () => {
    for (const engine of [
      'https://www.google.fr/',
      'https://google.com/search?q=restaurant',
      'https://www.bing.com/',
      'https://www.qwant.com/',
      'https://duckduckgo.com/',
      'https://www.ecosia.org/',
      'https://fr.search.yahoo.com/',
      'https://www.startpage.com/',
    ])
      expect(visitSource('', engine, ORIGIN, false), engine).toBe('search');
    expect(visitSource('', 'https://www.facebook.com/', ORIGIN, false)).toBe('other');
    // A name that only holds an engine's: not one.
    expect(visitSource('', 'https://mongoogle-blog.example/', ORIGIN, false)).toBe('other');
    expect(visitSource('', 'http://tablesvoisines.fr/', ORIGIN, false)).toBe('other');
  });

  it('is direct without a referrer (an address typed, a bookmark, a link from an app)', () => {
    expect(visitSource('', '', ORIGIN, false)).toBe('direct');
    expect(visitSource('', 'pas une adresse', ORIGIN, false)).toBe('direct');
  });
});

/** A tab's `sessionStorage`, in memory. */
function tabStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

let pages = 0;
/** A key of its own for each test: the page load's memory is the module's. */
const aPage = () => `tablesVoisines.vu.page-${(pages += 1)}`;

describe('one view per page per tab', () => {
  it('counts the first view only, in this page load and after a reload of the tab', async () => {
    const tab = tabStorage();
    const [page, other] = [aPage(), aPage()];
    expect(firstViewInTab(() => tab, page)).toBe(true);
    expect(firstViewInTab(() => tab, page)).toBe(false);
    expect(firstViewInTab(() => tab, other)).toBe(true);
    // A reload forgets the page load's memory (a new module) and keeps the tab's storage: not counted again.
    vi.resetModules();
    const reloaded = await import('./page-stats-core');
    expect(reloaded.firstViewInTab(() => tab, page)).toBe(false);
  });

  it('finds a view counted by an earlier load of the tab', () => {
    const tab = tabStorage();
    const page = aPage();
    tab.setItem(page, '1');
    expect(firstViewInTab(() => tab, page)).toBe(false);
  });

  it('still counts once per page load when the tab’s storage is refused', () => {
    const page = aPage();
    const refused = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(firstViewInTab(refused, page)).toBe(true);
    expect(firstViewInTab(refused, page)).toBe(false);
    const full = { ...tabStorage(), setItem: refused } as Storage;
    const another = aPage();
    expect(firstViewInTab(() => full, another)).toBe(true);
    expect(firstViewInTab(() => full, another)).toBe(false);
  });
});

describe('a browser that asks not to be followed', () => {
  const nav = (fields: Record<string, unknown>) => fields as unknown as Navigator;
  it('is told by Do Not Track or Global Privacy Control', () => {
    expect(refusesTracking(nav({ doNotTrack: '1' }))).toBe(true);
    expect(refusesTracking(nav({ doNotTrack: null, globalPrivacyControl: true }))).toBe(true);
    expect(refusesTracking(nav({ doNotTrack: '0', globalPrivacyControl: false }))).toBe(false);
    expect(refusesTracking(nav({ doNotTrack: 'unspecified' }))).toBe(false);
  });
});
