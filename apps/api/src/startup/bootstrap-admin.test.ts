import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { loadConfig } from '../config';
import { bootstrapAdmin, BootstrapAdminError } from './bootstrap-admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAME: 'patronne', ADMIN_PASSWORD: 'Quiche-Lorraine-1871' } });
});
afterAll(() => t.close());

describe('bootstrap admin', () => {
  it('creates the admin of ADMIN_USERNAME with manage all when none exists, once', async () => {
    expect(await bootstrapAdmin(t.config, t.db)).toBe('patronne');
    expect(await bootstrapAdmin(t.config, t.db)).toBeNull();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sign-in',
      payload: { username: 'patronne', password: 'Quiche-Lorraine-1871' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().admin.permissions).toEqual([{ action: 'manage', subject: 'all' }]);
  });

  it('does nothing without the variables, and refuses a common password', async () => {
    expect(await bootstrapAdmin(loadConfig({ DATA_DIR: t.config.dataDir }), t.db)).toBeNull();
    const weak = loadConfig({
      DATA_DIR: t.config.dataDir,
      ADMIN_USERNAME: 'chef',
      ADMIN_PASSWORD: 'azertyuiop',
    });
    const empty = await createTestApp();
    try {
      await expect(bootstrapAdmin(weak, empty.db)).rejects.toThrow(BootstrapAdminError);
    } finally {
      await empty.close();
    }
  });
});
