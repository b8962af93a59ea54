import type { Config } from '../../config';

/**
 * The web app manifest, built from the configuration at run time (the names and store ids are environment
 * variables): exactly the specification's fields, with every icon size browsers and stores ask for.
 * The PNG files are generated at build by apps/web/scripts/build-icons.mjs from the one source logo.
 */

export const MANIFEST_PATH = '/manifest.webmanifest';
export const MANIFEST_CONTENT_TYPE = 'application/manifest+json; charset=utf-8';

/** White background, orange theme (the primary colour of the specification). */
export const BACKGROUND_COLOR = '#ffffff';
export const THEME_COLOR = '#f06023';

/** Keep in step with apps/web/scripts/build-icons.mjs (a test fetches every icon listed). */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
export const MASKABLE_ICON_SIZES = [192, 512] as const;

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

export interface WebAppManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
  related_applications: { platform: 'itunes' | 'play'; url: string; id: string }[];
}

export function buildWebAppManifest(site: Config['site']): WebAppManifest {
  return {
    name: site.name,
    short_name: site.shortName,
    start_url: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      ...ICON_SIZES.map((size) => icon(`/icons/icon-${size}.png`, size, 'any')),
      ...MASKABLE_ICON_SIZES.map((size) => icon(`/icons/maskable-${size}.png`, size, 'maskable')),
    ],
    related_applications: [
      {
        platform: 'itunes',
        url: `https://apps.apple.com/app/id${site.iosAppId}`,
        id: site.iosAppId,
      },
      {
        platform: 'play',
        url: `https://play.google.com/store/apps/details?id=${encodeURIComponent(site.androidPackageId)}`,
        id: site.androidPackageId,
      },
    ],
  };
}

function icon(src: string, size: number, purpose: ManifestIcon['purpose']): ManifestIcon {
  return { src, sizes: `${size}x${size}`, type: 'image/png', purpose };
}
