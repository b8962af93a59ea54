// `npm run bench`: every benchmark, one after the other (they measure ratios, never two at once).
//   npm run bench                full size: API at 200,000 establishments (npm run bench:data first), the
//                                embedded server's memory on the demo data, a board announced to 10,000
//                                followers, exports at 200,000 rows, static export of 10,000 pages, page
//                                weight, frame times of the browser map at 200,000, Lighthouse median of 3;
//                                writes bench/results/
//   npm run bench -- --quick     small data and short runs (under 5 minutes): checks only that every
//                                benchmark works; results go to a temporary folder, bench/results/ is untouched
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const env = { ...process.env };
if (quick) env.BENCH_RESULTS_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'tv-bench-quick-'));

const steps = [
  ['API (liste, carte, ardoises, pages, mémoire)', ['bench/api.mjs', ...(quick ? ['--quick'] : [])], {}],
  [
    'serveur embarqué (PGlite) : mémoire au repos et sous charge',
    ['bench/embedded-memory.mjs', ...(quick ? ['--quick'] : [])],
    {},
  ],
  ['recherche de villes (index, mémoire, latence)', ['bench/places.mjs', ...(quick ? ['--quick'] : [])], {}],
  [
    'notifications : une ardoise annoncée à 10 000 abonnés',
    ['bench/push.mjs', ...(quick ? ['--quick'] : [])],
    {},
  ],
  [
    'statistiques : 2 000 évènements par seconde, /healthz à côté',
    ['bench/stats.mjs', ...(quick ? ['--quick'] : [])],
    {},
  ],
  ['exports CSV et XLSX', ['bench/export.mjs'], quick ? { BENCH_ROWS: '2000' } : {}],
  ['export statique des pages (10 000)', ['bench/export-pages.mjs', ...(quick ? ['--quick'] : [])], {}],
  ['poids JavaScript de la page détail', ['bench/page-weight.mjs'], {}],
  [
    'carte dans le navigateur : images en déplacement',
    ['bench/map-frames.mjs', ...(quick ? ['--quick'] : [])],
    {},
  ],
  [
    'carte dans le navigateur : démarrage sur un téléphone',
    ['bench/map-start.mjs', ...(quick ? ['--quick'] : [])],
    {},
  ],
  ['Lighthouse', ['bench/lighthouse.mjs', '--runs', quick ? '1' : '3', ...(quick ? ['--quick'] : [])], {}],
];

/**
 * Runs one benchmark, its output passed on as it comes; resolves to its exit code and its last lines, repeated
 * at the end when it fails: CI shows the end of its log, and a failure's cause was otherwise far above it.
 */
function run(args, extra) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (stream, out) =>
      stream.on('data', (chunk) => {
        out.write(chunk);
        tail = (tail + chunk.toString()).slice(-4000);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('close', (code, signal) => resolve({ code: code ?? signal, tail }));
  });
}

const started = performance.now();
const failed = [];
for (const [label, args, extra] of steps) {
  console.log(`\n=== ${label} ===`);
  const t = performance.now();
  const { code, tail } = await run(args, extra);
  if (code === 0) {
    console.log(`--- ${label} : ${((performance.now() - t) / 1000).toFixed(0)} s`);
  } else {
    const lines = tail.split('\n').slice(-15).join('\n');
    failed.push({ label, code, lines });
    console.error(`--- ${label} : ÉCHEC (${code})`);
  }
}
console.log(
  `\n${steps.length - failed.length}/${steps.length} mesures en ${((performance.now() - started) / 1000).toFixed(0)} s` +
    (quick ? ` (résultats dans ${env.BENCH_RESULTS_DIR})` : ' (résultats dans bench/results/)'),
);
if (failed.length > 0) {
  for (const { label, code, lines } of failed) {
    console.error(`\nÉchec : ${label} (code ${code}), ses dernières lignes :\n${lines}`);
  }
  process.exit(1);
}
