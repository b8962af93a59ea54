import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { bearer, createAdminAccount, createOwnerAccount, TEST_PASSWORD } from './accounts';
import { refreshToken } from './requests';

// Short access tokens: HS256 JWTs with `sub`, `role`, `exp` in seconds, 10 seconds here (the shortest
// ACCESS_TOKEN_TTL accepted), and `ver`, the account's token version (account-safety.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ACCESS_TOKEN_TTL: '10', RATE_LIMIT_SIGN_IN: '1000' } });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const listAdmins = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/admins/', headers });

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

describe('access tokens', () => {
  it('carries sub, role and exp in seconds, ACCESS_TOKEN_TTL after it was signed', async () => {
    const admin = await createAdminAccount(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sign-in',
      payload: { username: admin.username, password: TEST_PASSWORD },
    });
    const token = response.json().authentication.token as string;
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decode(token);
    expect(claims).toMatchObject({ sub: admin.id, role: 'admin' });
    expect(claims.exp).toBe((claims.iat as number) + 10);
    expect(Math.abs((claims.exp as number) - (Date.now() / 1000 + 10))).toBeLessThan(3);
  });

  it('answers TokenExpired once exp has passed, and refresh cannot save it', async () => {
    const owner = await createOwnerAccount(t);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/${owner.id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/user/${owner.id}`,
      headers: owner.headers,
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 'TokenExpired', message: expect.stringMatching(/expiré/) });
    const refresh = await refreshToken(t, 'user', owner);
    expect(refresh.json().code).toBe('TokenExpired');
  });

  it('refreshes a token still valid into a later one', async () => {
    const admin = await createAdminAccount(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_000 });
    const response = await refreshToken(t, 'admin', admin);
    expect(response.statusCode).toBe(200);
    const fresh = response.json().token as string;
    expect(decode(fresh).exp).toBeGreaterThan(decode(admin.token).exp as number);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7_000 });
    expect((await listAdmins(bearer(fresh))).statusCode).toBe(200);
    expect((await listAdmins(admin.headers)).json().code).toBe('TokenExpired');
  });

  it('refuses a token signed with another secret', async () => {
    const admin = await createAdminAccount(t);
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    const response = await listAdmins(bearer(forged));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('Unauthorized');
  });

  it('refuses alg none', async () => {
    const admin = await createAdminAccount(t);
    const unsigned = new UnsecuredJWT({ role: 'admin' })
      .setSubject(admin.id)
      .setExpirationTime('5m')
      .encode();
    const response = await listAdmins(bearer(unsigned));
    expect(response.json().code).toBe('Unauthorized');
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const owner = await createOwnerAccount(t);
    const admin = await createAdminAccount(t);
    const [header, , signature] = owner.token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...decode(owner.token), sub: admin.id, role: 'admin' }),
    ).toString('base64url');
    const response = await listAdmins(bearer(`${header}.${payload}.${signature}`));
    expect(response.json().code).toBe('Unauthorized');
  });

  it('refuses garbage, a missing scheme and a token without exp', async () => {
    const admin = await createAdminAccount(t);
    const noExp = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing'));
    for (const authorization of [
      'Bearer',
      'Bearer pas.un.jwt',
      admin.token,
      `Basic ${admin.token}`,
      `Bearer ${noExp}`,
    ]) {
      const response = await listAdmins({ authorization });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().code).toBe('Unauthorized');
    }
  });

  it('refuses the token of a deleted account with InvalidCredentials, refresh included', async () => {
    const owner = await createOwnerAccount(t);
    const admin = await createAdminAccount(t);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: admin.headers,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/restaurant-owners/',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'InvalidCredentials', message: 'Ce compte n’existe plus.' });
    expect((await refreshToken(t, 'user', owner)).json().code).toBe('InvalidCredentials');
  });

  it('carries the account’s token version, and refuses a token signed before tokens carried it', async () => {
    const admin = await createAdminAccount(t);
    expect(decode(admin.token).ver).toBe(0);
    // Well signed, but from before the version claim: nothing tells it is still good.
    const old = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing'));
    for (const response of [
      await listAdmins(bearer(old)),
      await refreshToken(t, 'admin', { ...admin, headers: bearer(old) }, old),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'InvalidCredentials',
        message: 'Ce jeton de connexion n’est plus valable : veuillez vous reconnecter.',
      });
    }
  });
});

describe('long-life tokens', () => {
  it('rotates on every use and refuses a retired one, even after the new one was used', async () => {
    const owner = await createOwnerAccount(t);
    const signIn = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/restaurant-owner/sign-in', payload });
    let current = (await signIn({ email: owner.email, password: TEST_PASSWORD })).json().authentication
      .longLifeToken as string;
    const retired: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await signIn({ token: current });
      expect(response.statusCode).toBe(200);
      retired.push(current);
      current = response.json().authentication.longLifeToken;
    }
    for (const token of retired) expect((await signIn({ token })).json().code).toBe('InvalidCredentials');
    expect((await signIn({ token: current })).statusCode).toBe(200);
  });

  it('lets only one of two concurrent uses of the same token win', async () => {
    const owner = await createOwnerAccount(t);
    const signIn = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/restaurant-owner/sign-in', payload });
    const token = (await signIn({ email: owner.email, password: TEST_PASSWORD })).json().authentication
      .longLifeToken;
    const results = await Promise.all([signIn({ token }), signIn({ token })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an expired long-life token', async () => {
    const owner = await createOwnerAccount(t);
    const signIn = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/restaurant-owner/sign-in', payload });
    const token = (await signIn({ email: owner.email, password: TEST_PASSWORD })).json().authentication
      .longLifeToken;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + t.config.longLifeTokenTtl * 1000 + 1000 });
    expect((await signIn({ token })).json().code).toBe('InvalidCredentials');
  });
});
