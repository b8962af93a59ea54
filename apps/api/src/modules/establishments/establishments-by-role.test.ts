import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAdminAccount, createOwnerAccount } from '../../../test/accounts';
import { createEstablishment, disableEstablishment } from '../../../test/factories';

let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  ids.open = (await createEstablishment(t.db, { name: 'Ouvert', town: 'Lyon' })).id;
  ids.hidden = (await createEstablishment(t.db, { name: 'Fermé', town: 'Lyon' })).id;
  await disableEstablishment(t.db, ids.hidden);
});
afterAll(() => t.close());

const list = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/establishments/${query}`, headers });

describe('GET /api/establishments/ by caller', () => {
  it('gives an admin who may read establishments the full records, without the claim code unless it may change them', async () => {
    const admin = await createAdminAccount(t, {
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    const body = (await list('', admin.headers)).json();
    expect(body.map((e: { id: string }) => e.id)).toEqual([ids.open]);
    expect(body[0]).toMatchObject({ restaurantOwner: null, disabled: false, previousUris: [] });
    expect(body[0]).not.toHaveProperty('claimCode');
    const editor = await createAdminAccount(t, {
      permissions: [
        { action: 'read', subject: 'establishment' },
        { action: 'update', subject: 'establishment' },
      ],
    });
    expect((await list('', editor.headers)).json()[0]).toMatchObject({
      claimCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
    });
    const all = (await list('?withDisabled=true', admin.headers)).json();
    expect(all.map((e: { id: string }) => e.id).sort()).toEqual([ids.open, ids.hidden].sort());
  });

  it('gives owners and admins without the permission the public view of enabled establishments', async () => {
    const owner = await createOwnerAccount(t, { establishmentId: ids.open });
    const other = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'admin' }] });
    for (const headers of [owner.headers, other.headers]) {
      const body = (await list('?withDisabled=true', headers)).json();
      expect(body.map((e: { id: string }) => e.id)).toEqual([ids.open]);
      expect(body[0]).not.toHaveProperty('claimCode');
      expect(body[0]).not.toHaveProperty('restaurantOwner');
    }
  });

  it('answers 401 to a bad token rather than ignoring it', async () => {
    const response = await list('', { authorization: 'Bearer abc.def.ghi' });
    expect(response.statusCode).toBe(401);
  });
});
