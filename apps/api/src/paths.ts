import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The same code runs from `src/` (tests) and bundled into `dist/` (npm start): find the package root
// by walking up rather than counting `..`.
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@tables-voisines/api') {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @tables-voisines/api package root');
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
export const migrationsDir = path.join(apiRoot, 'drizzle');
export const webBuildDir = path.resolve(apiRoot, '../web/build');
