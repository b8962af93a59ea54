import type { Config } from '../../config';

/**
 * The web app manifest, built from the configuration at run time (the names and store ids are environment
 * variables): the fields of decision 0008, with every icon size browsers and stores ask for, plus what
 * browsers' richer install dialogs read (`id`, `description`, `screenshots`, `lang`).
 * The PNG files are generated at build by apps/web/scripts/build-icons.mjs from the one source logo; the
 * screenshots are checked in (apps/web/public/screenshots/, apps/web/scripts/take-manifest-screenshots.mjs).
 */

export const MANIFEST_PATH = '/manifest.webmanifest';
export const MANIFEST_CONTENT_TYPE = 'application/manifest+json; charset=utf-8';

/** White background, orange theme (the product's primary colour). */
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

export interface ManifestScreenshot {
  src: string;
  sizes: string;
  type: 'image/webp';
  form_factor: 'wide' | 'narrow';
  label: string;
}

/** Keep in step with apps/web/scripts/take-manifest-screenshots.mjs (a test reads every one). */
export const SCREENSHOTS: readonly ManifestScreenshot[] = [
  {
    src: '/screenshots/carte-ordinateur.webp',
    sizes: '1280x800',
    type: 'image/webp',
    form_factor: 'wide',
    label: 'La carte des restaurateurs et la liste des établissements de la zone, sur un ordinateur',
  },
  {
    src: '/screenshots/carte-telephone.webp',
    sizes: '780x1688',
    type: 'image/webp',
    form_factor: 'narrow',
    label: 'La carte des restaurateurs sur un téléphone',
  },
  {
    src: '/screenshots/etablissement-telephone.webp',
    sizes: '780x1688',
    type: 'image/webp',
    form_factor: 'narrow',
    label: 'La page d’un établissement : adresse, téléphone et horaires',
  },
];

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: 'fr';
  start_url: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
  screenshots: readonly ManifestScreenshot[];
  related_applications: { platform: 'itunes' | 'play'; url: string; id: string }[];
}

export function buildWebAppManifest(site: Config['site']): WebAppManifest {
  return {
    // The app's identity for the browser, whatever start_url becomes later.
    id: '/',
    name: site.name,
    short_name: site.shortName,
    description: `${site.name} : la carte des restaurateurs de votre quartier, partout en France, leurs pages et leurs ardoises du jour.`,
    lang: 'fr',
    start_url: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      ...ICON_SIZES.map((size) => icon(`/icons/icon-${size}.png`, size, 'any')),
      ...MASKABLE_ICON_SIZES.map((size) => icon(`/icons/maskable-${size}.png`, size, 'maskable')),
    ],
    screenshots: SCREENSHOTS,
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
