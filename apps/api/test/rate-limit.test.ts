import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { createAdminAccount, createOwnerAccount, TEST_PASSWORD } from './accounts';

// RATE_LIMIT_SIGN_IN attempts a minute per (client address, identifier), ten times that per address.

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

  it('slows attempts on one identifier from many addresses', async () => {
    const send = attempts(t);
    const body = { email: `assiegee-${randomUUID()}@exemple.fr`, password: 'mauvais-mot-de-passe' };
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT * 10; i++) {
      statuses.push((await send('/api/restaurant-owner/sign-in', body, `192.0.2.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, LIMIT * 10)).not.toContain(429);
    expect(statuses[LIMIT * 10]).toBe(429);
  });
});

const REDIS_URL = 'redis://127.0.0.1:6379';

function assertRedisListens(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(6379, '127.0.0.1');
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    const fail = () => {
      socket.destroy();
      reject(new Error(`These tests need the Redis server at ${REDIS_URL}: start it first.`));
    };
    socket.once('error', fail);
    socket.once('timeout', fail);
  });
}

describe('rate limits in Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    await assertRedisListens();
    const env = { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: String(LIMIT), REDIS_URL };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

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
