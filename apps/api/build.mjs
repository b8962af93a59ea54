// Bundles the server and its command-line tools: our TypeScript (the contract included) is compiled
// into dist/, every npm dependency stays an import resolved from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter(
  (name) => !name.startsWith('@tables-voisines/'),
);

await build({
  entryPoints: [
    'src/server.ts',
    'src/seed-cli.ts',
    'src/export-cli.ts',
    'src/admin-cli.ts',
    'src/bench-data-cli.ts',
    'src/backup-cli.ts',
    'src/restore-cli.ts',
  ],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
