import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { LocalPhotoStorage } from './local-storage';
import type { PhotoStorage } from './storage';

/** The AWS SDK, large in memory, is loaded only when a bucket is configured. */
export async function createPhotoStorage(config: Config, clock: Clock): Promise<PhotoStorage> {
  if (config.s3 !== undefined) {
    const { S3PhotoStorage } = await import('./s3-storage');
    return new S3PhotoStorage(config.s3, clock);
  }
  return new LocalPhotoStorage({
    dataDir: config.dataDir,
    secret: config.jwtSecret!,
    publicUrl: config.publicUrl,
    clock,
  });
}
