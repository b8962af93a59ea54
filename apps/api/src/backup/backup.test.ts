import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/fuzz/contract-fuzz';
import { createEstablishment } from '../../test/factories';
import { repoRoot } from '../../test/server-process';
import { DataDirLockedError, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { BackupError, backupDataDir, restoreDataDir } from './backup';

// `npm run backup` and `npm run restore` on a real embedded data directory: the commands themselves (the
// built CLIs, as npm runs them) and the functions behind them.

let root: string;
let dataDir: string;
let digest: string;
const PHOTO = 'f4b1c7de-1111-4222-8333-944445555666.webp';

beforeAll(async () => {
  expect(existsSync(path.join(repoRoot, 'apps/api/dist/backup-cli.js')), 'run `npm run build` first').toBe(
    true,
  );
  root = await mkdtemp(path.join(os.tmpdir(), 'tv-rel-backup-'));
  dataDir = path.join(root, 'data');
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  await migrateDatabase(database);
  for (let i = 0; i < 5; i++)
    await createEstablishment(database.db, { name: `Sauvegardé ${i}`, town: 'Nancy' });
  digest = await databaseDigest(database.db);
  await database.close();
  await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
  await writeFile(path.join(dataDir, 'uploads', PHOTO), 'photo');
  await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify({ jwtSecret: 'x'.repeat(48) }));
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

const cli = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(repoRoot, `apps/api/dist/${name}-cli.js`), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });

describe('backup and restore of the embedded data directory', () => {
  it('refuses to back up while a server holds the data directory', async () => {
    const running = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await expect(backupDataDir(dataDir, path.join(root, 'pendant'))).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
      const result = cli('backup', [path.join(root, 'pendant-cli')], { DATA_DIR: dataDir });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('est déjà utilisé par un autre processus');
    } finally {
      await running.close();
    }
  }, 60_000);

  it('backs up with `npm run backup` and restores with `npm run restore` into a new DATA_DIR', async () => {
    const target = path.join(root, 'sauvegarde');
    const backup = cli('backup', [target], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`Sauvegarde écrite dans ${target}`);
    const manifest = JSON.parse(await readFile(path.join(target, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, uploads: 1, secrets: true });

    const restoredDir = path.join(root, 'restauré');
    const restore = cli('restore', [target], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const restored = await openDatabase({ databaseUrl: undefined, dataDir: restoredDir });
    try {
      expect(await databaseDigest(restored.db)).toBe(digest);
    } finally {
      await restored.close();
    }
    expect(await readFile(path.join(restoredDir, 'uploads', PHOTO), 'utf8')).toBe('photo');
    expect(await readFile(path.join(restoredDir, 'secrets.json'), 'utf8')).toBe(
      await readFile(path.join(dataDir, 'secrets.json'), 'utf8'),
    );

    // Never over a database by accident; on purpose with --force.
    const again = cli('restore', [target], { DATA_DIR: restoredDir });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('contient déjà une base de données');
    expect(cli('restore', [target, '--force'], { DATA_DIR: restoredDir }).status).toBe(0);
  }, 120_000);

  it('refuses a damaged backup', async () => {
    const target = path.join(root, 'abîmée');
    await backupDataDir(dataDir, target);
    const file = path.join(target, 'db.tar.gz');
    const bytes = await readFile(file);
    bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
    await writeFile(file, bytes);
    await expect(restoreDataDir(target, path.join(root, 'vide'))).rejects.toThrow(BackupError);
    await expect(restoreDataDir(target, path.join(root, 'vide'))).rejects.toThrow(/endommagée/);
  }, 60_000);
});
