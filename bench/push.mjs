// « Suivre » at scale (issue 51, point 6): a place with 10,000 followers publishes its board; how long until
// the server has handed every message to the push service, and what its memory does meanwhile. On a scratch
// PostgreSQL database, the built server (`npm start`'s flags) against a local push service in a process of
// its own (bench/support/push-receiver.mjs), which takes each message:
//   - at once: the server's own rate (encryption, HTTP, the deliveries recorded in the database);
//   - after 100 ms, as a distant push service answers: what the concurrency of the sending gives.
// Beside them, in the same run, the reference: web-push's bare `generateRequestDetails` in a loop (the
// encryption and VAPID signature of one message, nothing sent), what a sender calling it for each message
// (as web-push's own `sendNotification` does) can reach on one core at best; and the encryption alone. The
// server's resident memory and V8 heap are sampled over each run: at its start, at its peak, after it.
//
//   npm run bench:push                 10,000 followers; writes bench/results/push.json
//   npm run bench:push -- --quick      1,000 followers, in under 20 s: checks only that the benchmark works
//   BENCH_FOLLOWERS=50000 npm run bench:push   another size; writes bench/results/push-50000.json
// The server must be built (`npm run build`).
import { execFileSync, fork } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import webPush from 'web-push';
import { MiB, machine, quick, resultsDir, root, round, startApi, startCommand } from './support/common.mjs';

const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratchName = `tv_push_bench_${process.pid}`;
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? (quick ? 1000 : 10_000));
const GOAL_MS = 60_000;
const REFERENCE_MS = quick ? 500 : 3000;
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const SUBJECT = 'mailto:bench@tables-voisines.test';
const ADMIN = { username: 'bench-push', email: 'bench-push@exemple.fr', password: 'Ratatouille-Nicoise-88' };
const INSERT_BATCH = 1000;
/** The server left idle before a run (its start's work done) and after it (what it keeps, then). */
const SETTLE_BEFORE_MS = quick ? 300 : 1000;
const SETTLE_AFTER_MS = quick ? 1000 : 2000;

function urlOf(name) {
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  return url.toString();
}

function startReceiver() {
  const child = fork(path.join(root, 'bench/support/push-receiver.mjs'), ['0'], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', ({ port }) => resolve({ child, base: `http://127.0.0.1:${port}` }));
    child.once('exit', (code) => reject(new Error(`push receiver exited with ${code}`)));
  });
}

const stats = async (receiver) => (await fetch(`${receiver.base}/stats`)).json();

/** `count` browsers' subscriptions at the receiver: real P-256 keys, as `PushSubscription.toJSON()` gives. */
function subscriptions(receiver, count) {
  return Array.from({ length: count }, () => {
    const ecdh = createECDH('prime256v1');
    return {
      id: randomUUID(),
      endpoint: `${receiver.base}/push/${randomUUID()}`,
      keys: {
        p256dh: ecdh.generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
  });
}

/** A place, with no weekly hours (never closed), as the application writes one. */
async function insertPlace(db, name) {
  const id = randomUUID();
  const uri = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 6)}`;
  await db.query(
    `insert into establishments (id, uri, kind, name, venue_type, town, latitude, longitude, claim_code, search_text)
     values ($1, $2, 'restaurant', $3, 'restaurant', 'Lyon', 45.76, 4.83, $4, $5)`,
    [id, uri, name, randomUUID().slice(0, 8).toUpperCase(), `${name.toLowerCase()} lyon`],
  );
  return id;
}

async function insertFollowers(db, establishmentId, subs, fresh) {
  for (let i = 0; i < subs.length; i += INSERT_BATCH) {
    const batch = subs.slice(i, i + INSERT_BATCH);
    if (fresh) {
      await db.query(
        `insert into push_subscriptions (id, endpoint, p256dh, auth)
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
        [
          batch.map((s) => s.id),
          batch.map((s) => s.endpoint),
          batch.map((s) => s.keys.p256dh),
          batch.map((s) => s.keys.auth),
        ],
      );
    }
    await db.query(
      `insert into follows (subscription_id, establishment_id) select unnest($1::uuid[]), $2::uuid`,
      [batch.map((s) => s.id), establishmentId],
    );
  }
}

/** How many `generateRequestDetails` a second, for `ms`: with the VAPID signature (as web-push sends), and without. */
function referenceRates(subs) {
  const vapid = webPush.generateVAPIDKeys();
  const vapidDetails = { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  const payload = JSON.stringify({
    title: 'Le Bistrot du Marché',
    body: 'L’ardoise du jour est en ligne : Blanquette de veau, Tarte aux pommes, Soupe à l’oignon…',
    url: 'https://tables-voisines.example/restaurant/le-bistrot-du-marche-a-lyon',
    tag: `ardoise-${randomUUID()}-2026-12-04`,
    icon: 'https://tables-voisines.example/icons/icon-192.png',
  });
  const rate = (options) => {
    let n = 0;
    const started = performance.now();
    while (performance.now() - started < REFERENCE_MS) {
      webPush.generateRequestDetails(subs[n % subs.length], payload, options);
      n += 1;
    }
    return round((n * 1000) / (performance.now() - started), 0);
  };
  rate({ TTL: 3600, vapidDetails }); // warm-up of both paths
  return {
    withVapidPerSecond: rate({ TTL: 3600, vapidDetails, urgency: 'normal' }),
    encryptionOnlyPerSecond: rate({ TTL: 3600, urgency: 'normal' }),
    payloadBytes: Buffer.byteLength(payload),
  };
}

async function publishAndWait({ api, receiver, token, establishmentId, category, latencyMs, label }) {
  await fetch(`${receiver.base}/latency?ms=${latencyMs}`, { method: 'POST' });
  await fetch(`${receiver.base}/reset`, { method: 'POST' });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_BEFORE_MS));
  await api.probeSamples();
  const rssStart = await api.rss();
  api.memory.peak = rssStart;
  const started = Date.now();
  const response = await fetch(`${api.base}/api/menuboard/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      establishment: establishmentId,
      title: 'Ardoise du midi',
      date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()),
      items: [
        { name: 'Blanquette de veau', price: 16.5, category },
        { name: 'Tarte aux pommes', price: 6, category },
      ],
    }),
  });
  const publishMs = Date.now() - started;
  if (response.status !== 201) throw new Error(`publish: ${response.status} ${await response.text()}`);
  let last;
  for (;;) {
    last = await stats(receiver);
    if (last.received >= FOLLOWERS || Date.now() - started > 3 * GOAL_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const peakRss = api.memory.peak;
  const during = await api.probeSamples();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_AFTER_MS));
  const rssEnd = await api.rss();
  const after = await api.probeSamples();
  const heap = (samples) => samples.map((s) => s.heapUsed);
  const allMs = last.lastAt === null ? null : last.lastAt - started;
  const phase = {
    label,
    receiverLatencyMs: latencyMs,
    publishAnswerMs: publishMs,
    firstMessageMs: last.firstAt === null ? null : last.firstAt - started,
    allMessagesMs: last.received >= FOLLOWERS ? allMs : null,
    received: last.received,
    distinctBrowsers: last.distinct,
    refusedByReceiver: last.bad,
    messagesPerSecond: allMs === null ? 0 : round((last.received * 1000) / allMs, 0),
    rssMiB: { start: round(rssStart / MiB, 1), peak: round(peakRss / MiB, 1), end: round(rssEnd / MiB, 1) },
    heapUsedMiB: {
      start: heap(during)[0] ?? null,
      peak: Math.max(...heap(during), ...heap(after)),
      end: heap(after).at(-1) ?? null,
    },
  };
  return phase;
}

async function main() {
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  await admin.query(`create database "${scratchName}"`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-bench-push-'));
  const databaseUrl = urlOf(scratchName);
  let receiver;
  let api;
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    receiver = await startReceiver();
    const env = {
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      DATA_DIR: dataDir,
      PUSH_ALLOWED_ORIGINS: receiver.base,
      VAPID_SUBJECT: SUBJECT,
    };
    api = await startApi(env, startCommand().flags, { probeFile: path.join(dataDir, 'memory-probe.jsonl') });
    execFileSync(
      process.execPath,
      [
        'apps/api/dist/admin-cli.js',
        '--username',
        ADMIN.username,
        '--email',
        ADMIN.email,
        '--password',
        ADMIN.password,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } },
    );
    const signIn = await fetch(`${api.base}/api/admin/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const { token } = (await signIn.json()).authentication;

    await db.connect();
    const category = randomUUID();
    await db.query(
      `insert into categories (id, slug, name_fr, name_en, search_fr, search_en)
       values ($1, 'plats-bench', 'Plats', 'Dishes', 'plats', 'dishes')`,
      [category],
    );
    const seeded = performance.now();
    const subs = subscriptions(receiver, FOLLOWERS);
    const first = await insertPlace(db, 'Le Bistrot du Marché');
    const second = await insertPlace(db, 'La Table du Quai');
    await insertFollowers(db, first, subs, true);
    await insertFollowers(db, second, subs, false);
    const seedMs = Math.round(performance.now() - seeded);
    console.log(`${FOLLOWERS} abonnés de deux établissements en ${(seedMs / 1000).toFixed(1)} s`);

    const reference = referenceRates(subs.slice(0, 2000));
    const phases = [];
    phases.push(
      await publishAndWait({
        api,
        receiver,
        token,
        establishmentId: first,
        category,
        latencyMs: 0,
        label: 'service answering at once',
      }),
    );
    phases.push(
      await publishAndWait({
        api,
        receiver,
        token,
        establishmentId: second,
        category,
        latencyMs: 100,
        label: 'service answering after 100 ms',
      }),
    );
    const [immediate] = phases;

    console.table(
      phases.map((p) => ({
        service: p.label,
        reçus: `${p.received}/${FOLLOWERS}`,
        navigateurs: p.distinctBrowsers,
        'publication (ms)': p.publishAnswerMs,
        '1er (ms)': p.firstMessageMs,
        'tous (ms)': p.allMessagesMs,
        'messages/s': p.messagesPerSecond,
        'RSS début/pic/fin (MiB)': `${p.rssMiB.start} / ${p.rssMiB.peak} / ${p.rssMiB.end}`,
        'tas début/pic/fin (MiB)': `${p.heapUsedMiB.start} / ${p.heapUsedMiB.peak} / ${p.heapUsedMiB.end}`,
      })),
    );
    console.log(
      `référence web-push generateRequestDetails : ${reference.withVapidPerSecond}/s avec VAPID, ` +
        `${reference.encryptionOnlyPerSecond}/s chiffrement seul ; le serveur : ${immediate.messagesPerSecond}/s, ` +
        `${round(immediate.messagesPerSecond / reference.withVapidPerSecond, 2)} × la référence`,
    );

    const record = {
      command: `${process.env.BENCH_FOLLOWERS === undefined ? '' : `BENCH_FOLLOWERS=${FOLLOWERS} `}node bench/push.mjs${quick ? ' --quick' : ''}`,
      date: new Date().toISOString(),
      machine: machine(),
      database: 'PostgreSQL (scratch database)',
      followers: FOLLOWERS,
      what: 'one place with this many followers publishes its board (POST /api/menuboard/); the time from the request to the last message taken by a local push service in a process of its own, and the server process memory over the run',
      seedMs,
      reference: {
        what: "web-push's generateRequestDetails in a loop in this process (one message's aes128gcm encryption and, as web-push sends, its VAPID JWT signed; nothing sent), and without VAPID; the server signs one VAPID token per push service and hour",
        ...reference,
      },
      phases,
      ratioToReference: round(immediate.messagesPerSecond / reference.withVapidPerSecond, 2),
      ratioToEncryptionOnly: round(immediate.messagesPerSecond / reference.encryptionOnlyPerSecond, 2),
      goal: {
        what: `every message handed to the push service within ${GOAL_MS / 1000} s, memory flat`,
        allMessagesMs: immediate.allMessagesMs,
        met:
          immediate.allMessagesMs !== null &&
          immediate.allMessagesMs <= GOAL_MS &&
          immediate.distinctBrowsers === FOLLOWERS,
      },
    };
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      quick ? 'push-quick.json' : FOLLOWERS === 10_000 ? 'push.json' : `push-${FOLLOWERS}.json`,
    );
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`written to ${path.relative(root, file)}`);
    if (!record.goal.met) process.exitCode = 1;
  } finally {
    await api?.stop();
    receiver?.child.disconnect();
    await db.end().catch(() => {});
    await admin.query(`drop database if exists "${scratchName}" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
