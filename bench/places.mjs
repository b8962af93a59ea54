// `npm run bench:places`: the towns search (`GET /api/places/search`, decision 0045) in the built server as
// `npm start` runs it, on an empty embedded database (the places are not in it):
//   - memory: resident and heap before the first search and after it, each once the server is still;
//   - the first search (the index read from its file) and the latency of every prefix of a fixed list of names
//     and postcodes, one request at a time, against GET /healthz in the same loop (the HTTP floor).
//   - the index alone, in this process, on the shipped data and at the size of every French commune (issue 33:
//     p95 ≤ 5 ms at that size): the 20,105 communes the shipped data has no point for (decision 0045) added
//     from INSEE's list, placed at their department's first town (where a town is does not change a search).
// Writes bench/results/places.json (`--quick`: fewer rounds, into a temporary folder).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import os from 'node:os';
import path from 'node:path';
import {
  machine,
  quick,
  resultsDir,
  root,
  round,
  startApi,
  startCommand,
  summary,
} from './support/common.mjs';

const WORDS = [
  'Lyon',
  'lyon 3',
  'Marseille',
  'st etienne',
  'Saint-Denis',
  'Paris',
  'Bordeaux',
  'Toulouse',
  'Nantes',
  'Lille',
  'Strasbourg',
  'Le Havre',
  'La Rochelle',
  'Aix-en-Provence',
  'Montpellier',
  'Villeneuve',
  'Boulogne',
  'Châteauneuf',
  'Pointe-à-Pitre',
  'Ajaccio',
  'b',
  'm',
  's',
  'l',
  '69003',
  '75011',
  '13001',
  '38000',
  '20000',
  '97400',
  '1',
  '59',
];
const queries = WORDS.flatMap((word) => Array.from({ length: word.length }, (_, n) => word.slice(0, n + 1)));
const rounds = quick ? 1 : 5;

async function timed(url) {
  const start = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - start;
}

async function still(api, ms = 3000) {
  await new Promise((r) => setTimeout(r, ms));
  const samples = await api.probeSamples();
  const last = samples.at(-1) ?? {};
  return {
    rssMiB: round((await api.rss()) / 1024 ** 2, 1),
    heapUsedMiB: last.heapUsed,
    externalMiB: last.external,
  };
}

/** `createPlaceIndex` of the API's source, compiled on the fly (Node 20 does not run TypeScript). */
async function loadPlaceIndex() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-place-index-'));
  const outfile = path.join(dir, 'place-index.mjs');
  await build({
    entryPoints: [path.join(root, 'apps/api/src/modules/places/place-index.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    // `apps/api/src/paths.ts` finds the package from its own address.
    define: {
      'import.meta.url': JSON.stringify(pathToFileURL(path.join(root, 'apps/api/src/paths.ts')).href),
    },
  });
  const module = await import(pathToFileURL(outfile).href);
  await rm(dir, { recursive: true, force: true });
  return module;
}

/** The shipped data, and the same with every current commune it lacks (INSEE's list, as the build reads it). */
async function placesData() {
  const shipped = JSON.parse(await readFile(path.join(root, 'apps/api/generated/places.json'), 'utf8'));
  const communes = createRequire(path.join(root, 'apps/api/package.json'))(
    '@etalab/decoupage-administratif/data/communes.json',
  );
  const known = new Set(shipped.places.map((place) => place[0]));
  const firstOf = new Map();
  for (const place of shipped.places) if (!firstOf.has(place[2])) firstOf.set(place[2], place);
  const added = communes
    .filter((c) => c.type === 'commune-actuelle' && !known.has(c.code) && firstOf.has(c.departement))
    .map((c) => {
      const [, , department, , latitude, longitude] = firstOf.get(c.departement);
      return [c.code, c.nom, department, c.codesPostaux ?? [], latitude, longitude, c.population ?? 0];
    });
  return { shipped, full: { ...shipped, places: [...shipped.places, ...added] } };
}

/** Every query's search in this process, `rounds` times after one warm-up pass. */
function searchInProcess(index) {
  for (const q of queries) index.search(q, 10);
  const ms = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const start = performance.now();
      index.search(q, 10);
      ms.push(performance.now() - start);
    }
  }
  return { places: index.size, ...summary(ms) };
}

const { createPlaceIndex } = await loadPlaceIndex();
const data = await placesData();
const inProcess = {
  what: 'createPlaceIndex(data).search(q, 10) in this process, the same queries and rounds',
  shipped: searchInProcess(createPlaceIndex(data.shipped)),
  everyCommune: searchInProcess(createPlaceIndex(data.full)),
};
console.log('Index seul :', JSON.stringify(inProcess));

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-places-'));
const probeFile = path.join(dataDir, 'memory.jsonl');
const { flags } = startCommand();
const api = await startApi({ DATA_DIR: dataDir }, flags, { probeFile });
try {
  const idle = await still(api);
  const firstMs = await timed(`${api.base}/api/places/search?q=lyon`);
  const afterFirst = await still(api);
  const searchUrls = queries.map((q) => `${api.base}/api/places/search?q=${encodeURIComponent(q)}`);
  for (const url of searchUrls) await timed(url); // warm-up
  const searchMs = [];
  const healthMs = [];
  for (let r = 0; r < rounds; r++) {
    for (const url of searchUrls) {
      searchMs.push(await timed(url));
      healthMs.push(await timed(`${api.base}/healthz`));
    }
  }
  const afterLoad = await still(api);
  const result = {
    command: `node bench/places.mjs${quick ? ' --quick' : ''}`,
    date: new Date().toISOString(),
    machine: machine(),
    queries: `${queries.length} prefixes of ${WORDS.length} names and postcodes, ${rounds} rounds, one request at a time`,
    memory: { idle, afterFirstSearch: afterFirst, afterAllSearches: afterLoad },
    firstSearchMs: round(firstMs),
    search: summary(searchMs),
    reference: { what: 'GET /healthz, same client, same loop', ...summary(healthMs) },
    inProcess,
  };
  // Issue 33's goal: the route's p95 with the index at the size of every commune, estimated as the route's p95
  // on the shipped data plus what the bigger index adds at p95 in this process.
  const everyCommuneP95 = round(
    result.search.p95Ms + Math.max(0, inProcess.everyCommune.p95Ms - inProcess.shipped.p95Ms),
  );
  result.goal = {
    what: 'GET /api/places/search p95 ≤ 5 ms at the size of every French commune',
    estimatedP95Ms: everyCommuneP95,
    met: everyCommuneP95 <= 5,
  };
  console.log(JSON.stringify(result, null, 2));
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, 'places.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
}
