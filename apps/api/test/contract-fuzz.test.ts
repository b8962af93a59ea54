import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admins, categories, establishments, groups, menuBoards, owners } from '../src/db/schema';
import { createAdminAccount, createOwnerAccount } from './accounts';
import { createTestApp, TestClock, type TestApp } from './app';
import { testEngine } from './database';
import { databaseDigest, runFuzz, type FuzzWorld } from './fuzz/contract-fuzz';
import { parisDay } from '@tables-voisines/contract/paris-time';

/*
 * Generated requests to every route of the served OpenAPI document, with every role's token. Quick by
 * default (npm test); `FUZZ_REQUESTS=10000` (npm run test:reliability) for the full run, whose figures go
 * to bench/results/reliability-fuzz-<engine>.json. `FUZZ_SEED` replays a run.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

// The app's clock, stopped at the file's start: the boards' day below is the server's, even past midnight.
const clock = new TestClock(new Date().toISOString());
let t: TestApp;
let world: FuzzWorld;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, data: 'demo', env: { RATE_LIMIT_SIGN_IN: '100000' } });
  const [establishment] = await t.db.select({ id: establishments.id }).from(establishments).limit(1);
  const owner = await createOwnerAccount(t, { establishmentId: establishment!.id });
  const limited = await createAdminAccount(t, {
    permissions: [{ action: 'read', subject: 'establishment' }],
  });
  const full = await createAdminAccount(t);
  const forged = await new SignJWT({ role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(full.id)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('a-secret-that-is-not-the-server-one-at-all'));
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
  const someEstablishments = await t.db
    .select({ id: establishments.id, uri: establishments.uri })
    .from(establishments)
    .limit(20);
  world = {
    ids: [
      ...ids(someEstablishments),
      ...ids(await t.db.select({ id: groups.id }).from(groups).limit(5)),
      ...ids(await t.db.select({ id: categories.id }).from(categories).limit(5)),
      ...ids(await t.db.select({ id: menuBoards.id }).from(menuBoards).limit(5)),
      ...ids(await t.db.select({ id: admins.id }).from(admins)),
      ...ids(await t.db.select({ id: owners.id }).from(owners)),
    ],
    uris: someEstablishments.map((e) => e.uri),
    acceptedBodies: {
      createEstablishment: [
        {
          kind: 'restaurant',
          name: 'Le Relais du Fuzz',
          venueType: 'restaurant',
          address: { street: '1 place Bellecour', town: 'Lyon' },
          location: { latitude: 45.76, longitude: 4.83 },
          description: 'Une table du quartier.',
        },
      ],
      patchEstablishment: [{ name: 'Le Relais renommé', description: 'Cuisine du marché.' }],
      createGroup: [{ name: 'Collectif du quartier', latitude: 45.76, longitude: 4.83, radius: 5 }],
      createMenuBoard: [
        {
          establishment: establishment!.id,
          title: 'Menu du midi',
          date: parisDay(clock.now()),
          items: [{ name: 'Soupe à l’oignon', price: 8.5, category: category!.id }],
        },
      ],
    },
    tokens: {
      owner: owner.token,
      'limited admin': limited.token,
      'full admin': full.token,
      'forged token': forged,
    },
  };
}, 120_000);
afterAll(() => t.close());

describe('contract fuzzing', () => {
  it('has a database digest that sees a one-character change', async () => {
    // Categories: a table without a row version, which every update would raise (migration 0004).
    const [row] = await t.db.select().from(categories).limit(1);
    const before = await databaseDigest(t.db);
    await t.db
      .update(categories)
      .set({ nameFr: `${row!.nameFr}.` })
      .where(eq(categories.id, row!.id));
    const changed = await databaseDigest(t.db);
    await t.db.update(categories).set({ nameFr: row!.nameFr }).where(eq(categories.id, row!.id));
    expect(changed).not.toBe(before);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it(
    `sends ${REQUESTS} generated requests: no 5xx, errors in the contract's shape, refusals change nothing`,
    async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const report = await runFuzz({
        requests: REQUESTS,
        seed: SEED,
        db: t.db,
        document,
        world,
        inject: async (options) => {
          const response = await t.app.inject(options);
          // What a write left to run after its commit is done before the next digest: a mail's job is
          // marked done once sent, and the first one loads nodemailer for seconds, so its delivery could
          // land in a later refusal's window and pass for that refusal's change.
          await t.app.ctx.background.drain();
          await t.app.ctx.jobs.settle('mail');
          return { statusCode: response.statusCode, body: response.body, headers: response.headers };
        },
      });
      const summary = { engine: testEngine(), date: new Date().toISOString(), ...report };
      process.stdout.write(
        `contract fuzz (${summary.engine}): ${report.requests} requests over ${report.routes} routes × 5 roles in ` +
          `${(report.ms / 1000).toFixed(1)} s, seed ${report.seed} — 5xx: ${report.serverErrors}, bad error bodies: ` +
          `${report.badErrorBodies}, refused writes checked: ${report.refusedWritesChecked}, database changed by a ` +
          `refusal: ${report.databaseChangedByRefusal}; statuses ${JSON.stringify(report.byStatusClass)}; ` +
          `${report.zodValidRequests} valid per the contract, ${report.zodValidAnswered2xx} answered 2xx; ` +
          `${report.hostileRequests} that must be refused (charsets, lone surrogates, NUL, __proto__, page ` +
          `addresses), ${report.hostileAccepted} not; ${report.dateSweepRequests} more for every date ` +
          `parameter from year 0 to 9999\n`,
      );
      if (process.env.FUZZ_RECORD === '1') {
        const dir = path.resolve(import.meta.dirname, '../../../bench/results');
        await mkdir(dir, { recursive: true });
        await writeFile(
          path.join(dir, `reliability-fuzz-${summary.engine}.json`),
          `${JSON.stringify(summary, null, 2)}\n`,
        );
      }
      expect(report.failures).toEqual([]);
      expect(report.requests).toBe(REQUESTS);
      expect(report.routes).toBeGreaterThanOrEqual(50);
      // The generators reach past validation too, not only refusals.
      expect(report.byStatusClass['2xx'] ?? 0).toBeGreaterThan(REQUESTS / 50);
      expect(report.refusedWritesChecked).toBeGreaterThan(REQUESTS / 10);
      // Text not kept as sent and unservable page addresses are generated, and every one was refused.
      expect(report.hostileRequests).toBeGreaterThan(REQUESTS / 50);
      expect(report.hostileAccepted).toBe(0);
      // notVerifiedSince, a board's date...: every role, Paris's clock changes, years 0 to 9999.
      expect(report.dateSweepRequests).toBeGreaterThanOrEqual(3 * 5 * 18);
    },
    30 * 60_000,
  );
});
