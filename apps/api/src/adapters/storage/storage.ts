import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

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

/** The account that prepares an upload, the only one but admins that may attach it. */
export interface PhotoAccount {
  role: 'admin' | 'restaurant-owner';
  id: string;
}

const hexOfKey = (key: string) => key.slice(0, 36).replaceAll('-', '');

/** 16 hex digits of an HMAC, with the server's secret, of the account and the key's random half. */
function accountMark(secret: string, account: PhotoAccount, random: string): string {
  return createHmac('sha256', secret)
    .update(`photo-key\n${account.role}\n${account.id}\n${random}`)
    .digest('hex')
    .slice(0, 16);
}

/**
 * A new photo's key that says which account prepared it, with no table to keep: of its 32 hex digits, 16
 * are random and 16 an HMAC of the account and those (`accountMark`). It keeps the shape of a UUID, so every
 * reader of photo names (`PHOTO_KEY_RE`, the media route, the copies, the web's variants, backups) reads it
 * as before. 64 bits of HMAC: another account's mark cannot be guessed, and the secret never leaves the
 * server (the same secret signs the access tokens).
 */
export function createAccountPhotoKey(secret: string, account: PhotoAccount, contentType: ImageType): string {
  const random = randomBytes(8).toString('hex');
  const hex = random + accountMark(secret, account, random);
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return `${id}.${EXTENSION_OF[contentType]}`;
}

/**
 * Whether `key` was made by `createAccountPhotoKey` for this account. A key of another account, or one made
 * before keys said their account (a random UUID), is not.
 */
export function isPhotoKeyOf(secret: string, key: string, account: PhotoAccount): boolean {
  if (!PHOTO_KEY_RE.test(key)) return false;
  const hex = hexOfKey(key);
  const expected = Buffer.from(accountMark(secret, account, hex.slice(0, 16)));
  const given = Buffer.from(hex.slice(16));
  return expected.length === given.length && timingSafeEqual(expected, given);
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
  /**
   * The address to PUT the bytes of `key` to (`createAccountPhotoKey`); a new random key when none is
   * given.
   */
  prepareUpload(input: { contentType: ImageType; size: number; key?: string }): Promise<PreparedUpload>;
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
