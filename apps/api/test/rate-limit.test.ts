import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { redisSkipped, TEST_REDIS_URL as REDIS_URL } from './machine';
import { MAX_SLOW_DOWN_MS } from '../src/adapters/rate-limit/rate-limiter';
import { createAdminAccount, createOwnerAccount, TEST_PASSWORD } from './accounts';

// RATE_LIMIT_SIGN_IN attempts a minute per (client address, identifier), ten times that per address; per
// identifier alone, ten times that slows password guesses down (never refuses them) and refuses the rest.

const LIMIT = 3;
const address = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

function attempts(t: TestApp) {
  return (url: string, payload: object | undefined, from: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { 'x-forwarded-for': from, ...headers },
    });
}

describe('client address', () => {
  it('ignores a forged X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN: String(LIMIT) } });
    try {
      const send = attempts(t);
      const body = { email: `usurpateur-${randomUUID()}@exemple.fr`, password: 'mauvais-mot-de-passe' };
      // A new forged address each time: without a trusted proxy they all count as the same client.
      for (let i = 0; i < LIMIT; i++) {
        expect((await send('/api/restaurant-owner/sign-in', body, address())).statusCode).toBe(401);
      }
      expect((await send('/api/restaurant-owner/sign-in', body, address())).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: String(LIMIT) } });
  });
  afterAll(() => t.close());

  it('answers 429 RateLimited with Retry-After past the limit, for that address and identifier only', async () => {
    const send = attempts(t);
    const from = address();
    const body = { email: 'cible@exemple.fr', password: 'mauvais-mot-de-passe' };
    for (let i = 0; i < LIMIT; i++) {
      expect((await send('/api/restaurant-owner/sign-in', body, from)).statusCode).toBe(401);
    }
    const limited = await send('/api/restaurant-owner/sign-in', body, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RateLimited',
      message: expect.stringMatching(/réessayer/),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The other naming shares the count.
    expect((await send('/api/user/sign-in', body, from)).statusCode).toBe(429);
    // Another identifier, or another address, is not held back.
    expect(
      (await send('/api/restaurant-owner/sign-in', { ...body, email: 'autre@exemple.fr' }, from)).statusCode,
    ).toBe(401);
    expect((await send('/api/restaurant-owner/sign-in', body, address())).statusCode).toBe(401);
  });

  it('limits admin sign-in, sign-up, check, forgotten password and its confirmation', async () => {
    const send = attempts(t);
    const cases: [string, object][] = [
      ['/api/admin/sign-in', { username: 'personne', password: 'mauvais-mot-de-passe' }],
      [
        '/api/restaurant-owner/sign-up',
        { email: 'deja@exemple.fr', password: 'trop-court', firstName: 'A', lastName: 'B' },
      ],
      ['/api/user/check', { email: 'verif@exemple.fr' }],
      ['/api/restaurant-owner/forgotten-password', { email: 'oubli@exemple.fr' }],
      [
        '/api/user/forgotten-password/confirm',
        { token: `${randomUUID()}.${'A'.repeat(43)}`, password: 'Paella-Valenciana-9' },
      ],
      ['/api/user/resend-establishment-code', { establishmentId: randomUUID() }],
    ];
    for (const [url, body] of cases) {
      const from = address();
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) statuses.push((await send(url, body, from)).statusCode);
      expect(statuses.slice(0, LIMIT), url).not.toContain(429);
      expect(statuses[LIMIT], url).toBe(429);
    }
  });

  it('limits confirm and resend per account', async () => {
    const send = attempts(t);
    const owner = await createOwnerAccount(t, { confirmed: false });
    for (const [url, body] of [
      ['/api/restaurant-owner/confirm', { code: '123456' }],
      ['/api/restaurant-owner/resend', undefined],
    ] as const) {
      const from = address();
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) statuses.push((await send(url, body, from, owner.headers)).statusCode);
      expect(statuses[LIMIT], url).toBe(429);
    }
  });

  it('never locks out a visitor whose page loads each sign in by long-life token, admin or owner', async () => {
    const send = attempts(t);
    const admin = await createAdminAccount(t);
    const owner = await createOwnerAccount(t);
    for (const [url, credentials] of [
      ['/api/admin/sign-in', { username: admin.username, password: TEST_PASSWORD }],
      ['/api/restaurant-owner/sign-in', { email: owner.email, password: TEST_PASSWORD }],
    ] as const) {
      const from = address();
      let signedIn = await send(url, credentials, from);
      expect(signedIn.statusCode, url).toBe(200);
      // Three times the limit of reloads in a minute from one address: each with the token the last one gave.
      for (let reload = 0; reload < LIMIT * 3; reload++) {
        signedIn = await send(url, { token: signedIn.json().authentication.longLifeToken }, from);
        expect(signedIn.statusCode, `${url}, reload ${reload + 1}`).toBe(200);
      }
    }
  });

  it('limits guesses of long-life tokens per address', async () => {
    const send = attempts(t);
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT * 10; i++) {
      statuses.push((await send('/api/admin/sign-in', { token: randomUUID() }, from)).statusCode);
    }
    expect(statuses.slice(0, LIMIT * 10)).not.toContain(429);
    expect(statuses[LIMIT * 10]).toBe(429);
  });

  it('slows one address trying many identifiers', async () => {
    const send = attempts(t);
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT * 10; i++) {
      statuses.push((await send('/api/user/check', { email: `essai-${i}@exemple.fr` }, from)).statusCode);
    }
    expect(statuses.slice(0, LIMIT * 10)).not.toContain(429);
    expect(statuses[LIMIT * 10]).toBe(429);
  });

  it('counts failed sign-ins only: an address signing in right again and again is never held back', async () => {
    const send = attempts(t);
    const owner = await createOwnerAccount(t);
    const from = address();
    const right = { email: owner.email, password: TEST_PASSWORD };
    for (let i = 0; i < LIMIT * 2; i++) {
      expect((await send('/api/restaurant-owner/sign-in', right, from)).statusCode, `sign-in ${i + 1}`).toBe(
        200,
      );
    }
    const wrong = { ...right, password: 'mauvais-mot-de-passe' };
    for (let i = 0; i < LIMIT; i++) {
      expect((await send('/api/restaurant-owner/sign-in', wrong, from)).statusCode).toBe(401);
    }
    expect((await send('/api/restaurant-owner/sign-in', right, from)).statusCode).toBe(429);
  });

  it('lets anyone ask for a reset link whatever other addresses asked: mails are capped per account', async () => {
    const send = attempts(t);
    const body = { email: `oubli-${randomUUID()}@exemple.fr` };
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT * 10; i++) {
      statuses.push(
        (await send('/api/restaurant-owner/forgotten-password', body, `192.0.2.${i + 1}`)).statusCode,
      );
    }
    expect(statuses).toEqual(Array(LIMIT * 10 + 1).fill(204));
  });
});

/** 120 password checks, some of them slowed down, and apps of their own: more than the default 30 s. */
const ATTACK_TIMEOUT_MS = 120_000;

/**
 * Ten wrong passwords for one account from each of twelve addresses (RATE_LIMIT_SIGN_IN at its default of
 * 10), the addresses (`prefix`.1 to .12) side by side, spread over `apps`: answers the statuses of the 120
 * attempts.
 */
async function attackFromTwelveAddresses(
  apps: TestApp[],
  url: string,
  wrong: object,
  prefix: string,
): Promise<number[]> {
  const perAddress = await Promise.all(
    Array.from({ length: 12 }, async (_, a) => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const app = apps[(a + i) % apps.length]!;
        statuses.push((await attempts(app)(url, wrong, `${prefix}.${a + 1}`)).statusCode);
      }
      return statuses;
    }),
  );
  return perAddress.flat();
}

/** The right password from an address that has not been failing: answered, slowed down a few seconds at most. */
async function expectSignedInDespiteAttack(app: TestApp, url: string, right: object) {
  const started = Date.now();
  const response = await attempts(app)(url, right, address());
  const tookMs = Date.now() - started;
  expect(response.statusCode).toBe(200);
  // Held back a moment (the account is being guessed), never more than MAX_SLOW_DOWN_MS and a sign-in.
  expect(tookMs).toBeGreaterThanOrEqual(MAX_SLOW_DOWN_MS - 100);
  expect(tookMs).toBeLessThan(MAX_SLOW_DOWN_MS + 3_000);
}

describe('an account guessed from many addresses', () => {
  it(
    'still signs in with the right password from a fresh address (before: 429 for a minute)',
    async () => {
      const t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
      try {
        const owner = await createOwnerAccount(t);
        const url = '/api/restaurant-owner/sign-in';
        const prefix = address().replace(/\.\d+$/, '');
        const statuses = await attackFromTwelveAddresses(
          [t],
          url,
          { email: owner.email, password: 'mauvais-mot-de-passe' },
          prefix,
        );
        // Each pair stays within its limit; nothing refuses the account as a whole.
        expect(statuses).toEqual(Array(120).fill(401));
        await expectSignedInDespiteAttack(t, url, { email: owner.email, password: TEST_PASSWORD });
        // The guessing addresses are still held back, each for itself.
        const [attacker] = await attackFromTwelveAddresses(
          [t],
          url,
          { email: owner.email, password: 'encore-faux' },
          prefix,
        );
        expect(attacker).toBe(429);
      } finally {
        await t.close();
      }
    },
    ATTACK_TIMEOUT_MS,
  );
});

describe.skipIf(redisSkipped)('rate limits in Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: String(LIMIT), REDIS_URL };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it(
    'lets the right password in from a fresh address after twelve addresses failed on both replicas',
    async () => {
      // RATE_LIMIT_SIGN_IN at its default of 10: two more replicas on the same Redis with that setting, the same
      // admin in both their databases (only the counts are shared).
      const env = { TRUST_PROXY: 'true', REDIS_URL };
      const [c, d] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
      try {
        const username = `assiege-${randomUUID().slice(0, 8)}`;
        await Promise.all([createAdminAccount(c, { username }), createAdminAccount(d, { username })]);
        const url = '/api/admin/sign-in';
        const prefix = address().replace(/\.\d+$/, '');
        const statuses = await attackFromTwelveAddresses(
          [c, d],
          url,
          { username, password: 'mauvais-mot-de-passe' },
          prefix,
        );
        expect(statuses).toEqual(Array(120).fill(401));
        await expectSignedInDespiteAttack(d, url, { username, password: TEST_PASSWORD });
        const [attacker] = await attackFromTwelveAddresses(
          [c, d],
          url,
          { username, password: 'encore-faux' },
          prefix,
        );
        expect(attacker).toBe(429);
      } finally {
        await Promise.all([c.close(), d.close()]);
      }
    },
    ATTACK_TIMEOUT_MS,
  );

  it('shares the count between replicas', async () => {
    const from = address();
    const body = { email: `partage-${randomUUID()}@exemple.fr` };
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const app = i % 2 === 0 ? a : b;
      statuses.push((await attempts(app)('/api/restaurant-owner/check', body, from)).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    const limited = await attempts(a)('/api/restaurant-owner/check', body, from);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
