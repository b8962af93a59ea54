import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

/**
 * Embedded mode generates the JWT secret once and keeps it in DATA_DIR so tokens survive restarts.
 * With PostgreSQL the secret must come from the environment: replicas must share it.
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret !== undefined) return config.jwtSecret;
  const file = path.join(config.dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { jwtSecret?: unknown };
    if (typeof stored.jwtSecret === 'string' && stored.jwtSecret.length >= 32) return stored.jwtSecret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const jwtSecret = randomBytes(48).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  // 'wx' fails if another process wrote it first; then read theirs.
  try {
    await writeFile(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600, flag: 'wx' });
    return jwtSecret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return resolveJwtSecret(config);
  }
}
