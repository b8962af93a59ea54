import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Env } from '../src/config';
import { passwordResetMails } from '../src/db/schema';
import { bearer, createAdminAccount, createOwnerAccount, TEST_PASSWORD, type TestAccount } from './accounts';
import { createTestApp, type TestApp } from './app';
import { redisSkipped, TEST_REDIS_URL as REDIS_URL } from './machine';
import { refreshToken } from './requests';
import { startSmtp, type TestSmtp } from './smtp';

/*
 * Account safety (decision 0066), through the real server: every token of an account signed before its
 * password or address changes is refused (on another replica too, refresh included); one's own password or
 * address changes only with the current password, and the old address is told; a forgotten password's link
 * is mailed once a minute and five times a day at most, whoever asks. Two replicas sharing Redis share the
 * counts of wrong current passwords, and the database's count of mails.
 */

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_SIGN_IN: '1000', TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

const NEW_PASSWORD = 'Pissaladiere-du-Port-2026';

/** The API path of the account's kind. */
const base = (role: 'admin' | 'owner') => (role === 'admin' ? '/api/admin' : '/api/restaurant-owner');

const patch = (app: TestApp, role: 'admin' | 'owner', id: string, headers: object, payload: object) =>
  app.app.inject({ method: 'PATCH', url: `${base(role)}/${id}`, headers: { ...headers }, payload });

const readSelf = (app: TestApp, role: 'admin' | 'owner', account: TestAccount) =>
  app.app.inject({ method: 'GET', url: `${base(role)}/${account.id}`, headers: account.headers });

const signIn = (app: TestApp, role: 'admin' | 'owner', payload: object, from?: string) =>
  app.app.inject({
    method: 'POST',
    url: `${base(role)}/sign-in`,
    payload,
    ...(from === undefined ? {} : { headers: { 'x-forwarded-for': from } }),
  });

/** A session as a client holds it: the account's short token and its long-life token. */
async function session(app: TestApp, role: 'admin' | 'owner', credentials: object) {
  const answer = await signIn(app, role, { ...credentials, password: TEST_PASSWORD });
  expect(answer.statusCode).toBe(200);
  const { token, longLifeToken } = answer.json().authentication as { token: string; longLifeToken: string };
  return { token, longLifeToken, headers: bearer(token) };
}

/** Every way an old session could go on: a call, a refresh, a sign-in by its long-life token. */
async function expectEnded(
  app: TestApp,
  role: 'admin' | 'owner',
  account: { id: string },
  old: { token: string; longLifeToken?: string },
) {
  const read = await app.app.inject({
    method: 'GET',
    url: `${base(role)}/${account.id}`,
    headers: bearer(old.token),
  });
  expect(read.statusCode).toBe(401);
  expect(read.json()).toMatchObject({
    code: 'InvalidCredentials',
    message: expect.stringMatching(/reconnecter/),
  });
  const refreshed = await refreshToken(
    app,
    role === 'admin' ? 'admin' : 'user',
    { id: account.id, token: old.token, headers: bearer(old.token) },
    old.token,
  );
  expect(refreshed.statusCode).toBe(401);
  expect(refreshed.json().code).toBe('InvalidCredentials');
  if (old.longLifeToken !== undefined) {
    const again = await signIn(app, role, { token: old.longLifeToken });
    expect(again.json().code).toBe('InvalidCredentials');
  }
}

/** A short token and its refresh keep working. */
async function expectAlive(app: TestApp, role: 'admin' | 'owner', account: { id: string }, token: string) {
  const read = await app.app.inject({
    method: 'GET',
    url: `${base(role)}/${account.id}`,
    headers: bearer(token),
  });
  expect(read.statusCode).toBe(200);
  const refreshed = await refreshToken(
    app,
    role === 'admin' ? 'admin' : 'user',
    { id: account.id, token, headers: bearer(token) },
    token,
  );
  expect(refreshed.statusCode).toBe(200);
  expect(
    (await readSelf(app, role, { ...account, token, headers: bearer(refreshed.json().token) })).statusCode,
  ).toBe(200);
}

describe('tokens signed before a password or address change', () => {
  it('end for an owner changing its own password; a new sign-in works', async () => {
    const owner = await createOwnerAccount(t);
    const old = await session(t, 'owner', { email: owner.email });
    const changed = await patch(t, 'owner', owner.id, old.headers, {
      password: NEW_PASSWORD,
      currentPassword: TEST_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    await expectEnded(t, 'owner', owner, old);
    // The test helper's token, signed before too.
    await expectEnded(t, 'owner', owner, owner);
    const fresh = await signIn(t, 'owner', { email: owner.email, password: NEW_PASSWORD });
    await expectAlive(t, 'owner', owner, fresh.json().authentication.token);
  });

  it('end for an owner whose address changes, by itself or by an admin, but not for its name', async () => {
    const owner = await createOwnerAccount(t);
    const renamed = await patch(t, 'owner', owner.id, owner.headers, { firstName: 'Mireille' });
    expect(renamed.statusCode).toBe(200);
    await expectAlive(t, 'owner', owner, owner.token);

    const old = await session(t, 'owner', { email: owner.email });
    const email = `nouvelle-${randomUUID().slice(0, 8)}@exemple.fr`;
    const moved = await patch(t, 'owner', owner.id, old.headers, { email, currentPassword: TEST_PASSWORD });
    expect(moved.json()).toMatchObject({ email });
    await expectEnded(t, 'owner', owner, old);

    const second = await session(t, 'owner', { email });
    const admin = await createAdminAccount(t);
    const byAdmin = await patch(t, 'owner', owner.id, admin.headers, { email: `equipe-${email}` });
    expect(byAdmin.statusCode).toBe(200);
    await expectEnded(t, 'owner', owner, second);
    // The admin's own session is untouched.
    await expectAlive(t, 'admin', admin, admin.token);
  });

  it('end for an owner whose password an admin sets, or that resets it by the mailed link', async () => {
    const owner = await createOwnerAccount(t);
    const admin = await createAdminAccount(t);
    const old = await session(t, 'owner', { email: owner.email });
    const set = await patch(t, 'owner', owner.id, admin.headers, { password: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    await expectEnded(t, 'owner', owner, old);

    const fresh = (await signIn(t, 'owner', { email: owner.email, password: NEW_PASSWORD })).json()
      .authentication;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/restaurant-owner/forgotten-password',
      payload: { email: owner.email },
    });
    expect(asked.statusCode).toBe(204);
    const mail = await smtp.waitFor(owner.email, (m) => /Réinitialisation/.test(m.subject));
    const token = decodeURIComponent(/token=([^\s"&]+)/.exec(mail.text)![1]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/restaurant-owner/forgotten-password/confirm',
      payload: { token, password: 'Socca-Chaude-de-Nice-2026' },
    });
    expect(reset.statusCode).toBe(204);
    await expectEnded(t, 'owner', owner, fresh);
  });

  it('end for an admin changing its own password or address, or whose password another admin sets', async () => {
    const admin = await createAdminAccount(t);
    const old = await session(t, 'admin', { username: admin.username });
    const changed = await patch(t, 'admin', admin.id, old.headers, {
      password: NEW_PASSWORD,
      currentPassword: TEST_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    await expectEnded(t, 'admin', admin, old);
    await expectEnded(t, 'admin', admin, admin);

    const second = (await signIn(t, 'admin', { username: admin.username, password: NEW_PASSWORD })).json()
      .authentication;
    const moved = await patch(t, 'admin', admin.id, bearer(second.token), {
      email: `${admin.username}@ailleurs.fr`,
      currentPassword: NEW_PASSWORD,
    });
    expect(moved.statusCode).toBe(200);
    await expectEnded(t, 'admin', admin, second);

    const third = (await signIn(t, 'admin', { username: admin.username, password: NEW_PASSWORD })).json()
      .authentication;
    const boss = await createAdminAccount(t);
    // Another admin needs no current password.
    const set = await patch(t, 'admin', admin.id, boss.headers, { password: 'Tapenade-Noire-2026' });
    expect(set.statusCode).toBe(200);
    await expectEnded(t, 'admin', admin, third);
    await expectAlive(t, 'admin', boss, boss.token);
  });
});

/** A second server on the same database (a replica), with its own data directory and settings. */
async function replicaOf(of: TestApp, env: Env): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-replica-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    NODE_ENV: 'test',
    ...env,
  });
  const app = await buildApp({ config, database: of.database, logger: false });
  await app.ready();
  return {
    app,
    db: of.db,
    database: of.database,
    config,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client address of its own for each run: the counts kept in Redis outlive a run by a minute. */
const freshAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

describe.skipIf(redisSkipped)('two replicas on one database, sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL, SMTP_URL: smtp.url, TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: '1000' };
    a = await createTestApp({ env });
    b = await replicaOf(a, env);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuse on one replica, refresh included, the tokens of a password changed on the other', async () => {
    const owner = await createOwnerAccount(a);
    const admin = await createAdminAccount(a);
    const ownerSession = await session(b, 'owner', { email: owner.email });
    const adminSession = await session(b, 'admin', { username: admin.username });
    // Both alive on both replicas first.
    await expectAlive(a, 'owner', owner, ownerSession.token);
    await expectAlive(b, 'admin', admin, adminSession.token);

    expect(
      (
        await patch(a, 'owner', owner.id, ownerSession.headers, {
          password: NEW_PASSWORD,
          currentPassword: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await patch(b, 'admin', admin.id, adminSession.headers, {
          password: NEW_PASSWORD,
          currentPassword: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    await expectEnded(b, 'owner', owner, ownerSession);
    await expectEnded(a, 'admin', admin, adminSession);
    // Signed in again on one replica, the session works on the other.
    const fresh = (await signIn(a, 'owner', { email: owner.email, password: NEW_PASSWORD })).json()
      .authentication;
    await expectAlive(b, 'owner', owner, fresh.token);
  });

  it('count wrong current passwords on both together: past the limit, 429 on either, not from elsewhere', async () => {
    // A limit of three, as the single-replica test has: two more replicas with that setting.
    const env = { REDIS_URL, TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: '3' };
    const c = await createTestApp({ env });
    const d = await replicaOf(c, env);
    try {
      const owner = await createOwnerAccount(c);
      const from = { ...owner.headers, 'x-forwarded-for': freshAddress() };
      // Spread over both: neither replica sees more than two of the three on its own.
      for (let i = 0; i < 3; i++) {
        const wrong = await patch(i % 2 === 0 ? c : d, 'owner', owner.id, from, {
          password: NEW_PASSWORD,
          currentPassword: `essai-${i}-mauvais`,
        });
        expect(wrong.statusCode).toBe(400);
      }
      for (const app of [c, d]) {
        const blocked = await patch(app, 'owner', owner.id, from, {
          password: NEW_PASSWORD,
          currentPassword: TEST_PASSWORD,
        });
        expect(blocked.statusCode).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
      // From an address that has not been failing, the right one goes through: the account is never locked.
      const elsewhere = { ...owner.headers, 'x-forwarded-for': freshAddress() };
      const changed = await patch(d, 'owner', owner.id, elsewhere, {
        password: NEW_PASSWORD,
        currentPassword: TEST_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
    } finally {
      await d.close();
      await c.close();
    }
  });

  it('mail a reset link once a minute whichever is asked: 36 requests alternating, 36 times 204, one mail', async () => {
    const owner = await createOwnerAccount(a);
    const ask = (app: TestApp, email: string, from: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/restaurant-owner/forgotten-password',
        payload: { email },
        headers: { 'x-forwarded-for': from },
      });
    const addresses = [freshAddress(), freshAddress(), freshAddress()];
    // Every (replica, address) pair in turn, all at once: the count lives in the shared database.
    const answers = await Promise.all(
      Array.from({ length: 36 }, (_, i) => ask(i % 2 === 0 ? a : b, owner.email, addresses[i % 3]!)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(36).fill(204));
    // The same answer from either replica as for an address with no account.
    const nobody = `personne-${randomUUID().slice(0, 8)}@exemple.fr`;
    const unknown = await Promise.all([a, b].map((app) => ask(app, nobody, freshAddress())));
    for (const [i, answer] of answers.entries()) {
      expect(answer.body).toBe(unknown[i % 2]!.body);
      expect(answer.headers['content-length']).toBe(unknown[i % 2]!.headers['content-length']);
    }
    await smtp.waitFor(owner.email);
    await Promise.all([a.app.ctx.background.drain(), b.app.ctx.background.drain()]);
    expect(smtp.messages.filter((m) => m.to === owner.email)).toHaveLength(1);
  });
});

describe('the current password, for one’s own password or address', () => {
  it('is asked of an owner: missing or wrong, 400 at currentPassword and nothing written', async () => {
    const owner = await createOwnerAccount(t);
    const email = `ailleurs-${randomUUID().slice(0, 8)}@exemple.fr`;
    for (const [body, message] of [
      [{ email }, 'Votre mot de passe actuel est demandé pour ce changement.'],
      [{ password: NEW_PASSWORD }, 'Votre mot de passe actuel est demandé pour ce changement.'],
      [{ email, currentPassword: 'pas-le-bon-mot-de-passe' }, 'Ce n’est pas votre mot de passe actuel.'],
      [{ password: NEW_PASSWORD, currentPassword: NEW_PASSWORD }, 'Ce n’est pas votre mot de passe actuel.'],
    ] as const) {
      const refused = await patch(t, 'owner', owner.id, owner.headers, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'ValidationError',
        details: [{ path: 'currentPassword', message }],
      });
    }
    // Nothing changed: same address, same password, the session still good, no mail anywhere.
    const read = await readSelf(t, 'owner', owner);
    expect(read.json()).toMatchObject({ email: owner.email, confirmed: true });
    expect((await signIn(t, 'owner', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    await t.app.ctx.background.drain();
    expect(smtp.messages.filter((m) => m.to === owner.email || m.to === email)).toEqual([]);
  });

  it('is asked of an admin changing its own, not of one changing another’s', async () => {
    const admin = await createAdminAccount(t);
    for (const body of [
      { password: NEW_PASSWORD },
      { email: 'autre@exemple.fr', currentPassword: 'faux-mot-de-passe' },
    ]) {
      const refused = await patch(t, 'admin', admin.id, admin.headers, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([{ path: 'currentPassword', message: expect.any(String) }]);
    }
    expect((await readSelf(t, 'admin', admin)).json().email).toBe(`${admin.username}@exemple.fr`);
    // Its username alone: nothing asked.
    const renamed = await patch(t, 'admin', admin.id, admin.headers, { username: `${admin.username}-bis` });
    expect(renamed.statusCode).toBe(200);
    const other = await createAdminAccount(t);
    expect((await patch(t, 'admin', other.id, admin.headers, { password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('tells the old address what changed and what to do if it was not its holder, in French', async () => {
    const owner = await createOwnerAccount(t, { firstName: 'Honorine' });
    const email = `neuve-${randomUUID().slice(0, 8)}@exemple.fr`;
    const moved = await patch(t, 'owner', owner.id, owner.headers, { email, currentPassword: TEST_PASSWORD });
    expect(moved.statusCode).toBe(200);
    const told = await smtp.waitFor(owner.email, (m) => /adresse e-mail/.test(m.subject));
    expect(told.subject).toBe('L’adresse e-mail de votre compte Tables Voisines a changé');
    expect(told.text).toContain('Bonjour Honorine,');
    expect(told.text).toMatch(
      /a été remplacée par une autre le \d{1,2} \S+ \d{4} à \d{2}:\d{2} \(heure de Paris\)/,
    );
    expect(told.text).toContain('Si ce n’est pas vous');
    // The new address is not given away; it gets its confirmation code.
    expect(told.text).not.toContain(email);
    await smtp.waitFor(email, (m) => /confirmation/.test(m.subject));

    const admin = await createAdminAccount(t);
    const changed = await patch(t, 'admin', admin.id, admin.headers, {
      password: NEW_PASSWORD,
      currentPassword: TEST_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const adminTold = await smtp.waitFor(`${admin.username}@exemple.fr`);
    expect(adminTold.subject).toBe('Le mot de passe de votre compte Tables Voisines a changé');
    expect(adminTold.text).toContain('prévenez sans attendre un autre administrateur');

    // By the team: the owner is told so, with the way back (a reset link goes to this address still).
    const other = await createOwnerAccount(t);
    const boss = await createAdminAccount(t);
    expect((await patch(t, 'owner', other.id, boss.headers, { password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    const byTeam = await smtp.waitFor(other.email, (m) => /mot de passe/.test(m.subject));
    expect(byTeam.text).toContain('par un administrateur de Tables Voisines');
    expect(byTeam.text).toContain('/espace-restaurateur/mot-de-passe-oublie');
  });

  it('counts a wrong one as a failed sign-in: past the limit, 429 even with the right one', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SIGN_IN: '3', TRUST_PROXY: 'true' } });
    try {
      const owner = await createOwnerAccount(limited);
      const from = { ...owner.headers, 'x-forwarded-for': '198.51.100.7' };
      for (let i = 0; i < 3; i++) {
        const wrong = await patch(limited, 'owner', owner.id, from, {
          password: NEW_PASSWORD,
          currentPassword: `essai-${i}-mauvais`,
        });
        expect(wrong.statusCode).toBe(400);
      }
      const blocked = await patch(limited, 'owner', owner.id, from, {
        password: NEW_PASSWORD,
        currentPassword: TEST_PASSWORD,
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // A change that gives no current password guesses nothing, and is not counted.
      expect((await patch(limited, 'owner', owner.id, from, { firstName: 'Paulette' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('forgotten-password mails', () => {
  const ask = (email: string, from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/restaurant-owner/forgotten-password',
      payload: { email },
      headers: { 'x-forwarded-for': from },
    });

  it('go once a minute per account: 36 requests from 3 addresses, 36 times 204, one mail', async () => {
    const owner = await createOwnerAccount(t);
    const answers = await Promise.all(
      Array.from({ length: 36 }, (_, i) => ask(owner.email, `203.0.113.${(i % 3) + 1}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(36).fill(204));
    // The same answer whatever happens, as for an address with no account.
    const unknown = await ask(`personne-${randomUUID().slice(0, 8)}@exemple.fr`, '203.0.113.9');
    for (const answer of answers) {
      expect(answer.body).toBe(unknown.body);
      expect(answer.headers['content-length']).toBe(unknown.headers['content-length']);
    }
    await smtp.waitFor(owner.email);
    await t.app.ctx.background.drain();
    expect(smtp.messages.filter((m) => m.to === owner.email)).toHaveLength(1);
    // The minute over, the next request is mailed.
    await t.db
      .update(passwordResetMails)
      .set({ sentAt: sql`${passwordResetMails.sentAt} - interval '61 seconds'` })
      .where(eq(passwordResetMails.ownerId, owner.id));
    expect((await ask(owner.email, '203.0.113.1')).statusCode).toBe(204);
    await t.app.ctx.background.drain();
    expect(smtp.messages.filter((m) => m.to === owner.email)).toHaveLength(2);
  });

  it('go five times in 24 hours at most', async () => {
    const hour = 60 * 60 * 1000;
    const sentAgo = async (email: string, id: string, hoursAgo: number[]) => {
      await t.db
        .insert(passwordResetMails)
        .values(
          hoursAgo.map((h) => ({ id: randomUUID(), ownerId: id, sentAt: new Date(Date.now() - h * hour) })),
        );
      return email;
    };
    const full = await createOwnerAccount(t);
    const room = await createOwnerAccount(t);
    await sentAgo(full.email, full.id, [23, 20, 10, 5, 1]);
    // Five too, but the oldest more than a day ago: one more may go.
    await sentAgo(room.email, room.id, [25, 20, 10, 5, 1]);
    expect((await ask(full.email, '203.0.113.20')).statusCode).toBe(204);
    expect((await ask(room.email, '203.0.113.20')).statusCode).toBe(204);
    await smtp.waitFor(room.email);
    await t.app.ctx.background.drain();
    expect(smtp.messages.filter((m) => m.to === full.email)).toEqual([]);
    expect(smtp.messages.filter((m) => m.to === room.email)).toHaveLength(1);
  });
});
