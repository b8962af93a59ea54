// A bare PGlite (the server's extensions) on a data directory, for bench/embedded-memory.mjs: its resident
// memory once open and after the kind of queries the server runs (list, detail, map points, boards, a
// trigram search). BARE_PGLITE_SHARED_BUFFERS sets the buffer pool (PostgreSQL's default when empty).
// Prints one JSON line.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { wasmMemoryOf } from './wasm-memory.mjs';

const MiB = 1024 * 1024;
const sharedBuffers = process.env.BARE_PGLITE_SHARED_BUFFERS;
const measure = async () => {
  const usage = process.memoryUsage();
  return {
    rssMiB: Math.round(usage.rss / MiB),
    pgliteWasm: await wasmMemoryOf(),
    heapUsed: Math.round(usage.heapUsed / MiB),
    heapTotal: Math.round(usage.heapTotal / MiB),
    external: Math.round(usage.external / MiB),
    arrayBuffers: Math.round(usage.arrayBuffers / MiB),
  };
};

const startedAt = performance.now();
const pg = new PGlite({
  dataDir: process.argv[2],
  extensions: { pg_trgm },
  ...(sharedBuffers
    ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] }
    : {}),
});
await pg.waitReady;
const openMs = Math.round(performance.now() - startedAt);
const afterOpen = await measure();
const queries = [
  'select * from establishments order by name limit 20 offset 40',
  'select * from establishments',
  'select * from menu_boards',
  "select id, name from establishments where name % 'bistrot' order by similarity(name, 'bistrot') desc limit 10",
  'select count(*) from establishments group by kind',
];
const queryStartedAt = performance.now();
for (let round = 0; round < 3; round++) for (const sql of queries) await pg.query(sql);
const queriesMs = Math.round(performance.now() - queryStartedAt);
const afterQueries = await measure();
const settings = (
  await pg.query("select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem')")
).rows;
await pg.close();
console.log(JSON.stringify({ openMs, queriesMs, settings, afterOpen, afterQueries }));
