import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { realClock, type Clock } from '../../lib/clock';
import {
  createPhotoKey,
  extractPhotoKey,
  UPLOAD_TTL_SECONDS,
  type ImageType,
  type PhotoStorage,
  type PreparedUpload,
} from './storage';

export const MEDIA_PREFIX = '/media/';
export const UPLOAD_PREFIX = '/api/uploads/';

export interface UploadClaims {
  key: string;
  contentType: string;
  size: number;
  expires: number;
}

/** A media file name: a photo key or one of its variants (the names of `VARIANTS`, storage.ts). */
export const MEDIA_FILE_RE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.(?:jpg|png|webp)|-(?:card|medium|page|social)\.webp)$/;

/**
 * Photos on the server's disk (`DATA_DIR/uploads`), served at `/media/{file}`. Upload addresses are this
 * server's own `PUT /api/uploads/{key}` signed with an HMAC of the key, type, size and expiry.
 */
export class LocalPhotoStorage implements PhotoStorage {
  readonly kind = 'local';
  readonly dir: string;
  readonly #secret: Buffer;
  readonly #publicUrl: string;
  readonly #clock: Clock;

  constructor(options: { dataDir: string; secret: string; publicUrl: string; clock?: Clock }) {
    this.dir = path.join(options.dataDir, 'uploads');
    this.#secret = createHmac('sha256', options.secret).update('photo-upload-signature').digest();
    this.#publicUrl = options.publicUrl;
    this.#clock = options.clock ?? realClock;
  }

  #sign(claims: UploadClaims): string {
    return createHmac('sha256', this.#secret)
      .update(`${claims.key}\n${claims.contentType}\n${claims.size}\n${claims.expires}`)
      .digest('base64url');
  }

  async prepareUpload(input: {
    contentType: ImageType;
    size: number;
    key?: string;
  }): Promise<PreparedUpload> {
    const key = input.key ?? createPhotoKey(input.contentType);
    const expires = Math.floor(this.#clock().getTime() / 1000) + UPLOAD_TTL_SECONDS;
    const claims = { key, contentType: input.contentType, size: input.size, expires };
    const query = new URLSearchParams({
      type: input.contentType,
      size: String(input.size),
      expires: String(expires),
      signature: this.#sign(claims),
    });
    return {
      uploadUrl: `${UPLOAD_PREFIX}${key}?${query.toString()}`,
      url: this.urlOf(key),
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Whether an upload address is one this server signed; its expiry is checked separately. */
  verifySignature(claims: UploadClaims, signature: string): boolean {
    const expected = Buffer.from(this.#sign(claims));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  keyOf(url: string): string | null {
    const relative = url.startsWith(`${this.#publicUrl}/`) ? url.slice(this.#publicUrl.length) : url;
    return extractPhotoKey(relative, MEDIA_PREFIX);
  }

  urlOf(key: string): string {
    return `${MEDIA_PREFIX}${key}`;
  }

  absoluteUrlOf(key: string): string {
    return `${this.#publicUrl}${MEDIA_PREFIX}${key}`;
  }

  pathOf(file: string): string {
    if (!MEDIA_FILE_RE.test(file)) throw new Error(`not a media file name: ${file}`);
    return path.join(this.dir, file);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async sizeOf(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  /** Write-once: a name that exists already is an error (`EEXIST`), so a cached address never changes. */
  async write(key: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.pathOf(key), bytes, { flag: 'wx' });
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {}
}
