/** Resized WebP copies the server makes beside each uploaded photo (see docs/api.md, Photos). */
export const PHOTO_VARIANTS = {
  card: { width: 480 },
  medium: { width: 800 },
  page: { width: 1200 },
  social: { width: 1200, height: 630 },
} as const;

export type PhotoVariant = keyof typeof PHOTO_VARIANTS;

// Uploaded photos are named `{uuid}.{ext}`; any other address (a photo from elsewhere) has no copies.
const UPLOADED = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp)$/;

/** The address of a resized copy of an uploaded photo, or null when the photo has none. */
export function photoVariantUrl(url: string, variant: PhotoVariant): string | null {
  const path = url.split(/[?#]/, 1)[0]!;
  if (!UPLOADED.test(path)) return null;
  return `${path.replace(/\.[a-z]+$/, '')}-${variant}.webp`;
}
