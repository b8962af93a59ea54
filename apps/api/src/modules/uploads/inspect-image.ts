import { AppError } from '@tables-voisines/contract/errors';
import {
  VARIANTS,
  variantKey,
  type ImageType,
  type PhotoStorage,
  type VariantName,
} from '../../adapters/storage/storage';

const FORMAT_OF: Readonly<Record<string, ImageType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** About 50 megapixels: bigger than any camera photo, small enough that a decompression bomb is refused. */
const MAX_PIXELS = 50_000_000;

/** sharp and libvips (their memory: decision 0026) are loaded with the first photo, not by every server. */
const loadSharp = async () => (await import('sharp')).default;

const notAnImage = (declared: string) =>
  new AppError(
    'UnsupportedMediaType',
    `Ce fichier n’est pas une image ${declared.replace('image/', '').toUpperCase()} lisible : envoyez une photo JPEG, PNG ou WebP.`,
  );

/**
 * Decodes the whole image (not only its first bytes): a renamed text file, a truncated photo or a format
 * other than the one announced is `415 UnsupportedMediaType`.
 */
export async function inspectImage(
  bytes: Buffer,
  declared: ImageType,
): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS });
    const meta = await image.metadata();
    if (meta.format === undefined || FORMAT_OF[meta.format] !== declared) throw notAnImage(declared);
    // Decoding every pixel finds truncated and corrupt files that a valid header hides.
    await image.stats();
    return { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAnImage(declared);
  }
}

/** The resized WebP copies of a photo (all of `VARIANTS` unless `variants` says which), turned upright by its EXIF. */
export async function makeVariants(
  bytes: Buffer,
  variants: readonly VariantName[] = Object.keys(VARIANTS) as VariantName[],
): Promise<{ variant: VariantName; bytes: Buffer }[]> {
  const sharp = await loadSharp();
  const out: { variant: VariantName; bytes: Buffer }[] = [];
  for (const variant of variants) {
    const { width, height } = VARIANTS[variant];
    const resized = sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(
        height === undefined
          ? { width, withoutEnlargement: true }
          : { width, height, fit: 'cover', position: 'attention' },
      )
      .webp({ quality: 80 });
    out.push({ variant, bytes: await resized.toBuffer() });
  }
  return out;
}

export async function writeVariants(
  storage: PhotoStorage,
  key: string,
  bytes: Buffer,
  variants?: readonly VariantName[],
): Promise<void> {
  for (const { variant, bytes: data } of await makeVariants(bytes, variants)) {
    await storage.write(variantKey(key, variant), data, 'image/webp');
  }
}
