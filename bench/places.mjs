// `npm run bench:places`: the towns search (`GET /api/places/search`, decision 0045) in the built server as
// `npm start` runs it, on an empty embedded database (the places are not in it):
//   - memory: resident and heap before the first search and after it, each once the server is still;
//   - the first search (the index read from its file) and the latency of every prefix of a fixed list of names
//     and postcodes, one request at a time, against GET /healthz in the same loop (the HTTP floor).
// Writes bench/results/places.json (`--quick`: fewer rounds, into a temporary folder).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { machine, quick, resultsDir, round, startApi, startCommand, summary } from './support/common.mjs';

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
  };
  console.log(JSON.stringify(result, null, 2));
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, 'places.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
}
