import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { changeHistory } from '../../db/schema';

let t: TestApp;
let admin: TestAccount;
let groupAdmin: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'establishment' }] });
  groupAdmin = await createAdminAccount(t, { permissions: [{ action: 'manage', subject: 'group' }] });
});
afterAll(() => t.close());

const lyon = { name: 'Collectif des restaurateurs de Lyon', latitude: 45.764, longitude: 4.8357, radius: 8 };

describe('groups', () => {
  it('creates, changes and deletes a group, which the public list shows at once, with its history', async () => {
    const version = t.app.ctx.dataVersion.value;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/group/',
      headers: groupAdmin.headers,
      payload: lyon,
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toEqual({ id: expect.any(String), ...lyon });
    expect(t.app.ctx.dataVersion.value).toBeGreaterThan(version);
    expect((await t.app.inject({ method: 'GET', url: '/api/groups/' })).json()).toEqual([group]);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/group/${group.id}`,
      headers: groupAdmin.headers,
      payload: { radius: 12.5, name: 'Collectif lyonnais' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ radius: 12.5, name: 'Collectif lyonnais', latitude: 45.764 });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/group/${group.id}`,
      headers: groupAdmin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/groups/' })).json()).toEqual([]);

    const entries = await t.db.select().from(changeHistory).where(eq(changeHistory.subjectId, group.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    const update = entries.find((e) => e.action === 'update')!;
    expect(update.actorId).toBe(groupAdmin.id);
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'radius', from: 8, to: 12.5 },
        { field: 'name', from: lyon.name, to: 'Collectif lyonnais' },
      ]),
    );
  });

  it('answers 404 for an unknown group and 400 for a radius over 200 km', async () => {
    const unknown = '11111111-1111-1111-1111-111111111111';
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/group/${unknown}`,
        headers: groupAdmin.headers,
        ...(method === 'PATCH' ? { payload: { radius: 3 } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    const tooWide = await t.app.inject({
      method: 'POST',
      url: '/api/group/',
      headers: groupAdmin.headers,
      payload: { ...lyon, radius: 250 },
    });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().details[0].path).toBe('radius');
  });

  it('refuses owners and admins without the group permission', async () => {
    const owner = await createOwnerAccount(t, { establishmentId: (await createEstablishment(t.db)).id });
    for (const headers of [owner.headers, admin.headers]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/group/', headers, payload: lyon });
      expect(response.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/group/', payload: lyon })).statusCode).toBe(401);
  });
});
