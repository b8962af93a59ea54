// `npm run restore -- <folder> [--force]`: puts a backup made by `npm run backup` back into DATA_DIR.
import path from 'node:path';
import { assertEmbeddedDatabase, restoreDataDir } from './backup/backup';
import { loadConfig } from './config';
import { runCli } from './lib/run-cli';

async function main(): Promise<number> {
  const config = loadConfig();
  assertEmbeddedDatabase(
    config,
    'DATABASE_URL est défini : restaurez PostgreSQL avec pg_restore (voir docs/operations.md).',
  );
  const args = process.argv.slice(2);
  const source = args.find((a) => !a.startsWith('--'));
  if (source === undefined) {
    console.error(
      'Indiquez le dossier de la sauvegarde : npm run restore -- backups/sauvegarde-... [--force]',
    );
    return 1;
  }
  const manifest = await restoreDataDir(path.resolve(source), config.dataDir, {
    force: args.includes('--force'),
  });
  console.log(
    `Sauvegarde du ${manifest.createdAt} restaurée dans ${config.dataDir} (${manifest.uploads} fichiers de photos).`,
  );
  return 0;
}

runCli(main, 'La restauration a échoué :');
