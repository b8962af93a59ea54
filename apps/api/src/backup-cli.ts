// `npm run backup [-- folder]`: a consistent copy of the embedded data directory (see docs/operations.md).
import path from 'node:path';
import { assertEmbeddedDatabase, backupDataDir } from './backup/backup';
import { loadConfig } from './config';
import { realClock } from './lib/clock';
import { runCli } from './lib/run-cli';

async function main(): Promise<number> {
  const config = loadConfig();
  assertEmbeddedDatabase(
    config,
    'DATABASE_URL est défini : sauvegardez PostgreSQL avec pg_dump (voir docs/operations.md) et le stockage des photos avec ses propres outils.',
  );
  const now = realClock();
  const stamp = now.toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const target = path.resolve(process.argv[2] ?? path.join('backups', `sauvegarde-${stamp}`));
  const startedAt = performance.now();
  const manifest = await backupDataDir(config.dataDir, target, () => now);
  console.log(
    `Sauvegarde écrite dans ${target} : base ${(manifest.database.bytes / 1e6).toFixed(1)} Mo, ` +
      `${manifest.uploads} fichiers de photos, en ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`,
  );
  return 0;
}

runCli(main, 'La sauvegarde a échoué :');
