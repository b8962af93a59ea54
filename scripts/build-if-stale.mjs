// `npm start` and `npm test` call this first: it builds the web site and the server when a source
// file is newer than the last build, so the quick start is `npm install && npm start` and an edit
// is never served stale. A full build takes a few seconds; an up-to-date check, milliseconds.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'apps/api/dist/.build-stamp');
const inputs = [
  'packages/contract/src',
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/api/scripts',
  'apps/api/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/package.json',
  'package-lock.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

// `npm run build` ends with `--stamp`: a build run by hand counts as the last build too.
if (process.argv.includes('--stamp')) {
  writeFileSync(stamp, new Date().toISOString());
  process.exit(0);
}

const newestInput = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
const lastBuild = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (newestInput > lastBuild || !existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  console.log('Construction du site et du serveur…');
  // Always a production build: run from a test runner, NODE_ENV=test would give React's development code.
  execSync('npm run build', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
