import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { postAdmin } from '../../../test/requests';
import { changeHistory } from '../../db/schema';
import { diffFields } from './history';

let t: TestApp;
let admin: TestAccount & { username: string };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN: '1000' } });
  admin = await createAdminAccount(t, { username: 'chef-de-salle' });
});
afterAll(() => t.close());

const entriesOf = (subjectId: string) =>
  t.db
    .select()
    .from(changeHistory)
    .where(eq(changeHistory.subjectId, subjectId))
    .orderBy(asc(changeHistory.at));

describe('history of owners', () => {
  it('records the sign-up, an admin’s changes (password by name only) and the deletion with its unlink', async () => {
    const place = await createEstablishment(t.db);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/restaurant-owner/sign-up',
      payload: {
        email: 'gaelle@exemple.fr',
        password: 'Kouign-Amann-Du-Port-29',
        firstName: 'Gaëlle',
        lastName: 'Le Goff',
        establishmentCode: place.claimCode,
      },
    });
    expect(signUp.statusCode).toBe(201);
    const ownerId = signUp.json().restaurantOwner.id as string;

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/restaurant-owner/${ownerId}`,
      headers: admin.headers,
      payload: { firstName: 'Gwenaëlle', password: 'Far-Breton-Aux-Pruneaux-56' },
    });
    expect(patched.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${ownerId}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);

    const entries = await entriesOf(ownerId);
    expect(entries.map((e) => [e.action, e.actorRole])).toEqual([
      ['create', 'restaurant-owner'],
      ['update', 'admin'],
      ['delete', 'admin'],
    ]);
    expect(entries[0]!.changes).toContainEqual({ field: 'establishment', from: null, to: place.id });
    expect(entries[1]!.changes).toEqual([
      { field: 'firstName', from: 'Gaëlle', to: 'Gwenaëlle' },
      { field: 'password', from: null, to: null },
    ]);
    expect(entries[1]!.actorName).toBe('chef-de-salle');
    expect(JSON.stringify(entries)).not.toMatch(/Far-Breton|Kouign|argon2/);

    const establishmentHistory = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}/history`,
      headers: admin.headers,
    });
    // Newest first: the page's claim code renewed when the team took the page from the deleted owner.
    expect(establishmentHistory.json().map((e: { action: string }) => e.action)).toEqual([
      'update',
      'unlink',
      'link',
    ]);
  });

  it('lets an owner read the history of its own establishment only', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const other = await createEstablishment(t.db);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}/history`,
      headers: owner.headers,
    });
    expect(own.statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${other.id}/history`,
      headers: owner.headers,
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('history of admins', () => {
  it('records creation, changes and deletion of an admin', async () => {
    const created = await postAdmin(t, admin.headers, {
      username: 'second',
      password: 'Blanquette-De-Veau-1789',
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/${id}`,
      headers: admin.headers,
      payload: { permissions: [{ action: 'export', subject: 'establishment' }] },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/${id}`, headers: admin.headers });
    const entries = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.subjectType, 'admin'), eq(changeHistory.subjectId, id)))
      .orderBy(asc(changeHistory.at));
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]!.changes).toEqual([
      {
        field: 'permissions',
        from: [{ action: 'read', subject: 'establishment' }],
        to: [{ action: 'export', subject: 'establishment' }],
      },
    ]);
    expect(entries.every((e) => e.actorId === admin.id)).toBe(true);
  });
});

describe('diffFields', () => {
  it('lists only changed fields, compares structures by value and hides secrets', () => {
    expect(
      diffFields(
        { name: 'A', hours: [{ day: 1 }], phone: null, claimCode: 'ABCDEFGH' },
        { name: 'B', hours: [{ day: 1 }], phone: undefined, claimCode: 'HGFEDCBA' },
      ),
    ).toEqual([
      { field: 'name', from: 'A', to: 'B' },
      { field: 'claimCode', from: null, to: null },
    ]);
  });
});
