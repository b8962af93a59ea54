import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import { LocalPhotoStorage } from './local-storage';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export const EXTENSION_OF: Readonly<Record<ImageType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const TYPE_OF_EXTENSION: Readonly<Record<string, ImageType>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** How long an upload address stays valid, in seconds. */
export const UPLOAD_TTL_SECONDS = 15 * 60;

/** A photo's name: a random id written once, so its address can be cached for ever. */
export const PHOTO_KEY_RE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp)$/;

/** A new photo's key: a random id with the extension of its type. */
export function createPhotoKey(contentType: ImageType): string {
  return `${randomUUID()}.${EXTENSION_OF[contentType]}`;
}

/** The photo key that follows `prefix` in `url`, `null` when `url` is not such an address. */
export function extractPhotoKey(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return PHOTO_KEY_RE.test(key) ? key : null;
}

/** Resized copies made from each photo, as WebP: `{id}-{variant}.webp` beside `{id}.{ext}`. */
export const VARIANTS = {
  card: { width: 480, height: undefined, label: 'vignette, 480 px de large' },
  medium: { width: 800, height: undefined, label: 'page sur téléphone, 800 px de large' },
  page: { width: 1200, height: undefined, label: 'page, 1200 px de large' },
  social: { width: 1200, height: 630, label: 'partage, 1200 × 630' },
} as const;
export type VariantName = keyof typeof VARIANTS;

export function variantKey(key: string, variant: VariantName): string {
  return `${key.replace(/\.[a-z]+$/, '')}-${variant}.webp`;
}

export interface PreparedUpload {
  uploadUrl: string;
  url: string;
  expiresAt: Date;
}

/**
 * Where photos live: files under `DATA_DIR/uploads` served at `/media/...` (embedded default), or an
 * S3-compatible bucket written through pre-signed PUT addresses.
 */
export interface PhotoStorage {
  readonly kind: 'local' | 's3';
  /** A new key and the address to PUT its bytes to. */
  prepareUpload(input: { contentType: ImageType; size: number }): Promise<PreparedUpload>;
  /** The key of an address this storage gave, `null` for any other address. */
  keyOf(url: string): string | null;
  /** The public address of a key (relative to the site for local files). */
  urlOf(key: string): string;
  /** An absolute address of a key, for services outside (the social network). */
  absoluteUrlOf(key: string): string;
  /** The bytes of a key, `null` when it does not exist. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** The size in bytes of a key, `null` when it does not exist. */
  sizeOf(key: string): Promise<number | null>;
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The AWS SDK (about 20 MiB resident) is loaded only when a bucket is configured. */
export async function createPhotoStorage(config: Config): Promise<PhotoStorage> {
  if (config.s3 !== undefined) {
    const { S3PhotoStorage } = await import('./s3-storage');
    return new S3PhotoStorage(config.s3);
  }
  return new LocalPhotoStorage({
    dataDir: config.dataDir,
    secret: config.jwtSecret!,
    publicUrl: config.publicUrl,
  });
}
