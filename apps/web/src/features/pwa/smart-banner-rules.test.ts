import { describe, expect, it } from 'vitest';
import {
  bannerAllowedOn,
  bannerStorageKeys,
  detectPlatform,
  hasNativeBanner,
  parseStoreAppId,
  parseStoredDate,
  shouldShowBanner,
  storeTexts,
  storeUrl,
  type BannerContext,
} from './smart-banner-rules';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  windowsPhone:
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
  kindle:
    'Mozilla/5.0 (Linux; Android 9; KFMAWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/108.3.1 like Chrome/108.0.5359.220 Safari/537.36',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
};

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-21T12:00:00+01:00');

function createContext(overrides: Partial<BannerContext> = {}): BannerContext {
  return {
    platform: 'android',
    appId: 'fr.tablesvoisines.app',
    standalone: false,
    closedAt: null,
    installedAt: null,
    now: NOW,
    ...overrides,
  };
}

describe('detectPlatform', () => {
  it('recognises each platform the banner is for', () => {
    expect(detectPlatform(UA.iphoneSafari)).toBe('ios');
    expect(detectPlatform(UA.iphoneChrome)).toBe('ios');
    expect(detectPlatform(UA.android)).toBe('android');
    expect(detectPlatform(UA.windowsPhone)).toBe('windows');
    expect(detectPlatform(UA.kindle)).toBe('kindle');
  });

  it('takes a Mac with a touch screen for an iPad', () => {
    expect(detectPlatform(UA.ipadOs, 5)).toBe('ios');
    expect(detectPlatform(UA.macSafari, 0)).toBeNull();
  });

  it('leaves desktop computers out', () => {
    expect(detectPlatform(UA.desktopChrome)).toBeNull();
    expect(detectPlatform('')).toBeNull();
  });
});

describe('shouldShowBanner', () => {
  it('shows on each mobile platform when its store id meta tag is present', () => {
    for (const platform of ['ios', 'android', 'windows', 'kindle'] as const) {
      expect(shouldShowBanner(createContext({ platform, appId: 'x' })), platform).toBe(true);
    }
  });

  it('stays hidden on other devices and without a store id', () => {
    expect(shouldShowBanner(createContext({ platform: null }))).toBe(false);
    expect(shouldShowBanner(createContext({ appId: null }))).toBe(false);
  });

  it('stays hidden when the site runs as an installed app', () => {
    expect(shouldShowBanner(createContext({ standalone: true }))).toBe(false);
  });

  it('leaves Safari on iOS its own banner, and shows in the other iOS browsers', () => {
    expect(hasNativeBanner('ios', UA.iphoneSafari)).toBe(true);
    expect(hasNativeBanner('ios', UA.iphoneChrome)).toBe(false);
    expect(hasNativeBanner('android', UA.android)).toBe(false);
    expect(shouldShowBanner(createContext({ platform: 'ios', nativeBanner: true }))).toBe(false);
  });

  it('stays hidden 15 days after it was closed, then shows again', () => {
    expect(shouldShowBanner(createContext({ closedAt: NOW - 1000 }))).toBe(false);
    expect(shouldShowBanner(createContext({ closedAt: NOW - 14 * DAY }))).toBe(false);
    expect(shouldShowBanner(createContext({ closedAt: NOW - 15 * DAY - 1000 }))).toBe(true);
  });

  it('stays hidden 90 days after the visitor went to the store, then shows again', () => {
    expect(shouldShowBanner(createContext({ installedAt: NOW - 89 * DAY }))).toBe(false);
    expect(shouldShowBanner(createContext({ installedAt: NOW - 90 * DAY - 1000 }))).toBe(true);
  });

  it('takes other periods when configured', () => {
    expect(shouldShowBanner(createContext({ closedAt: NOW - 3 * DAY, hiddenDaysAfterClose: 2 }))).toBe(true);
    expect(shouldShowBanner(createContext({ closedAt: NOW - 3 * DAY, hiddenDaysAfterClose: 30 }))).toBe(
      false,
    );
    expect(shouldShowBanner(createContext({ installedAt: NOW - 10 * DAY, hiddenDaysAfterInstall: 7 }))).toBe(
      true,
    );
  });

  it('does not show early when the clock was set back', () => {
    expect(shouldShowBanner(createContext({ closedAt: NOW + 2 * DAY }))).toBe(false);
  });
});

describe('stored dates and texts', () => {
  it('keeps its dates under the site prefix', () => {
    expect(bannerStorageKeys('tablesVoisines')).toEqual({
      closedAt: 'tablesVoisines.smartBanner.closedAt',
      installedAt: 'tablesVoisines.smartBanner.installedAt',
    });
  });

  it('reads milliseconds and ISO dates, ignores anything else', () => {
    expect(parseStoredDate(String(NOW))).toBe(NOW);
    expect(parseStoredDate('2026-11-21T11:00:00.000Z')).toBe(NOW);
    expect(parseStoredDate(null)).toBeNull();
    expect(parseStoredDate('jamais')).toBeNull();
  });

  it('reads the app id of a store meta tag', () => {
    expect(parseStoreAppId('app-id=6449112233')).toBe('6449112233');
    expect(parseStoreAppId('app-id=fr.tablesvoisines.app, app-argument=https://x.fr/')).toBe(
      'fr.tablesvoisines.app',
    );
    expect(parseStoreAppId('9WZDNCRFHVJL')).toBe('9WZDNCRFHVJL');
    expect(parseStoreAppId('')).toBeNull();
    expect(parseStoreAppId(null)).toBeNull();
  });

  it('says "Gratuit" by default, in French', () => {
    expect(storeTexts('android')).toEqual({ store: 'Sur Google Play', price: 'Gratuit' });
    expect(storeTexts('ios')).toEqual({ store: 'Sur l’App Store', price: 'Gratuit' });
    expect(storeTexts('ios', { ios: '0,99 €' }).price).toBe('0,99 €');
  });

  it('links to the app in its store', () => {
    expect(storeUrl('android', 'fr.tablesvoisines.app')).toBe(
      'https://play.google.com/store/apps/details?id=fr.tablesvoisines.app',
    );
    expect(storeUrl('ios', '6449112233')).toBe('https://apps.apple.com/fr/app/id6449112233');
  });
});

describe('bannerAllowedOn', () => {
  it('shows on the public pages, never in the owners’ space nor the back office', () => {
    expect(bannerAllowedOn('/')).toBe(true);
    expect(bannerAllowedOn('/restaurant/la-marmite')).toBe(true);
    expect(bannerAllowedOn('/espace-restaurateurs-du-coin')).toBe(true);
    expect(bannerAllowedOn('/espace-restaurateur')).toBe(false);
    expect(bannerAllowedOn('/espace-restaurateur/ma-page')).toBe(false);
    expect(bannerAllowedOn('/admin')).toBe(false);
    expect(bannerAllowedOn('/admin/establishments/1')).toBe(false);
  });
});
