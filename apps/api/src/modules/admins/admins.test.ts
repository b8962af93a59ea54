import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdminAccount, TEST_PASSWORD } from '../../../test/accounts';
import { postAdmin, refreshToken } from '../../../test/requests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN: '1000' } });
});
afterAll(() => t.close());

const signIn = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/sign-in', payload });

describe('admin sign-in', () => {
  it('signs in by username and password, ignoring the username case', async () => {
    const admin = await createAdminAccount(t, { username: 'Chef-Equipe' });
    const response = await signIn({ username: 'chef-equipe', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.admin).toMatchObject({ id: admin.id, username: 'Chef-Equipe' });
    expect(body.admin).not.toHaveProperty('passwordHash');
    expect(body.authentication.token.split('.')).toHaveLength(3);
    expect(body.authentication.longLifeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same InvalidCredentials for a wrong password and an unknown username', async () => {
    const admin = await createAdminAccount(t);
    const wrong = await signIn({ username: admin.username, password: 'pas-le-bon-mot-de-passe' });
    const unknown = await signIn({ username: 'personne-de-connu', password: 'pas-le-bon-mot-de-passe' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('InvalidCredentials');
  });

  it('signs in with a long-life token, rotates it and refuses the old one', async () => {
    const admin = await createAdminAccount(t);
    const first = (await signIn({ username: admin.username, password: TEST_PASSWORD })).json();
    const second = await signIn({ token: first.authentication.longLifeToken });
    expect(second.statusCode).toBe(200);
    expect(second.json().admin.id).toBe(admin.id);
    expect(second.json().authentication.longLifeToken).not.toBe(first.authentication.longLifeToken);
    const reused = await signIn({ token: first.authentication.longLifeToken });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('InvalidCredentials');
  });

  it('refuses an owner long-life token on the admin sign-in', async () => {
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/restaurant-owner/sign-up',
      payload: {
        email: 'croise@exemple.fr',
        password: 'Soupe-aux-Potirons-7',
        firstName: 'Léa',
        lastName: 'Roux',
      },
    });
    expect(owner.statusCode).toBe(201);
    const response = await signIn({ token: owner.json().authentication.longLifeToken });
    expect(response.json().code).toBe('InvalidCredentials');
  });

  it('refreshes a short token with the same token in the body', async () => {
    const admin = await createAdminAccount(t);
    const response = await refreshToken(t, 'admin', admin);
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    expect(token).not.toBe(admin.token);
    const list = await t.app.inject({ method: 'GET', url: '/api/admins/', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const mismatch = await refreshToken(t, 'admin', admin, 'un-autre-jeton');
    expect(mismatch.statusCode).toBe(401);
  });
});

describe('admin management', () => {
  it('creates, reads, lists, patches and deletes an admin', async () => {
    const boss = await createAdminAccount(t);
    const created = await postAdmin(t, boss.headers, {
      username: 'lecteur',
      email: 'Lecteur@Exemple.fr',
      password: 'Cassoulet-de-Castelnaudary',
      permissions: [
        { action: 'read', subject: 'establishment' },
        { action: 'read', subject: 'user' },
        { action: 'read', subject: 'establishment' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const admin = created.json();
    expect(admin).toMatchObject({
      username: 'lecteur',
      email: 'lecteur@exemple.fr',
      permissions: [
        { action: 'read', subject: 'establishment' },
        { action: 'read', subject: 'restaurant-owner' },
      ],
    });

    const got = await t.app.inject({ method: 'GET', url: `/api/admin/${admin.id}`, headers: boss.headers });
    expect(got.json()).toEqual(admin);
    const list = await t.app.inject({ method: 'GET', url: '/api/admins/', headers: boss.headers });
    expect(list.json().map((a: { id: string }) => a.id)).toContain(admin.id);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/${admin.id}`,
      headers: boss.headers,
      payload: { email: 'nouveau@exemple.fr', password: 'Bouillabaisse-du-Vieux-Port' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().email).toBe('nouveau@exemple.fr');
    expect((await signIn({ username: 'lecteur', password: 'Cassoulet-de-Castelnaudary' })).statusCode).toBe(
      401,
    );
    expect((await signIn({ username: 'lecteur', password: 'Bouillabaisse-du-Vieux-Port' })).statusCode).toBe(
      200,
    );

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/${admin.id}`,
      headers: boss.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/admin/${admin.id}`, headers: boss.headers });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a taken username ignoring case, a short or common password', async () => {
    const boss = await createAdminAccount(t, { username: 'Doublon' });
    const base = { email: 'x@exemple.fr', permissions: [] };
    const taken = await postAdmin(t, boss.headers, {
      ...base,
      username: 'doublon',
      password: 'Tarte-Tatin-Maison-1',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('UsernameAlreadyUsed');
    for (const password of ['court', 'azertyuiop', 'motdepasse123']) {
      const response = await postAdmin(t, boss.headers, { ...base, username: 'nouvel-admin', password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain('password');
    }
  });

  it('never deletes itself', async () => {
    const boss = await createAdminAccount(t);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/${boss.id}`,
      headers: boss.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/propre compte/);
  });

  it('cannot grant a permission it does not hold', async () => {
    const manager = await createAdminAccount(t, {
      permissions: [
        { action: 'manage', subject: 'admin' },
        { action: 'read', subject: 'establishment' },
      ],
    });
    const escalate = await postAdmin(t, manager.headers, {
      username: 'complice',
      permissions: [{ action: 'manage', subject: 'all' }],
    });
    expect(escalate.statusCode).toBe(403);
    const allowed = await postAdmin(t, manager.headers, {
      username: 'lectrice',
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    expect(allowed.statusCode).toBe(201);
  });

  it('changes and deletes only an admin whose every permission it holds', async () => {
    // Allowed to manage admins, not to manage all: the bootstrap admin is beyond it.
    const limited = await createAdminAccount(t, {
      permissions: [
        { action: 'read', subject: 'admin' },
        { action: 'create', subject: 'admin' },
        { action: 'update', subject: 'admin' },
        { action: 'delete', subject: 'admin' },
      ],
    });
    const boss = await createAdminAccount(t, { permissions: [{ action: 'manage', subject: 'all' }] });
    const takeOver = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/${boss.id}`,
      headers: limited.headers,
      payload: { password: 'Mot-de-passe-vole-2026' },
    });
    expect(takeOver.statusCode).toBe(403);
    expect(takeOver.json()).toMatchObject({
      code: 'Forbidden',
      message: 'Vous ne pouvez pas modifier un administrateur qui a des droits que vous n’avez pas.',
      details: [{ action: 'manage', subject: 'all' }],
    });
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/${boss.id}`,
      headers: limited.headers,
    });
    expect(removal.statusCode).toBe(403);
    expect(removal.json().message).toBe(
      'Vous ne pouvez pas supprimer un administrateur qui a des droits que vous n’avez pas.',
    );
    // The boss still signs in with its own password.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sign-in',
      payload: { username: boss.username, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);

    // An admin within its rights: changed and deleted.
    const peer = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'admin' }] });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/${peer.id}`,
      headers: limited.headers,
      payload: { email: 'collegue@exemple.fr' },
    });
    expect(renamed.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/${peer.id}`,
      headers: limited.headers,
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('retires the long-life tokens of an admin whose password changes', async () => {
    const boss = await createAdminAccount(t);
    const other = await createAdminAccount(t);
    const session = (await signIn({ username: other.username, password: TEST_PASSWORD })).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/${other.id}`,
      headers: boss.headers,
      payload: { password: 'Navarin-d-Agneau-Printanier' },
    });
    const reuse = await signIn({ token: session.authentication.longLifeToken });
    expect(reuse.json().code).toBe('InvalidCredentials');
  });

  it('answers 401 to a token of a deleted admin', async () => {
    const boss = await createAdminAccount(t);
    const doomed = await createAdminAccount(t);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/${doomed.id}`, headers: boss.headers });
    const response = await t.app.inject({ method: 'GET', url: '/api/admins/', headers: doomed.headers });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('InvalidCredentials');
  });
});
