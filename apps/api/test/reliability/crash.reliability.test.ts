import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { openDatabase } from '../../src/db/client';
import { queryRows } from '../fuzz/contract-fuzz';
import { spawnServer, waitReady, type ServerProcess } from '../server-process';
import {
  ADMIN,
  createThrowawayDatabase,
  FULL,
  postgresEnv,
  recordFigures,
  signInAdmin,
  type ThrowawayDatabase,
} from './support';

/*
 * Crash safety: WRITES concurrent creates and patches against the real server process, SIGKILL once
 * about 40 % are answered, restart on the same data, then read the database directly: every write
 * answered 2xx is there, and no write is half done (an establishment without its categories or its
 * history entry, a rename without its entry).
 */

const WRITES = FULL ? 1000 : 300;
const PATCH_SHARE = 0.4;
const TARGETS = 20;

type Outcome = {
  kind: 'create' | 'patch';
  index: number;
  status: number | 'lost';
  id?: string;
  /** Answered (or failed) before the kill. */
  beforeKill: boolean;
  cause?: string;
};

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function run(engine: 'pglite' | 'postgres') {
  let env: Record<string, string>;
  let database: ThrowawayDatabase | undefined;
  let dataDir: string | undefined;
  if (engine === 'postgres') {
    database = await createThrowawayDatabase();
    cleanups.push(() => database!.drop());
    env = { ...postgresEnv(database.url), SEED: 'demo' };
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-rel-crash-'));
    cleanups.push(() => rm(dataDir!, { recursive: true, force: true }));
    env = { DATA_DIR: dataDir, SEED: 'demo', ...ADMIN };
  }
  const servers: ServerProcess[] = [];
  cleanups.push(async () => {
    for (const s of servers) await s.kill('SIGKILL');
  });
  const first = await spawnServer(env);
  servers.push(first);
  await waitReady(first, 180_000);
  const token = await signInAdmin(first.baseUrl);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const search = await fetch(`${first.baseUrl}/api/categories/search?searchTerm=&locale=fr&limit=10`);
  const categoryIds = ((await search.json()) as { categories: { id: string }[] }).categories.map((c) => c.id);
  expect(categoryIds.length).toBeGreaterThanOrEqual(2);

  const place = (name: string, index: number) => ({
    kind: 'restaurant',
    name,
    venueType: 'brasserie',
    address: { street: `${index} rue de la Panne`, postcode: '69002', town: 'Lyon' },
    location: { latitude: 45.75 + (index % 100) / 1000, longitude: 4.83 + (index % 77) / 1000 },
    categories: [categoryIds[index % categoryIds.length], categoryIds[(index + 1) % categoryIds.length]],
    openingHours: [{ day: 1 + (index % 7), opens: '12:00', closes: '14:30' }],
  });
  // Patch targets, made (and answered) before the storm.
  const targets: string[] = [];
  for (let i = 0; i < TARGETS; i++) {
    const response = await fetch(`${first.baseUrl}/api/establishment/`, {
      method: 'POST',
      headers,
      body: JSON.stringify(place(`Cible ${i}`, i)),
    });
    expect(response.status).toBe(201);
    targets.push(((await response.json()) as { id: string }).id);
  }

  // The storm: every write sent at once; SIGKILL once 40 % are answered.
  const outcomes: Outcome[] = [];
  let answered = 0;
  let killedAt = 0;
  const killAfter = Math.floor(WRITES * 0.4);
  const startedAt = performance.now();
  const writes = Array.from({ length: WRITES }, async (_, index) => {
    const kind = index % Math.round(1 / PATCH_SHARE) === 0 ? 'patch' : 'create';
    const target = targets[index % TARGETS]!;
    try {
      const response =
        kind === 'create'
          ? await fetch(`${first.baseUrl}/api/establishment/`, {
              method: 'POST',
              headers,
              body: JSON.stringify(place(`Crash ${index}`, index)),
            })
          : await fetch(`${first.baseUrl}/api/establishment/${target}`, {
              method: 'PATCH',
              headers,
              body: JSON.stringify({ name: `Renommé ${index}`, description: `Description ${index}` }),
            });
      const body = response.ok ? ((await response.json()) as { id: string }) : undefined;
      outcomes.push({
        kind,
        index,
        status: response.status,
        id: kind === 'create' ? body?.id : target,
        beforeKill: killedAt === 0,
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      outcomes.push({
        kind,
        index,
        status: 'lost',
        id: kind === 'patch' ? target : undefined,
        beforeKill: killedAt === 0,
        cause: cause?.code ?? cause?.message,
      });
    }
    answered++;
    if (answered === killAfter && killedAt === 0) {
      killedAt = performance.now() - startedAt;
      first.child.kill('SIGKILL');
    }
  });
  await Promise.all(writes);
  expect(await first.exited).toBe('SIGKILL');

  // Restart on the same data and time it.
  const restartedAt = performance.now();
  const second = await spawnServer(env);
  servers.push(second);
  const readyMs = await waitReady(second, 180_000);
  expect(readyMs).toBeGreaterThan(0);
  const restartMs = Math.round(performance.now() - restartedAt);
  await second.kill('SIGTERM');

  // Straight into the database.
  const db = await openDatabase(
    engine === 'postgres'
      ? { databaseUrl: database!.url, dataDir: undefined }
      : { databaseUrl: undefined, dataDir },
  );
  cleanups.push(() => db.close());
  const acked = outcomes.filter((o) => typeof o.status === 'number' && o.status < 300);
  const refused = outcomes.filter((o) => typeof o.status === 'number' && o.status >= 300);
  const lost = outcomes.filter((o) => o.status === 'lost');
  const ackedCreates = acked.filter((o) => o.kind === 'create');
  const ackedPatches = acked.filter((o) => o.kind === 'patch');

  const rows = await queryRows<{
    id: string;
    name: string;
    search_text: string;
    town: string;
    categories: number;
    created: number;
  }>(
    db.db,
    sql`select e.id, e.name, e.search_text, e.town,
          (select count(*)::int from establishment_categories c where c.establishment_id = e.id) as categories,
          (select count(*)::int from change_history h
             where h.subject_type = 'establishment' and h.subject_id = e.id and h.action = 'create') as created
        from establishments e where e.name like 'Crash %' or e.name like 'Cible %' or e.name like 'Renommé %'`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ackedCreates.filter(
    (o) => o.id === undefined || byId.get(o.id)?.name !== `Crash ${o.index}`,
  );
  const halfWritten = rows.filter(
    (r) =>
      r.categories !== 2 || r.created !== 1 || r.search_text !== normalizeForSearch(`${r.name} ${r.town}`),
  );
  const renames = await queryRows<{ subject_id: string; changes: { field: string; to: unknown }[] }>(
    db.db,
    sql`select subject_id, changes from change_history where subject_type = 'establishment' and action = 'update'`,
  );
  const renamedTo = new Set(
    renames.flatMap((r) =>
      r.changes.filter((c) => c.field === 'name').map((c) => `${r.subject_id}|${String(c.to)}`),
    ),
  );
  const patchesMissing = ackedPatches.filter((o) => !renamedTo.has(`${o.id}|Renommé ${o.index}`));
  // Each target's final name is one of the renames that reached the history (or its first name).
  const targetsInconsistent = targets.filter((id) => {
    const name = byId.get(id)?.name;
    return name === undefined || (!name.startsWith('Cible ') && !renamedTo.has(`${id}|${name}`));
  });

  // A refused write (503 when the pool is saturated) must not have been written.
  const refusedWritten = refused.filter(
    (o) => o.kind === 'create' && rows.some((r) => r.name === `Crash ${o.index}`),
  );
  const failedBeforeKill = lost.filter((o) => o.beforeKill);
  const figures = {
    writes: WRITES,
    creates: outcomes.filter((o) => o.kind === 'create').length,
    patches: outcomes.filter((o) => o.kind === 'patch').length,
    killedAfterMs: Math.round(killedAt),
    acknowledged: acked.length,
    acknowledgedFound: acked.length - missing.length - patchesMissing.length,
    refused: refused.length,
    refusedStatuses: [...new Set(refused.map((o) => o.status))],
    refusedButWritten: refusedWritten.length,
    connectionFailuresBeforeKill: failedBeforeKill.length,
    connectionFailureCauses: [...new Set(failedBeforeKill.map((o) => o.cause ?? '?'))],
    lostInFlight: lost.length - failedBeforeKill.length,
    committedButUnanswered: rows.filter((r) => r.name.startsWith('Crash ')).length - ackedCreates.length,
    halfWritten: halfWritten.length,
    restartReadyMs: restartMs,
  };
  await recordFigures('crash', engine, figures);
  expect(missing.map((o) => o.index)).toEqual([]);
  expect(patchesMissing.map((o) => o.index)).toEqual([]);
  expect(halfWritten).toEqual([]);
  expect(targetsInconsistent).toEqual([]);
  // Refusals are only the overload answer (pool saturated: 503 with Retry-After), never written.
  expect(refused.filter((o) => o.status !== 503)).toEqual([]);
  expect(refusedWritten.map((o) => o.index)).toEqual([]);
  // The kill came mid-way: some writes answered, some cut.
  expect(acked.length).toBeGreaterThan(0);
  expect(lost.length - failedBeforeKill.length).toBeGreaterThan(0);
}

describe('crash safety: SIGKILL during concurrent writes', () => {
  it(`keeps every answered write of ${WRITES} on PGlite`, () => run('pglite'), 15 * 60_000);
  it(`keeps every answered write of ${WRITES} on PostgreSQL`, () => run('postgres'), 15 * 60_000);
});
