/**
 * When the smart app banner shows (decision 0008, "Smart banner"): only on iOS, Android, Windows Phone
 * or Kindle devices whose store id meta tag is in the page; hidden for 15 days after it was closed, 90 days
 * after the visitor went to the store, and whenever the site runs as an installed app. Pure functions: the
 * component reads the browser and the storage, these decide.
 */

export type BannerPlatform = 'ios' | 'android' | 'windows' | 'kindle';

export const DEFAULT_HIDDEN_DAYS_AFTER_CLOSE = 15;
export const DEFAULT_HIDDEN_DAYS_AFTER_INSTALL = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The device family from its user agent. Windows Phone and Kindle first: their user agents also name
 * Android or the iPhone. iPadOS presents itself as a Mac: a Mac with a touch screen is an iPad.
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): BannerPlatform | null {
  if (/Windows Phone|IEMobile|WPDesktop/i.test(userAgent)) return 'windows';
  if (/Kindle|Silk\/|\bKF[A-Z]{2,4}\b/.test(userAgent)) return 'kindle';
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return null;
}

/**
 * Safari on iOS shows its own banner from the `apple-itunes-app` meta tag: a second one would repeat it.
 * Other browsers on iOS (Chrome, Firefox, Edge, in-app views) do not.
 */
export function hasNativeBanner(platform: BannerPlatform | null, userAgent: string): boolean {
  return (
    platform === 'ios' &&
    /Safari\//.test(userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent)
  );
}

/** The meta tag naming the app in each store, as the smart banner conventions have it. */
export const STORE_META_NAMES: Record<BannerPlatform, string> = {
  ios: 'apple-itunes-app',
  android: 'google-play-app',
  windows: 'msApplication-ID',
  kindle: 'kindle-fire-app',
};

/** `app-id=6449112233, app-argument=...` -> `6449112233`; a bare id (Windows) as is. */
export function parseStoreAppId(content: string | null | undefined): string | null {
  if (content === null || content === undefined) return null;
  const match = /(?:^|[\s,;])app-id=([^\s,;]+)/.exec(content);
  if (match) return match[1]!;
  const bare = content.trim();
  return bare !== '' && !bare.includes('=') ? bare : null;
}

export interface StoreTexts {
  /** Where the app is: "Sur Google Play". */
  store: string;
  /** "Gratuit" unless configured otherwise. */
  price: string;
}

export const DEFAULT_PRICE = 'Gratuit';

export const STORE_NAMES: Record<BannerPlatform, string> = {
  ios: 'Sur l’App Store',
  android: 'Sur Google Play',
  windows: 'Sur le Microsoft Store',
  kindle: 'Sur l’Amazon Appstore',
};

export function storeTexts(
  platform: BannerPlatform,
  prices: Partial<Record<BannerPlatform, string>> = {},
): StoreTexts {
  return { store: STORE_NAMES[platform], price: prices[platform] ?? DEFAULT_PRICE };
}

/** The app's page in the platform's store. */
export function storeUrl(platform: BannerPlatform, appId: string): string {
  const id = encodeURIComponent(appId);
  switch (platform) {
    case 'ios':
      return `https://apps.apple.com/fr/app/id${id}`;
    case 'android':
      return `https://play.google.com/store/apps/details?id=${id}`;
    case 'windows':
      return `https://apps.microsoft.com/detail/${id}`;
    case 'kindle':
      return `amzn://apps/android?asin=${id}`;
  }
}

export interface BannerContext {
  platform: BannerPlatform | null;
  /** The id read from the platform's store meta tag, `null` when the page has none. */
  appId: string | null;
  /** The site runs as an installed app (display-mode standalone, or iOS home screen). */
  standalone: boolean;
  /** Whether the browser shows its own banner for this platform (Safari on iOS). */
  nativeBanner?: boolean;
  /** Milliseconds since the epoch, `null` when never. */
  closedAt: number | null;
  installedAt: number | null;
  now: number;
  hiddenDaysAfterClose?: number;
  hiddenDaysAfterInstall?: number;
}

/** Within `days` of `at` (either side: a clock set back does not show the banner again early). */
function within(at: number | null, now: number, days: number): boolean {
  return at !== null && Math.abs(now - at) < days * DAY_MS;
}

export function shouldShowBanner(context: BannerContext): boolean {
  if (context.platform === null || context.appId === null) return false;
  if (context.standalone || context.nativeBanner === true) return false;
  if (within(context.closedAt, context.now, context.hiddenDaysAfterClose ?? DEFAULT_HIDDEN_DAYS_AFTER_CLOSE))
    return false;
  if (
    within(
      context.installedAt,
      context.now,
      context.hiddenDaysAfterInstall ?? DEFAULT_HIDDEN_DAYS_AFTER_INSTALL,
    )
  )
    return false;
  return true;
}

/** Where the banner remembers the visitor's choices, under the site's storage prefix. */
export function bannerStorageKeys(prefix: string) {
  return { closedAt: `${prefix}.smartBanner.closedAt`, installedAt: `${prefix}.smartBanner.installedAt` };
}

/** A stored date (milliseconds or an ISO date); `null` when absent or unreadable. */
export function parseStoredDate(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const time = /^\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

/**
 * Whether the banner may show on this page: the public pages only. The owners' space and the back office
 * are where people work (forms, sticky publish buttons); a store advert over them hid their buttons.
 */
export function bannerAllowedOn(pathname: string): boolean {
  return !/^\/(?:espace-restaurateur|admin)(?:\/|$)/.test(pathname);
}

/** The CSS variable holding the banner's height while it shows, which pages leave free at their bottom. */
export const BANNER_HEIGHT_VARIABLE = '--tv-app-banner-height';
