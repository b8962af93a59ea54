import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { lockDataDir, openDatabase, pgliteExtensions, pgliteStartParams } from '../db/client';
import { realClock, type Clock } from '../lib/clock';
import { CliError } from '../lib/run-cli';

/*
 * Backups of the embedded data directory: the database as PGlite's own dump (taken while holding the data
 * directory's lock, so never while a server writes to it), the uploaded photos and the generated secrets.
 * A backup is a folder; `restoreDataDir` puts one back into an empty (or, with `force`, replaced) DATA_DIR.
 */

export const BACKUP_FORMAT = 1;
const DB_FILE = 'db.tar.gz';
const MANIFEST_FILE = 'manifest.json';
/** What a backup carries besides the database, relative to DATA_DIR. */
const COPIED = ['uploads', 'secrets.json'] as const;

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string };
  uploads: number;
  secrets: boolean;
}

export class BackupError extends CliError {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Refuses with `message` when a PostgreSQL database is configured: only the embedded one is copied here. */
export function assertEmbeddedDatabase(config: Pick<Config, 'databaseUrl'>, message: string): void {
  if (config.databaseUrl !== undefined) throw new BackupError(message);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).length;
}

const isEmptyDir = async (dir: string) => !existsSync(dir) || (await readdir(dir)).length === 0;

/** Writes a consistent backup of `dataDir` into `target` (a new or empty folder). */
export async function backupDataDir(
  dataDir: string,
  target: string,
  clock: Clock = realClock,
): Promise<BackupManifest> {
  if (!existsSync(path.join(dataDir, 'db'))) {
    throw new BackupError(`Aucune base de données embarquée dans ${dataDir} : rien à sauvegarder.`);
  }
  if (!(await isEmptyDir(target)))
    throw new BackupError(`Le dossier ${target} existe déjà et n’est pas vide.`);
  // Takes the data directory's lock: refused while a server runs on it (DataDirLockedError).
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    const dump = Buffer.from(await (await database.dump!()).arrayBuffer());
    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, DB_FILE), dump);
    for (const name of COPIED) {
      const from = path.join(dataDir, name);
      if (existsSync(from)) await cp(from, path.join(target, name), { recursive: true });
    }
    if (existsSync(path.join(target, 'secrets.json'))) await chmod(path.join(target, 'secrets.json'), 0o600);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: clock().toISOString(),
      database: { file: DB_FILE, bytes: dump.length, sha256: sha256(dump) },
      uploads: await countFiles(path.join(target, 'uploads')),
      secrets: existsSync(path.join(target, 'secrets.json')),
    };
    await writeFile(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await database.close();
  }
}

/**
 * Puts the backup in `source` back into `dataDir`. Refuses a data directory that already holds a database
 * unless `force` (which replaces its database, photos and secrets), and a backup whose database file does
 * not match its manifest. Holds the data directory's lock throughout.
 */
export async function restoreDataDir(
  source: string,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(source, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${source} n’est pas une sauvegarde : ${MANIFEST_FILE} manque ou est illisible.`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`Format de sauvegarde ${manifest.format} inconnu (attendu : ${BACKUP_FORMAT}).`);
  }
  const dump = await readFile(path.join(source, manifest.database.file));
  if (sha256(dump) !== manifest.database.sha256) {
    throw new BackupError(
      `La base de données de la sauvegarde ${source} est endommagée (empreinte différente).`,
    );
  }
  const dbDir = path.join(dataDir, 'db');
  if (!options.force && !(await isEmptyDir(dbDir))) {
    throw new BackupError(
      `${dataDir} contient déjà une base de données : restaurez dans un DATA_DIR vide, ou ajoutez --force pour la remplacer.`,
    );
  }
  await mkdir(dbDir, { recursive: true });
  const release = await lockDataDir(dataDir, dbDir);
  try {
    await rm(dbDir, { recursive: true, force: true });
    await mkdir(dbDir, { recursive: true });
    const client = new PGlite({
      dataDir: dbDir,
      loadDataDir: new Blob([dump]),
      extensions: pgliteExtensions,
      startParams: pgliteStartParams,
    });
    await client.waitReady;
    await client.query('select 1');
    await client.close();
    for (const name of COPIED) {
      const to = path.join(dataDir, name);
      await rm(to, { recursive: true, force: true });
      const from = path.join(source, name);
      if (existsSync(from)) await cp(from, to, { recursive: true });
    }
    return manifest;
  } finally {
    await release();
  }
}
