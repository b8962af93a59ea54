import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config';
import { realClock, type Clock } from '../../lib/clock';
import {
  createPhotoKey,
  extractPhotoKey,
  UPLOAD_TTL_SECONDS,
  type ImageType,
  type PhotoStorage,
  type PreparedUpload,
} from './storage';

const PREFIX = 'photos/';

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Photos in an S3-compatible bucket (AWS S3, MinIO, Garage, Scaleway, OVH...). The browser PUTs the bytes
 * to a pre-signed address; the server reads them back when the photo is attached to an establishment, to
 * check them and make the resized copies.
 */
export class S3PhotoStorage implements PhotoStorage {
  readonly kind = 's3';
  readonly client: S3Client;
  readonly #bucket: string;
  readonly #publicBase: string;
  readonly #clock: Clock;

  constructor(s3: NonNullable<Config['s3']>, clock: Clock = realClock) {
    this.#clock = clock;
    this.#bucket = s3.bucket;
    this.client = new S3Client({
      region: s3.region,
      // Checksums only where S3 requires them: a default CRC32 of the empty body would otherwise be signed
      // into the pre-signed PUT address, and most S3-compatible servers do not know these headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(s3.endpoint === undefined ? {} : { endpoint: s3.endpoint, forcePathStyle: true }),
      ...(s3.accessKeyId === undefined || s3.secretAccessKey === undefined
        ? {}
        : { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }),
    });
    const base =
      s3.publicUrl ??
      (s3.endpoint === undefined
        ? `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`
        : `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`);
    this.#publicBase = base.replace(/\/+$/, '');
  }

  async prepareUpload(input: {
    contentType: ImageType;
    size: number;
    key?: string;
  }): Promise<PreparedUpload> {
    const key = input.key ?? createPhotoKey(input.contentType);
    const command = new PutObjectCommand({
      Bucket: this.#bucket,
      Key: PREFIX + key,
      ContentType: input.contentType,
      CacheControl: 'public, max-age=31536000, immutable',
    });
    const now = this.#clock();
    const uploadUrl = await getSignedUrl(this.client, command, {
      expiresIn: UPLOAD_TTL_SECONDS,
      signingDate: now,
    });
    return {
      uploadUrl,
      url: this.urlOf(key),
      expiresAt: new Date(now.getTime() + UPLOAD_TTL_SECONDS * 1000),
    };
  }

  keyOf(url: string): string | null {
    return extractPhotoKey(url, `${this.#publicBase}/${PREFIX}`);
  }

  urlOf(key: string): string {
    return `${this.#publicBase}/${PREFIX}${key}`;
  }

  absoluteUrlOf(key: string): string {
    return this.urlOf(key);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: PREFIX + key }),
      );
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: PREFIX + key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: PREFIX + key,
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: PREFIX + key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
