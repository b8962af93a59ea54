import { describe, expect, it } from 'vitest';
import { storagePrefix } from '../pwa/storage-prefix';
import { testAdmin, testOwner } from './session-fixtures';
import {
  browserStorages,
  createCredentialStorage,
  createMemoryStorage,
  sessionStorageKeys,
  type StorageLike,
} from './session-storage';

const admin = testAdmin;
const owner = testOwner;

function setUp(ownerKey?: 'restaurantOwner' | 'user') {
  const session = createMemoryStorage();
  const local = createMemoryStorage({ 'tablesVoisines.smartBanner.closedAt': '1' });
  const credentials = createCredentialStorage({
    prefix: storagePrefix('Tables Voisines'),
    ownerKey,
    session,
    local,
  });
  return { session, local, credentials };
}

describe('stored credentials', () => {
  it('names the four keys under the site prefix', () => {
    expect(sessionStorageKeys(storagePrefix('Tables Voisines'))).toEqual({
      admin: 'tablesVoisines.admin',
      owner: 'tablesVoisines.restaurantOwner',
      token: 'tablesVoisines.token',
      longLifeToken: 'tablesVoisines.longLifeToken',
    });
    expect(sessionStorageKeys(storagePrefix('Remplis Vert'), 'user')).toEqual({
      admin: 'remplisVert.admin',
      owner: 'remplisVert.user',
      token: 'remplisVert.token',
      longLifeToken: 'remplisVert.longLifeToken',
    });
  });

  it('puts the short token in session storage, the long-life token and the account as text in local storage', () => {
    const { session, local, credentials } = setUp();
    credentials.saveSignIn({ admin }, { token: 'short', longLifeToken: 'long' });
    expect(session.snapshot()).toEqual({ 'tablesVoisines.token': 'short' });
    expect(local.snapshot()).toEqual({
      'tablesVoisines.smartBanner.closedAt': '1',
      'tablesVoisines.longLifeToken': 'long',
      'tablesVoisines.admin': JSON.stringify(admin),
    });
    expect(credentials.read()).toEqual({
      admin,
      restaurantOwner: null,
      token: 'short',
      longLifeToken: 'long',
    });
  });

  it("keeps one account: an owner's sign-in removes the stored admin and the reverse", () => {
    const { local, credentials } = setUp('user');
    credentials.saveSignIn({ admin }, { token: 'a', longLifeToken: 'la' });
    credentials.saveSignIn({ restaurantOwner: owner }, { token: 'o', longLifeToken: 'lo' });
    expect(local.getItem('tablesVoisines.admin')).toBeNull();
    expect(local.getItem('tablesVoisines.user')).toBe(JSON.stringify(owner));
    credentials.saveSignIn({ admin }, { token: 'a', longLifeToken: 'la' });
    expect(local.getItem('tablesVoisines.user')).toBeNull();
    expect(credentials.read().admin).toEqual(admin);
  });

  it('removes the four items on clear and nothing else', () => {
    const { session, local, credentials } = setUp();
    credentials.saveSignIn({ restaurantOwner: owner }, { token: 'short', longLifeToken: 'long' });
    local.setItem('tablesVoisines.admin', JSON.stringify(admin));
    credentials.clear();
    expect(session.size).toBe(0);
    expect(local.snapshot()).toEqual({ 'tablesVoisines.smartBanner.closedAt': '1' });
  });

  it('reads broken or empty items as absent', () => {
    const { session, local, credentials } = setUp();
    local.setItem('tablesVoisines.admin', '{not json');
    local.setItem('tablesVoisines.restaurantOwner', '"a string"');
    local.setItem('tablesVoisines.longLifeToken', '');
    session.setItem('tablesVoisines.token', '');
    expect(credentials.read()).toEqual({
      admin: null,
      restaurantOwner: null,
      token: null,
      longLifeToken: null,
    });
  });

  it('survives a storage that throws (private browsing, quota)', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const credentials = createCredentialStorage({ prefix: 'p', session: broken, local: broken });
    expect(() => credentials.saveSignIn({ admin }, { token: 't', longLifeToken: 'l' })).not.toThrow();
    expect(() => credentials.clear()).not.toThrow();
    expect(credentials.read().token).toBeNull();
  });

  it('falls back to memory storage where there is no window (server, tests)', () => {
    expect(typeof window).toBe('undefined');
    const { session, local } = browserStorages();
    session.setItem('k', 'v');
    expect(session.getItem('k')).toBe('v');
    expect(local.getItem('k')).toBeNull();
  });
});
