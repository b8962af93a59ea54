// API benchmark of issue 8, on PostgreSQL, every figure beside its reference measured in the same run:
//   - the cached public list (autocannon) vs @fastify/static serving the same bytes from a file;
//   - the map: latency per viewport (p95) vs GET /healthz, the HTTP floor; the compact feed, once then cached;
//   - POST /menuboards/surrounding (p95) vs the query before decision 0058 (every establishment of the box, then
//     its board of the day) sent by a pg client, and vs its own bare SQL; the same boxes with dish filters
//     (allergens, diets, fait maison) vs the unfiltered search, vs the query before and vs their own bare SQL;
//   - a detail page served from the page cache vs rendered on every request;
//   - the server's resident memory (peak while under all of the above), with its breakdown per phase.
//
// Over 400 lines: each figure sits beside the reference it is compared with, in the order they run.
//
//   npm run bench:api                      200,000 establishments in tv_perf_bench (npm run bench:data first)
//   BENCH_DATA_URL=postgres://... npm run bench:api
//   npm run bench:api -- --quick           a scratch database of 3,000 establishments, short runs: checks only
//                                           that the benchmark works (CI)
// Writes bench/results/api.json (or api-quick.json), and the explain plans to surrounding-explain.txt.
import { execFileSync, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  MiB,
  freePort,
  machine,
  quick,
  resultsDir,
  root,
  round,
  seededRandom,
  startApi,
  startCommand,
  summary,
} from './support/common.mjs';

const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratchName = `tv_perf_quick_${process.pid}`;
const DURATION = quick ? 2 : 10;
// The server runs with the Node flags of `npm start`; `--server-flags "--max-old-space-size=160"` adds some
// (results: api-capped.json).
const flagsAt = process.argv.indexOf('--server-flags');
const extraFlags = flagsAt === -1 ? [] : process.argv[flagsAt + 1].split(' ').filter(Boolean);
const serverFlags = [...startCommand().flags, ...extraFlags];
const VIEWPORTS = quick ? 100 : 2000;
const BOXES = quick ? 30 : 300;

function urlOf(name) {
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  return url.toString();
}

function cli(args, env) {
  execFileSync(process.execPath, ['apps/api/dist/bench-data-cli.js', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: DURATION, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const rateOf = (r) => ({
  requestsPerSecond: round(r.requests.average, 1),
  megabytesPerSecond: round(r.throughput.average / MiB, 1),
  latencyP50Ms: r.latency.p50,
  latencyP99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

/** `dishMatchesSql` of menu-boards.queries.ts on the items under `alias`, its values pushed to `params`. */
function dishMatchesSql(alias, filters, params) {
  const param = (value, cast) => {
    params.push(value);
    return `$${params.length}::${cast}`;
  };
  const conditions = [];
  if (filters.categories.length > 0) {
    conditions.push(
      `${alias}.category_id in (${filters.categories.map((id) => param(id, 'uuid')).join(', ')})`,
    );
  }
  if (filters.excludeAllergens.length > 0) {
    const codes = `array[${filters.excludeAllergens.map((a) => param(a, 'text')).join(', ')}]::text[]`;
    conditions.push(`${alias}.allergens is not null and not (${alias}.allergens && ${codes})`);
  }
  if (filters.diets.length > 0) {
    conditions.push(
      `${alias}.diets @> array[${filters.diets.map((d) => param(d, 'text')).join(', ')}]::text[]`,
    );
  }
  if (filters.homemade) conditions.push(`${alias}.homemade`);
  return conditions.length === 0 ? 'true' : conditions.join(' and ');
}

/** The filters of a search body with their defaults, and the first parameters of both queries: the day, the box. */
function queryOf(box, body, day) {
  return {
    filters: {
      categories: [],
      excludeAllergens: [],
      diets: [],
      homemade: false,
      maxPrice: undefined,
      ...body,
    },
    params: [
      day,
      box.southWest.longitude,
      box.southWest.latitude,
      box.northEast.longitude,
      box.northEast.latitude,
    ],
  };
}

/**
 * The answer as both queries build it (`surroundingMenuBoardsJson`): the boards of the subquery that follows,
 * as `b`, each with its dishes marked by `matches` (SQL on the dish `i`), as one JSON text.
 */
function answerOf(matches) {
  return `
    select coalesce(json_agg(json_build_object(
      'id', b.id,
      'establishment', json_build_object(
        'id', b.establishment_id, 'uri', b.uri, 'name', b.name, 'kind', b.kind,
        'location', json_build_object('latitude', b.latitude, 'longitude', b.longitude)),
      'title', b.title, 'date', b.date,
      'items', coalesce((
        select json_agg(json_build_object(
          'name', i.name, 'price', i.price_cents::float8 / 100, 'category', i.category_id,
          'description', i.description, 'allergens', i.allergens, 'diets', i.diets, 'homemade', i.homemade,
          'meatOrigin', i.meat_origin, 'matches', ${matches}) order by i.position)
        from menu_board_items i where i.menu_board_id = b.id), '[]'::json),
      'createdAt', to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by b.created_at, b.id), '[]'::json)::text as body
    from (`;
}

/**
 * The query of `surroundingMenuBoardsJson` before decision 0058, kept as it was as the reference the search is
 * measured against in the same run: every visible establishment of the box (the establishments' GiST index),
 * then its board of the day, the dish filters by an `EXISTS` on the dishes.
 */
function surroundingSql(box, body, day) {
  const { filters, params } = queryOf(box, body, day);
  const filtered =
    filters.categories.length > 0 ||
    filters.excludeAllergens.length > 0 ||
    filters.diets.length > 0 ||
    filters.homemade;
  const matches = dishMatchesSql('i', filters, params);
  const hasMatchingDish = filtered
    ? `and exists (select 1 from menu_board_items f where f.menu_board_id = mb.id and ${dishMatchesSql('f', filters, params)})`
    : '';
  params.push(1000);
  const text = `${answerOf(matches)}
      select mb.id, mb.establishment_id, mb.title, mb.date, mb.created_at, e.uri, e.name, e.kind, e.latitude, e.longitude
      from menu_boards mb join establishments e on e.id = mb.establishment_id
      where mb.date = $1::date and not e.disabled
        and point(e.longitude, e.latitude) <@ box(point($2, $3), point($4, $5))
        ${hasMatchingDish}
      order by mb.created_at, mb.id
      limit $${params.length}
    ) b`;
  return { text, values: params };
}

/** The lists of `packages/contract/src/dishes.ts`, in order: the bits of `dish_signature` (migration 0006). */
const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
];
const DIETS = ['vegetarian', 'vegan', 'halal', 'kosher'];

/**
 * The query of `surroundingMenuBoardsJson` today (apps/api/src/modules/menu-boards/menu-boards.queries.ts,
 * decisions 0058, 0062 and 0063): the day's boards of the box by `menu_boards_day_place_idx`, the allergens,
 * diets and fait maison on the board's `dish_signatures_union` then `dish_signatures` (`hasMatchingDish`), the first 1,000, each answered from its
 * kept part (`menu_board_answers`), or built from the tables when it has none.
 */
function surroundingByPlaceSql(box, body, day) {
  const { filters, params } = queryOf(box, body, day);
  const required =
    (filters.excludeAllergens.length > 0 ? 1 : 0) |
    filters.diets.reduce((bits, diet) => bits | (1 << (1 + ALLERGENS.length + DIETS.indexOf(diet))), 0) |
    (filters.homemade ? 1 << (1 + ALLERGENS.length + DIETS.length) : 0);
  const forbidden = filters.excludeAllergens.reduce((bits, a) => bits | (1 << (1 + ALLERGENS.indexOf(a))), 0);
  const bySignature = required !== 0 || forbidden !== 0;
  const categories = () =>
    `array[${filters.categories.map((id) => (params.push(id), `$${params.length}`)).join(', ')}]::uuid[]`;
  // `dishPassesSql`: a dish on its signature and category as the board row keeps them.
  const passes = (signature, category) =>
    [
      ...(filters.categories.length > 0 ? [`${category} = any(${categories()})`] : []),
      ...(bySignature
        ? [`${signature} & ${required}::int = ${required}::int and ${signature} & ${forbidden}::int = 0`]
        : []),
    ].join(' and ');
  const filtered = bySignature || filters.categories.length > 0;
  // `hasMatchingDish`: a category by the overlap, the rest dish by dish (with the category when asked).
  const conditions = [];
  if (filters.categories.length > 0) conditions.push(`and mb.dish_categories && ${categories()}`);
  // The union of the dishes' bits first: it decides alone a filter asking one bit and forbidding none.
  if (required !== 0) conditions.push(`and mb.dish_signatures_union & ${required}::int = ${required}::int`);
  const decidedByUnion =
    filters.categories.length === 0 && forbidden === 0 && required !== 0 && (required & (required - 1)) === 0;
  if (bySignature && !decidedByUnion) {
    // `someDishPasses`: up to 8 dishes by position, a longer board unnested.
    const dishes =
      filters.categories.length > 0
        ? 'unnest(mb.dish_signatures, mb.dish_categories) as d(signature, category)'
        : 'unnest(mb.dish_signatures) as d(signature)';
    const positions = Array.from(
      { length: 8 },
      (_, i) => `(${passes(`mb.dish_signatures[${i + 1}]`, `mb.dish_categories[${i + 1}]`)})`,
    );
    conditions.push(`and case when cardinality(mb.dish_signatures) <= 8
      then coalesce(${positions.join(' or ')}, false)
      else exists (select 1 from ${dishes} where ${passes('d.signature', 'd.category')}) end`);
  }
  const condition = conditions.join(' ');
  // `keptDishesSql`: the kept dishes as they are with no filter, else each marked as it passes or not.
  const keptDishes = filtered
    ? `coalesce((
      select string_agg(case when ${passes('x.signature', 'x.category')} then x.dish
        else left(x.dish, -length('true}')) || 'false}' end, ', ' order by x.k)
      from unnest(a.dishes, b.dish_signatures, b.dish_categories) with ordinality as x(dish, signature, category, k)
    ), '')`
    : `array_to_string(a.dishes, ', ')`;
  const createdAt = `to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // `formulasJsonSql` and `fromPriceSql` (decision 0089): the formules from the board's row, `[]` unread.
  const formulas = `case when b.formulas = '[]'::jsonb then '[]' else (
    select json_agg(json_build_object('name', f.value->>'name', 'price', (f.value->>'priceCents')::float8 / 100,
      'courses', f.value->'courses', 'description', f.value->>'description') order by f.k)::text
    from jsonb_array_elements(b.formulas) with ordinality as f(value, k)) end`;
  const fromPrice = 'b.from_price_cents::float8 / 100';
  // `maxPrice` (euros) on the board row's `from_price_cents`, kept by the database.
  const priced =
    filters.maxPrice === undefined
      ? ''
      : `and mb.from_price_cents <= ${Math.round(filters.maxPrice * 100)}::int`;
  const kept = `'{"id" : ' || to_json(b.id)::text || ', "establishment" : ' || a.establishment
    || ', "title" : ' || to_json(b.title)::text || ', "date" : ' || to_json(b.date)::text
    || ', "closedOnDate" : ' || to_json(c.closed_on_date)::text
    || ', "items" : [' || ${keptDishes} || '], "formulas" : ' || ${formulas}
    || ', "fromPrice" : ' || coalesce(to_json(${fromPrice})::text, 'null')
    || ', "createdAt" : ' || to_json(${createdAt})::text || '}'`;
  const built = `(select json_build_object(
      'id', b.id,
      'establishment', json_build_object('id', e.id, 'uri', e.uri, 'name', e.name, 'kind', e.kind,
        'location', json_build_object('latitude', e.latitude, 'longitude', e.longitude)),
      'title', b.title, 'date', b.date, 'closedOnDate', c.closed_on_date,
      'items', coalesce((
        select json_agg(json_build_object(
          'name', i.name, 'price', i.price_cents::float8 / 100, 'category', i.category_id,
          'description', i.description, 'allergens', i.allergens, 'diets', i.diets, 'homemade', i.homemade,
          'meatOrigin', i.meat_origin, 'course', i.course, 'matches', ${dishMatchesSql('i', filters, params)})
          order by i.position)
        from menu_board_items i where i.menu_board_id = b.id), '[]'::json),
      'formulas', (${formulas})::json,
      'fromPrice', ${fromPrice},
      'createdAt', ${createdAt})::text
    from establishments e where e.id = b.establishment_id)`;
  params.push(1000);
  const text = `
    select coalesce('[' || string_agg(coalesce(${kept}, ${built}), ', ' order by b.created_at, b.id) || ']', '[]') as body
    from (
      select mb.id, mb.establishment_id, mb.title, mb.date, mb.created_at, mb.dish_signatures, mb.dish_categories,
        mb.formulas, mb.from_price_cents
      from menu_boards mb
      where mb.date = $1::date and not mb.establishment_disabled
        and point(mb.establishment_longitude, mb.establishment_latitude) <@ box(point($2, $3), point($4, $5))
        ${condition}
        ${priced}
      order by mb.created_at, mb.id
      limit $${params.length}
    ) b
    -- \`closedOnDateSql\`: a closure covers the day, or weekly hours and none on its weekday.
    cross join lateral (
      select ((e.closures <> '[]'::jsonb and exists (
          select 1 from jsonb_array_elements(e.closures) c
          where (c->>'from')::date <= b.date and (c->>'to' is null or b.date <= (c->>'to')::date)))
        or (e.opening_hours <> '[]'::jsonb
          and not e.opening_hours @> jsonb_build_array(jsonb_build_object('day', extract(isodow from b.date)::int))))
        as closed_on_date
      from establishments e where e.id = b.establishment_id
    ) c
    left join menu_board_answers a on a.menu_board_id = b.id`;
  return { text, values: params };
}

/** The price filter measured beside the unfiltered search, on every box (« Moins de 15 € », issue 54). */
const MAX_PRICE = 15;

/** The dish filters measured beside the unfiltered search, one per box in turn (API.md, "Dishes"). */
const DISH_FILTERS = [
  { excludeAllergens: ['gluten'], diets: ['vegetarian'] },
  { homemade: true },
  { excludeAllergens: ['milk', 'eggs'] },
  { diets: ['vegan'] },
];

/** A box the size of a 1280 × 800 screen at `zoom`, centred on a point. */
function viewport(center, zoom) {
  const lonSpan = (1280 / 256) * (360 / 2 ** zoom);
  const latSpan = (800 / 256) * (360 / 2 ** zoom) * Math.cos((center.latitude * Math.PI) / 180);
  return {
    west: Math.max(-180, center.longitude - lonSpan / 2),
    east: Math.min(180, center.longitude + lonSpan / 2),
    south: Math.max(-90, center.latitude - latSpan / 2),
    north: Math.min(90, center.latitude + latSpan / 2),
  };
}

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function main() {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  let databaseUrl = process.env.BENCH_DATA_URL ?? urlOf('tv_perf_bench');
  if (quick) {
    await admin.query(`create database "${scratchName}"`);
    databaseUrl = urlOf(scratchName);
    cli(['--establishments', '3000', '--boards', '10000'], { BENCH_DATA_URL: databaseUrl });
  } else {
    // The set was loaded on some earlier day: its newest boards become today's.
    cli(['--shift'], { BENCH_DATA_URL: databaseUrl });
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-api-'));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let api;
  let staticServer;
  const loadBefore = machine();
  try {
    api = await startApi(
      {
        DATABASE_URL: databaseUrl,
        JWT_SECRET: 'bench-secret-long-enough-for-hs256-signing-0123456789',
        DATA_DIR: dataDir,
      },
      serverFlags,
      { probeFile: path.join(dataDir, 'memory-probe.jsonl') },
    );
    const idleRss = await api.rss();
    // Peak resident memory of each phase, and the server's own breakdown at that phase's highest sample
    // (process.memoryUsage() in MiB: V8's heap, buffers outside it; the rest of the RSS is code and malloc).
    const highest = (samples) => samples.reduce((a, b) => (b.rss > (a?.rss ?? -1) ? b : a), null);
    await new Promise((r) => setTimeout(r, 300));
    const breakdown = { idle: highest(await api.probeSamples()) };
    const phases = {};
    // When each step began (ms since the epoch, as the probe's samples' `t`).
    const steps = [];
    const step = (name) => steps.push({ name, t: Date.now() });
    const phase = async (name) => {
      phases[name] = Math.round(api.memory.peak / MiB);
      breakdown[name] = highest(await api.probeSamples());
      api.memory.peak = await api.rss();
    };
    const { n: establishments } = (
      await db.query('select count(*)::int as n from establishments where not disabled')
    ).rows[0];
    const { n: boards } = (await db.query('select count(*)::int as n from menu_boards')).rows[0];
    const { day } = (await db.query('select max(date)::text as day from menu_boards')).rows[0];
    console.log(`${establishments} établissements visibles, ${boards} ardoises, jour ${day}`);

    // 1. The public list: first production, then cached, against the same bytes from @fastify/static.
    const listUrl = `${api.base}/api/establishments/`;
    step('list: first production');
    let started = performance.now();
    // node:http, not fetch: fetch would decode the Brotli bytes the static server must serve as they are.
    const first = await new Promise((resolve, reject) => {
      http
        .get(listUrl, { headers: { 'accept-encoding': 'br' } }, (response) => {
          const parts = [];
          response.on('data', (part) => parts.push(part));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(parts) }));
        })
        .on('error', reject);
    });
    const listBr = first.body;
    const coldSeconds = (performance.now() - started) / 1000;
    if (first.headers['content-encoding'] !== 'br') throw new Error('the list is not Brotli-encoded');
    const staticDir = path.join(dataDir, 'static');
    await mkdir(staticDir);
    const listJson = zlib.brotliDecompressSync(listBr);
    await writeFile(path.join(staticDir, 'list.json'), listJson);
    await writeFile(path.join(staticDir, 'list.json.br'), listBr);
    const staticPort = await freePort();
    staticServer = fork(path.join(root, 'bench/support/static-server.mjs'), [staticDir, String(staticPort)], {
      stdio: 'inherit',
    });
    await new Promise((resolve) => staticServer.once('message', resolve));
    const headers = { 'accept-encoding': 'br' };
    step('list: cached, autocannon');
    const listApi = rateOf(await cannon({ url: listUrl, headers }));
    step('list: @fastify/static, autocannon');
    const listStatic = rateOf(await cannon({ url: `http://127.0.0.1:${staticPort}/list.json`, headers }));
    step('list: 304, autocannon');
    const notModified = rateOf(
      await cannon({ url: listUrl, headers: { ...headers, 'if-none-match': first.headers.etag } }),
    );
    staticServer.kill();
    console.log('liste', listApi, 'statique', listStatic);
    await phase('list');

    // 2. The map feed, one viewport after another, and /healthz the same way as the HTTP floor.
    step('map: viewports, the feed');
    const centers = (
      await db.query(
        'select latitude, longitude from establishments where not disabled order by md5(id::text) limit 500',
      )
    ).rows;
    const random = seededRandom(8);
    const mapUrls = Array.from({ length: VIEWPORTS }, () => {
      const center = centers[Math.floor(random() * centers.length)];
      const zoom = 5 + Math.floor(random() * 12);
      const v = viewport(center, zoom);
      return `${api.base}/api/map/points?west=${v.west}&south=${v.south}&east=${v.east}&north=${v.north}&zoom=${zoom}`;
    });
    // The same views' lists as the map asks them without the feed (decision 0038): the count in the box and
    // its 30 nearest the centre.
    const listUrls = mapUrls.map((url) => {
      const q = new URL(url).searchParams;
      const latitude = (Number(q.get('south')) + Number(q.get('north'))) / 2;
      const longitude = (Number(q.get('west')) + Number(q.get('east'))) / 2;
      q.delete('zoom');
      return `${api.base}/api/map/nearest?${q}&latitude=${latitude}&longitude=${longitude}&limit=30`;
    });
    started = performance.now();
    await (await fetch(mapUrls[0])).arrayBuffer();
    const indexBuildSeconds = (performance.now() - started) / 1000;
    const mapMs = [];
    const healthMs = [];
    let mapFeatures = 0;
    const listMs = [];
    let listLargestCount = 0;
    for (const [i, url] of mapUrls.entries()) {
      healthMs.push(await timed(async () => (await fetch(`${api.base}/healthz`)).arrayBuffer()));
      mapMs.push(
        await timed(async () => {
          const body = await (await fetch(url)).json();
          mapFeatures = Math.max(mapFeatures, body.features.length);
        }),
      );
      listMs.push(
        await timed(async () => {
          const body = await (await fetch(listUrls[i])).json();
          listLargestCount = Math.max(listLargestCount, body.count);
        }),
      );
    }
    // Each group's members, as the current group's banner asks them without the feed.
    const groupRows = (await db.query('select latitude, longitude, radius_km as radius from groups')).rows;
    const aroundMs = [];
    for (const g of groupRows) {
      const url = `${api.base}/api/map/around?latitude=${g.latitude}&longitude=${g.longitude}&radius=${g.radius}&limit=12`;
      aroundMs.push(await timed(async () => (await fetch(url)).arrayBuffer()));
    }
    const franceUrl = `${api.base}/api/map/points?west=-5.5&south=41&east=10&north=51.5&zoom=6`;
    const mapFrance = rateOf(await cannon({ url: franceUrl }));
    // The web map's feed (every establishment as a compact tuple), produced once then served from memory.
    const feedUrl = `${api.base}/api/map/feed`;
    started = performance.now();
    const feedBytes = (await (await fetch(feedUrl, { headers })).arrayBuffer()).byteLength;
    const feedFirstSeconds = (performance.now() - started) / 1000;
    const feedCached = rateOf(await cannon({ url: feedUrl, headers }));
    console.log('carte', summary(mapMs), 'healthz', summary(healthMs), 'flux', feedCached);
    console.log('liste de la vue', summary(listMs), 'membres des groupes', aroundMs.length, 'groupes');
    await phase('mapFeed');

    // 3. Surrounding menu boards: HTTP against the bare SQL, box by box, zoom 9 to 12.
    step('surrounding boards');
    const categories = (await db.query('select id from categories order by slug')).rows.map((r) => r.id);
    const boxes = Array.from({ length: BOXES }, () => {
      const center = centers[Math.floor(random() * centers.length)];
      const v = viewport(center, 9 + Math.floor(random() * 4));
      const picked = random() < 0.5 ? [] : [categories[Math.floor(random() * categories.length)]];
      return {
        categories: picked,
        northEast: { latitude: v.north, longitude: v.east },
        southWest: { latitude: v.south, longitude: v.west },
      };
    });
    // Each box two ways in turn, so that both meet the same machine: today's query from a pg client, the route;
    // then, in a loop of its own, the query before decision 0058 (the reference). Interleaved with the search,
    // the query before (up to 200,000 buffers, 1.6 GB, for a zoom-9 box) emptied PostgreSQL's 128 MB pool
    // before each measure, which then read its pages back from the system's cache: a state the product, which
    // never runs that query, is never in (2026-11-29: route p95 64.3 ms interleaved; decision 0062).
    const httpMs = [];
    const sqlMs = [];
    const byPlaceSqlMs = [];
    let largest = 0;
    // The same boxes with a dish filter (and the box's category, when it has one), in the same loop: the
    // filtered search against the unfiltered one, the query before and its bare SQL.
    const filteredHttpMs = [];
    const filteredSqlMs = [];
    const filteredByPlaceSqlMs = [];
    let filteredLargest = 0;
    let filteredBoards = 0;
    let unfilteredBoards = 0;
    // Answers of the route whose boards (which, in which order) differ from the query before's: none expected.
    // Boards, not bytes: the answer has gained fields since that query was kept (`closedOnDate`, `course`,
    // `formulas`, `fromPrice`), and the route's own bytes are checked against the bench's copy of its SQL.
    let answersDiffering = 0;
    const post = async (body) => {
      const response = await fetch(`${api.base}/menuboards/surrounding`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 200)
        throw new Error(`surrounding: ${response.status} ${await response.text()}`);
      return response.text();
    };
    // Each answer's boards (their ids in order) as a digest, to compare with the query before's in its own loop.
    const digests = [];
    const digest = (text) =>
      createHash('sha256')
        .update(
          JSON.parse(text)
            .map((board) => board.id)
            .join(','),
        )
        .digest('hex');
    // The same boxes with « Moins de 15 € » (issue 54): `maxPrice` on the board rows the index gives.
    const pricedHttpMs = [];
    const pricedByPlaceSqlMs = [];
    let pricedBoards = 0;
    const measure = async (body, times, compared = true) => {
      let bare;
      times.byPlace.push(
        await timed(async () => {
          bare = (await db.query(surroundingByPlaceSql(body, body, day))).rows[0].body;
        }),
      );
      let answer;
      times.http.push(
        await timed(async () => {
          answer = await post(body);
        }),
      );
      // The bench's copy of the route's SQL must be the route's: else its figure measures something else.
      if (answer !== bare) throw new Error('surroundingByPlaceSql no longer answers what the route answers');
      if (compared) digests.push(digest(answer));
      return JSON.parse(answer).length;
    };
    const filteredBodies = boxes.map((box, index) => ({
      ...box,
      ...DISH_FILTERS[index % DISH_FILTERS.length],
    }));
    for (const [index, box] of boxes.entries()) {
      const count = await measure(box, { byPlace: byPlaceSqlMs, http: httpMs });
      largest = Math.max(largest, count);
      unfilteredBoards += count;
      const filteredCount = await measure(filteredBodies[index], {
        byPlace: filteredByPlaceSqlMs,
        http: filteredHttpMs,
      });
      filteredLargest = Math.max(filteredLargest, filteredCount);
      filteredBoards += filteredCount;
      pricedBoards += await measure(
        { ...box, maxPrice: MAX_PRICE },
        { byPlace: pricedByPlaceSqlMs, http: pricedHttpMs },
        false,
      );
    }
    // The reference, the same boxes in the same order: finds the route's boards, in the route's order.
    let answered = 0;
    for (const [index, box] of boxes.entries()) {
      for (const [body, times] of [
        [box, sqlMs],
        [filteredBodies[index], filteredSqlMs],
      ]) {
        let before;
        times.push(
          await timed(async () => {
            before = (await db.query(surroundingSql(body, body, day))).rows[0].body;
          }),
        );
        if (digest(before) !== digests[answered]) answersDiffering += 1;
        answered += 1;
      }
    }
    console.log('ardoises HTTP', summary(httpMs), 'SQL', summary(byPlaceSqlMs), 'avant', summary(sqlMs));
    console.log(
      'ardoises filtrées HTTP',
      summary(filteredHttpMs),
      'SQL',
      summary(filteredByPlaceSqlMs),
      'avant',
      summary(filteredSqlMs),
    );
    console.log(
      `ardoises à moins de ${MAX_PRICE} € HTTP`,
      summary(pricedHttpMs),
      'SQL',
      summary(pricedByPlaceSqlMs),
    );
    console.log('réponses différentes de la requête d’avant :', answersDiffering);
    await phase('surrounding');
    const explain = [];
    for (const [label, box] of [
      [
        'Paris, zoom 9',
        { southWest: { latitude: 48.55, longitude: 1.85 }, northEast: { latitude: 49.15, longitude: 2.85 } },
      ],
      [
        'Lyon, zoom 11',
        { southWest: { latitude: 45.68, longitude: 4.7 }, northEast: { latitude: 45.84, longitude: 4.98 } },
      ],
      [
        'Cantal, zoom 10',
        { southWest: { latitude: 44.8, longitude: 2.2 }, northEast: { latitude: 45.2, longitude: 2.8 } },
      ],
    ]) {
      for (const [what, body] of [
        ['toutes catégories', {}],
        ['une catégorie', { categories: categories.slice(0, 1) }],
        ['sans gluten, végétarien', DISH_FILTERS[0]],
        ['fait maison', DISH_FILTERS[1]],
        [`moins de ${MAX_PRICE} €`, { maxPrice: MAX_PRICE }],
      ]) {
        const query = surroundingByPlaceSql(box, body, day);
        const plan = await db.query({
          ...query,
          text: `explain (analyze, buffers, costs off) ${query.text}`,
        });
        explain.push(`== ${label}, ${what} ==`, ...plan.rows.map((r) => r['QUERY PLAN']), '');
      }
    }

    // 4. A detail page: from the page cache, and rendered on every request (a query string skips the cache).
    step('detail page');
    const { uri, kind } = (
      await db.query('select uri, kind from establishments where not disabled order by md5(id::text) limit 1')
    ).rows[0];
    const pageUrl = `${api.base}/${kind}/${encodeURIComponent(uri)}`;
    await fetch(pageUrl);
    const pageCached = rateOf(await cannon({ url: pageUrl, headers }));
    const pageRendered = rateOf(await cannon({ url: `${pageUrl}?v=[<id>]`, idReplacement: true }));
    console.log('page en cache', pageCached, 'rendue', pageRendered);
    await phase('detailPage');

    const endRss = await api.rss();
    const mapP95 = summary(mapMs).p95Ms;
    const record = {
      what: 'API of issue 8 on PostgreSQL: each figure with its reference measured in the same run',
      command: `npm run bench:api${quick ? ' -- --quick' : ''}${extraFlags.length > 0 ? ` -- --server-flags "${extraFlags.join(' ')}"` : ''}`,
      serverCommand: [
        ...Object.entries(startCommand().env).map(([name, value]) => `${name}=${process.env[name] ?? value}`),
        'node',
        ...serverFlags,
        'apps/api/dist/server.js',
      ].join(' '),
      date: new Date().toISOString(),
      quick,
      machineBefore: loadBefore,
      machineAfter: machine(),
      postgres: (await db.query('show server_version')).rows[0].server_version,
      data: { establishmentsVisible: establishments, menuBoards: boards, day },
      list: {
        goal: 'cached list at >= 50 % of the rate of @fastify/static serving the same bytes',
        brotliBytes: listBr.length,
        jsonBytes: listJson.length,
        firstProductionSeconds: round(coldSeconds),
        cached: listApi,
        reference: { what: '@fastify/static, preCompressed, same .br bytes, own process', ...listStatic },
        ratio: round(listApi.requestsPerSecond / listStatic.requestsPerSecond),
        met: listApi.requestsPerSecond >= 0.5 * listStatic.requestsPerSecond,
        notModified304: notModified,
      },
      mapFeed: {
        goal: 'p95 <= 10 ms per viewport (zoom 5 to 16, 1280 x 800 px)',
        indexBuildSeconds: round(indexBuildSeconds),
        viewports: summary(mapMs),
        reference: { what: 'GET /healthz, same client, same loop', ...summary(healthMs) },
        largestAnswerFeatures: mapFeatures,
        franceZoom6: mapFrance,
        met: mapP95 <= 10,
        list: {
          what: 'GET /api/map/nearest for the same viewports (limit 30, ranked from their centre), then GET /api/map/around for every group (limit 12): the list without the feed (decision 0038)',
          nearest: summary(listMs),
          largestCount: listLargestCount,
          around: { groups: groupRows.length, ...(aroundMs.length > 0 ? summary(aroundMs) : {}) },
        },
        feed: {
          what: "GET /api/map/feed, the web map's compact feed: first production, then cached (Brotli)",
          firstProductionSeconds: round(feedFirstSeconds),
          decodedBytes: feedBytes,
          cached: feedCached,
        },
      },
      surrounding: {
        goal: 'p95 of POST /menuboards/surrounding at most a fifth of the query before decision 0058 in the same run, and under 50 ms (issue 33); within 2x of its own bare SQL (issue 8)',
        boxes: BOXES,
        largestAnswerBoards: largest,
        answersDifferingFromReference: answersDiffering,
        http: summary(httpMs),
        reference: {
          what: "the query before decision 0058 (every establishment of the box, then its board of the day), sent by a pg client, the same boxes in a loop of its own after the search's: today's query of issue 33",
          ...summary(sqlMs),
        },
        ratioP95: round(summary(httpMs).p95Ms / summary(sqlMs).p95Ms),
        bareSql: {
          what: 'the same SQL as the route (decisions 0058 and 0062) sent by a pg client (no HTTP, no Node work)',
          ...summary(byPlaceSqlMs),
        },
        ratioP95ToBareSql: round(summary(httpMs).p95Ms / summary(byPlaceSqlMs).p95Ms),
        met:
          summary(httpMs).p95Ms <= summary(sqlMs).p95Ms / 5 &&
          summary(httpMs).p95Ms < 50 &&
          summary(httpMs).p95Ms <= 2 * summary(byPlaceSqlMs).p95Ms,
        explainPlans: 'bench/results/surrounding-explain.txt',
      },
      surroundingFiltered: {
        goal: 'the same boxes with a dish filter: p95 within 1.25x of the unfiltered search (as fast, with some noise), under 50 ms and at most a fifth of the filtered query before decision 0058 (issue 33), and within 2x of its bare SQL',
        filters: DISH_FILTERS,
        what: "each box once unfiltered (above), then once with the next of these filters added to the box's category, if any",
        largestAnswerBoards: filteredLargest,
        boardsAnswered: { unfiltered: unfilteredBoards, filtered: filteredBoards },
        http: summary(filteredHttpMs),
        reference: {
          what: 'the same filtered SQL as the route (decisions 0058 and 0062) sent by a pg client (no HTTP, no Node work)',
          ...summary(filteredByPlaceSqlMs),
        },
        before: {
          what: 'the filtered query before decision 0058 (an EXISTS on the dishes), sent by a pg client, in the loop of the query before',
          ...summary(filteredSqlMs),
        },
        unfilteredHttp: summary(httpMs),
        ratioP95ToUnfiltered: round(summary(filteredHttpMs).p95Ms / summary(httpMs).p95Ms),
        ratioP95ToSql: round(summary(filteredHttpMs).p95Ms / summary(filteredByPlaceSqlMs).p95Ms),
        ratioP95ToBefore: round(summary(filteredHttpMs).p95Ms / summary(filteredSqlMs).p95Ms),
        met:
          summary(filteredHttpMs).p95Ms <= 1.25 * summary(httpMs).p95Ms &&
          summary(filteredHttpMs).p95Ms < 50 &&
          summary(filteredHttpMs).p95Ms <= summary(filteredSqlMs).p95Ms / 5 &&
          summary(filteredHttpMs).p95Ms <= 2 * summary(filteredByPlaceSqlMs).p95Ms,
      },
      surroundingMaxPrice: {
        goal: 'the same boxes (with their category, if any) and maxPrice: p95 within 1.25x of the unfiltered search in the same run (issue 54)',
        maxPrice: MAX_PRICE,
        boardsAnswered: { unfiltered: unfilteredBoards, maxPrice: pricedBoards },
        http: summary(pricedHttpMs),
        bareSql: {
          what: 'the same SQL as the route (decision 0089) sent by a pg client',
          ...summary(pricedByPlaceSqlMs),
        },
        unfilteredHttp: summary(httpMs),
        ratioP95ToUnfiltered: round(summary(pricedHttpMs).p95Ms / summary(httpMs).p95Ms),
        met: summary(pricedHttpMs).p95Ms <= 1.25 * summary(httpMs).p95Ms,
      },
      detailPage: {
        page: `/${kind}/${uri}`,
        cached: pageCached,
        reference: {
          what: 'the same page rendered on every request (query string, no cache)',
          ...pageRendered,
        },
        ratio: round(pageCached.requestsPerSecond / pageRendered.requestsPerSecond, 1),
      },
      memory: {
        goal: 'RSS <= 250 MB under load at 200,000 establishments (PostgreSQL mode)',
        idleMiB: Math.round(idleRss / MiB),
        peakMiB: Math.max(...Object.values(phases)),
        // The goal is in MB (10^6 bytes); the phases are in MiB.
        peakMB: Math.round((Math.max(...Object.values(phases)) * MiB) / 1e6),
        peakMiBByPhase: phases,
        steps,
        breakdownMiBAtPeakOfPhase: breakdown,
        endMiB: Math.round(endRss / MiB),
        sampledEveryMs: 50,
        met: Math.max(...Object.values(phases)) * MiB <= 250e6,
      },
    };
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      quick ? 'api-quick.json' : extraFlags.length > 0 ? 'api-capped.json' : 'api.json',
    );
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
    if (!quick && extraFlags.length === 0) {
      await writeFile(path.join(resultsDir, 'surrounding-explain.txt'), explain.join('\n'));
    }
    console.log(`written to ${path.relative(root, file)}`);
  } finally {
    if (staticServer && staticServer.exitCode === null) staticServer.kill();
    await api?.stop();
    await db.end();
    if (quick) await admin.query(`drop database if exists "${scratchName}" with (force)`);
    await admin.end();
    // BENCH_KEEP_PROBE=file: the server's memory samples (every 100 ms) kept for a closer look, with the
    // times at which each step began (`steps` in the result file).
    if (process.env.BENCH_KEEP_PROBE) {
      await copyFile(path.join(dataDir, 'memory-probe.jsonl'), process.env.BENCH_KEEP_PROBE).catch(() => {});
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
