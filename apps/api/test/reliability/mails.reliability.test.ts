import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { PG_BOSS_SCHEMA } from '../../src/jobs/pg-boss-jobs';
import { queryRows } from '../fuzz/contract-fuzz';
import { spawnServer, waitReady, type ServerProcess } from '../server-process';
import { startSmtp, type TestSmtp } from '../smtp';
import { ADMIN, createThrowawayDatabase, FULL, postgresEnv, recordFigures, signInAdmin } from './support';

/*
 * The mails of writes are jobs on the queue, written in the write's transaction (decision 0079). Through the
 * real server process: WRITES password changes of team accounts, each of which mails the account, SIGKILL
 * once 40 % are answered, restart on the same data. Then every change committed has exactly one mail job
 * (none lost with a crash, none without its change), and every answered change's mail arrives or waits on
 * the queue. Two replicas on one PostgreSQL send each mail of a burst once.
 */

const WRITES = FULL ? 300 : 90;
const ACCOUNTS = 15;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function mailServer(): Promise<TestSmtp> {
  const smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  return smtp;
}

async function asAdmin(baseUrl: string) {
  const token = await signInAdmin(baseUrl);
  return { 'content-type': 'application/json', authorization: `Bearer ${token}` };
}

/** Team accounts (no right of their own) whose password changes mail them. */
async function createAccounts(baseUrl: string, headers: Record<string, string>, tag: string) {
  const accounts: { id: string; email: string }[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `equipe-${tag}-${i}@exemple.fr`;
    const response = await fetch(`${baseUrl}/api/admin/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        username: `equipe-${tag}-${i}`,
        email,
        password: `Salle-du-fond-${i}-Vapeur!`,
        permissions: [],
      }),
    });
    expect(response.status).toBe(201);
    accounts.push({ id: ((await response.json()) as { id: string }).id, email });
  }
  return accounts;
}

const changePassword = (baseUrl: string, headers: Record<string, string>, id: string, index: number) =>
  fetch(`${baseUrl}/api/admin/${id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ password: `Nouvelle-cuisine-${index}-Marmite!` }),
  });

async function crash(engine: 'pglite' | 'postgres') {
  const smtp = await mailServer();
  let env: Record<string, string>;
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  if (engine === 'postgres') {
    const database = await createThrowawayDatabase();
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
    env = { ...postgresEnv(database.url), SMTP_URL: smtp.url };
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-rel-mails-'));
    cleanups.push(() => rm(dataDir!, { recursive: true, force: true }));
    env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, ...ADMIN };
  }
  const servers: ServerProcess[] = [];
  cleanups.push(async () => {
    for (const s of servers) await s.kill('SIGKILL');
  });
  const first = await spawnServer(env);
  servers.push(first);
  await waitReady(first, 180_000);
  const headers = await asAdmin(first.baseUrl);
  const accounts = await createAccounts(first.baseUrl, headers, engine);

  const outcomes: { account: string; status: number | 'lost' }[] = [];
  let answered = 0;
  let killed = false;
  await Promise.all(
    Array.from({ length: WRITES }, async (_, index) => {
      const account = accounts[index % ACCOUNTS]!;
      try {
        const response = await changePassword(first.baseUrl, headers, account.id, index);
        outcomes.push({ account: account.email, status: response.status });
      } catch {
        outcomes.push({ account: account.email, status: 'lost' });
      }
      answered++;
      if (answered === Math.floor(WRITES * 0.4) && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }),
  );
  expect(await first.exited).toBe('SIGKILL');

  const second = await spawnServer(env);
  servers.push(second);
  await waitReady(second, 180_000);
  // What the first process had not sent goes now (those it held when killed, after their expiry: not waited).
  await new Promise((resolve) => setTimeout(resolve, 5000));
  await second.kill('SIGTERM');

  const db = await openDatabase({ databaseUrl, dataDir });
  cleanups.push(() => db.close());
  const changes = await queryRows<{ email: string; n: number }>(
    db.db,
    sql`select a.email, count(*)::int as n from change_history h join admins a on a.id = h.subject_id
        where h.subject_type = 'admin' and h.action = 'update' group by a.email`,
  );
  const jobs = await queryRows<{ email: string; state: string; n: number }>(
    db.db,
    sql`select data->>'to' as email, state, count(*)::int as n from ${sql.raw(PG_BOSS_SCHEMA)}.job
        where name = 'mail' group by 1, 2`,
  );
  const jobsOf = (email: string) => jobs.filter((j) => j.email === email).reduce((n, j) => n + j.n, 0);
  const waitingOf = (email: string) =>
    jobs.filter((j) => j.email === email && j.state !== 'completed').reduce((n, j) => n + j.n, 0);
  const acked = outcomes.filter((o) => o.status === 200);
  const perAccount = accounts.map(({ email }) => ({
    email,
    answered: acked.filter((o) => o.account === email).length,
    committed: changes.find((c) => c.email === email)?.n ?? 0,
    jobs: jobsOf(email),
    waiting: waitingOf(email),
    received: smtp.messages.filter((m) => m.to === email).length,
  }));
  await recordFigures('mails-crash', engine, {
    writes: WRITES,
    answered: acked.length,
    refused: outcomes.filter((o) => typeof o.status === 'number' && o.status !== 200).length,
    lost: outcomes.filter((o) => o.status === 'lost').length,
    committed: perAccount.reduce((n, a) => n + a.committed, 0),
    jobs: perAccount.reduce((n, a) => n + a.jobs, 0),
    received: perAccount.reduce((n, a) => n + a.received, 0),
    waiting: perAccount.reduce((n, a) => n + a.waiting, 0),
  });
  for (const account of perAccount) {
    // One job per committed change, in its transaction: none lost, none without its change.
    expect(account.jobs, account.email).toBe(account.committed);
    expect(account.committed, account.email).toBeGreaterThanOrEqual(account.answered);
    // Every answered change's mail arrived or waits on the queue.
    expect(account.received + account.waiting, account.email).toBeGreaterThanOrEqual(account.answered);
  }
  expect(acked.length).toBeGreaterThan(0);
  expect(
    outcomes.filter((o) => typeof o.status === 'number' && o.status !== 200 && o.status !== 503),
  ).toEqual([]);
}

describe('mails of writes through a crash', () => {
  it(`keeps one mail job per committed change of ${WRITES} on PGlite`, () => crash('pglite'), 10 * 60_000);
  it(
    `keeps one mail job per committed change of ${WRITES} on PostgreSQL`,
    () => crash('postgres'),
    10 * 60_000,
  );
});

describe('mails of writes on two replicas', () => {
  it(
    'sends each mail of a burst once, whichever replica took the write',
    async () => {
      const smtp = await mailServer();
      const database = await createThrowawayDatabase();
      cleanups.push(() => database.drop());
      const env = { ...postgresEnv(database.url), SMTP_URL: smtp.url };
      const [a, b] = [await spawnServer(env), await spawnServer(env)];
      cleanups.push(async () => {
        await a.kill('SIGKILL');
        await b.kill('SIGKILL');
      });
      await Promise.all([waitReady(a, 180_000), waitReady(b, 180_000)]);
      const headers = await asAdmin(a.baseUrl);
      const accounts = await createAccounts(a.baseUrl, headers, 'replicas');
      const statuses = await Promise.all(
        accounts.map(async (account, index) => {
          const server = index % 2 === 0 ? a : b;
          return (await changePassword(server.baseUrl, headers, account.id, index)).status;
        }),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      for (const { email } of accounts) await smtp.waitFor(email, undefined, 30_000);
      // Then a pause: a second sending by the other replica would have come by now.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (const { email } of accounts)
        expect(
          smtp.messages.filter((m) => m.to === email),
          email,
        ).toHaveLength(1);
    },
    5 * 60_000,
  );
});
