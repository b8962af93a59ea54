import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { appMeta } from './db/schema';
import { generateVapidKeys, vapidKeysProblems, type VapidKeys } from './lib/vapid-keys';

/** The secrets the embedded mode generates once, beside its database (backed up and restored with it). */
const SECRETS_FILE = 'secrets.json';

async function readSecrets(file: string): Promise<Record<string, unknown> | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return null;
  }
}

/**
 * `field` of DATA_DIR/secrets.json when it holds a valid one; otherwise `make()` kept there and answered.
 * The first secret creates the file (`wx`: if another process wrote it first, theirs is read); a later one
 * is added to it, the file replaced whole (written beside, then renamed), and what it then holds answered.
 */
async function keptSecret<T>(
  config: Config,
  field: string,
  valid: (value: unknown) => value is T,
  make: () => T,
): Promise<T> {
  const file = path.join(config.dataDir, SECRETS_FILE);
  const stored = await readSecrets(file);
  const kept = stored?.[field];
  if (valid(kept)) return kept;
  const value = make();
  await mkdir(config.dataDir, { recursive: true });
  if (stored === null) {
    try {
      await writeFile(file, JSON.stringify({ [field]: value }, null, 2), { mode: 0o600, flag: 'wx' });
      return value;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return keptSecret(config, field, valid, make);
    }
  }
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify({ ...stored, [field]: value }, null, 2), { mode: 0o600 });
  await rename(temporary, file);
  const now = (await readSecrets(file))?.[field];
  return valid(now) ? now : value;
}

/**
 * Embedded mode generates the JWT secret once and keeps it in DATA_DIR so tokens survive restarts.
 * With PostgreSQL the secret must come from the environment: replicas must share it.
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret !== undefined) return config.jwtSecret;
  return keptSecret(
    config,
    'jwtSecret',
    (value): value is string => typeof value === 'string' && value.length >= 32,
    () => randomBytes(48).toString('base64url'),
  );
}

const isVapidKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string' &&
  vapidKeysProblems(value as VapidKeys).length === 0;

/** The `app_meta` row that holds the generated pair on PostgreSQL. */
const VAPID_META_KEY = 'vapid-keys';

/**
 * The server's VAPID key pair (decision 0080): from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; otherwise
 * generated once and kept — in DATA_DIR/secrets.json in the embedded mode, beside the JWT secret; in the
 * database on PostgreSQL, one row written by the first replica (`on conflict do nothing`) and read by all,
 * so that every replica signs with the same pair. A line in the log then advises setting the variables.
 */
export async function resolveVapidKeys(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<VapidKeys> {
  if (config.push.vapidKeys !== undefined) return config.push.vapidKeys;
  if (database.engine === 'pglite') return keptSecret(config, 'vapidKeys', isVapidKeys, generateVapidKeys);
  await database.db
    .insert(appMeta)
    .values({ key: VAPID_META_KEY, value: JSON.stringify(generateVapidKeys()) })
    .onConflictDoNothing();
  const [row] = await database.db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, VAPID_META_KEY));
  const keys: unknown = row === undefined ? null : JSON.parse(row.value);
  if (!isVapidKeys(keys)) {
    throw new Error(`The VAPID keys kept in app_meta (${VAPID_META_KEY}) are not a valid pair`);
  }
  log.warn(
    { publicKey: keys.publicKey },
    `VAPID keys generated once and kept in the database (app_meta, key ${VAPID_META_KEY}): set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to that pair so that it does not depend on the row (docs/operations.md)`,
  );
  return keys;
}
