import { CLOSE_ICON, Icon } from '../site/icons';
import { useEffect, useState } from 'react';
import {
  BANNER_HEIGHT_VARIABLE,
  DEFAULT_HIDDEN_DAYS_AFTER_CLOSE,
  bannerAllowedOn,
  DEFAULT_HIDDEN_DAYS_AFTER_INSTALL,
  STORE_META_NAMES,
  bannerStorageKeys,
  detectPlatform,
  hasNativeBanner,
  parseStoreAppId,
  parseStoredDate,
  shouldShowBanner,
  storeTexts,
  storeUrl,
  type BannerPlatform,
} from './smart-banner-rules';

export interface SmartBannerProps {
  appName: string;
  /** `storagePrefix(siteShortName)`: where the visitor's choices are remembered. */
  storagePrefix: string;
  hiddenDaysAfterClose?: number;
  hiddenDaysAfterInstall?: number;
  /** The price shown per store; "Gratuit" by default. */
  prices?: Partial<Record<BannerPlatform, string>>;
  /** The page's path: the banner shows on the public pages only (`bannerAllowedOn`). */
  pathname: string;
}

/**
 * While the banner shows, its height in `--tv-app-banner-height` on the root element: the pages leave that
 * much room at their bottom (public.css), so that it never covers a field, a button or a page's last lines.
 */
function useRoomForBanner(banner: HTMLElement | null): void {
  useEffect(() => {
    if (banner === null) return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(BANNER_HEIGHT_VARIABLE, `${banner.getBoundingClientRect().height}px`);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_VARIABLE);
    };
  }, [banner]);
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the banner simply comes back on the next visit.
  }
}

function isStandalone(): boolean {
  const iosHomeScreen = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosHomeScreen || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * "Get the app" banner for phones and tablets whose store has the app (decision 0008). Client-only:
 * it reads the user agent, the page's store meta tag and the storage after hydration. Closing it hides it
 * for `hiddenDaysAfterClose` days, going to the store for `hiddenDaysAfterInstall` days.
 */
export function SmartBanner({
  appName,
  storagePrefix,
  hiddenDaysAfterClose = DEFAULT_HIDDEN_DAYS_AFTER_CLOSE,
  hiddenDaysAfterInstall = DEFAULT_HIDDEN_DAYS_AFTER_INSTALL,
  prices,
  pathname,
}: SmartBannerProps) {
  const [banner, setBanner] = useState<{ platform: BannerPlatform; appId: string } | null>(null);
  const [element, setElement] = useState<HTMLElement | null>(null);
  useRoomForBanner(element);
  const keys = bannerStorageKeys(storagePrefix);

  useEffect(() => {
    const userAgent = navigator.userAgent;
    const platform = detectPlatform(userAgent, navigator.maxTouchPoints);
    const meta =
      platform === null ? null : document.querySelector(`meta[name="${STORE_META_NAMES[platform]}"]`);
    const appId = parseStoreAppId(meta?.getAttribute('content'));
    const show = shouldShowBanner({
      platform,
      appId,
      standalone: isStandalone(),
      nativeBanner: hasNativeBanner(platform, userAgent),
      closedAt: parseStoredDate(readStorage(keys.closedAt)),
      installedAt: parseStoredDate(readStorage(keys.installedAt)),
      now: Date.now(),
      hiddenDaysAfterClose,
      hiddenDaysAfterInstall,
    });
    setBanner(show && platform !== null && appId !== null ? { platform, appId } : null);
  }, [keys.closedAt, keys.installedAt, hiddenDaysAfterClose, hiddenDaysAfterInstall]);

  if (banner === null || !bannerAllowedOn(pathname)) return null;
  const texts = storeTexts(banner.platform, prices);
  const remember = (key: string) => {
    writeStorage(key, String(Date.now()));
    setBanner(null);
  };

  return (
    <aside
      ref={setElement}
      aria-label="Application mobile"
      data-testid="smart-banner"
      className="tv-paper tv-smart-banner"
    >
      <button
        type="button"
        aria-label="Fermer le bandeau"
        className="tv-icon-button tv-icon-button--small"
        onClick={() => remember(keys.closedAt)}
      >
        <Icon path={CLOSE_ICON} />
      </button>
      <img src="/icons/icon-96.png" alt="" width={48} height={48} className="tv-smart-banner__icon" />
      <div className="tv-smart-banner__text">
        <p className="tv-smart-banner__name tv-nowrap">{appName}</p>
        <p className="tv-small tv-muted tv-nowrap">{texts.store}</p>
        <p className="tv-small tv-muted tv-nowrap">{texts.price}</p>
      </div>
      <a
        className="tv-button tv-button--contained"
        href={storeUrl(banner.platform, banner.appId)}
        target="_blank"
        rel="noopener"
        onClick={() => remember(keys.installedAt)}
        aria-label={`Voir l’application ${appName} ${texts.store.charAt(0).toLowerCase()}${texts.store.slice(1)}`}
      >
        Voir
      </a>
    </aside>
  );
}
