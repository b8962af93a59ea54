/*
 * The browser's session: its start from what was stored, sign-in and sign-out, and the refresh of the short
 * token under a fake clock. Its size (over 400 lines) is 22 distinct cases of that life, each with its own
 * tokens and answers of the fake API.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Admin,
  AdminSignInResult,
  OwnerSignInResult,
  RefreshResult,
  RestaurantOwner,
} from '@tables-voisines/contract/schemas/account';
import { ApiError } from '../../lib/api-client';
import type { AdminSignInBody, OwnerSignInBody, SessionApi } from './session-api';
import { testAdmin, testOwner, token, tokenName } from './session-fixtures';
import { createCredentialStorage, createMemoryStorage } from './session-storage';
import { createSessionStore, MIN_REUSABLE_TOKEN_LIFE_MS, type SessionListHooks } from './session-store';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const PREFIX = 'tablesVoisines';
const KEYS = {
  admin: `${PREFIX}.admin`,
  owner: `${PREFIX}.restaurantOwner`,
  token: `${PREFIX}.token`,
  longLifeToken: `${PREFIX}.longLifeToken`,
};

const admin: Admin = testAdmin;
const owner: RestaurantOwner = { ...testOwner, confirmed: false };

/** A session started with `admin` signed in by `accessToken`, and its long-life token if any. */
const adminStarted = (accessToken: string, longLifeToken: string | null) => ({
  started: true,
  admin,
  restaurantOwner: null,
  token: accessToken,
  longLifeToken,
});

const invalidCredentials = () =>
  new ApiError('InvalidCredentials', 'Identifiants incorrects.', 401, {
    code: 'InvalidCredentials',
    message: 'Identifiants incorrects.',
  });
const tokenExpired = () =>
  new ApiError('TokenExpired', 'Session expirée.', 401, {
    code: 'TokenExpired',
    message: 'Session expirée.',
  });

type Answer<T> = T | Error | Promise<T> | (() => T | Error);

/** Fake calls: each answers the next queued result (or throws the queued error) and records its input. */
function createFakeApi() {
  const queues = {
    adminSignIn: [] as Answer<AdminSignInResult>[],
    ownerSignIn: [] as Answer<OwnerSignInResult>[],
    adminRefresh: [] as Answer<RefreshResult>[],
    ownerRefresh: [] as Answer<RefreshResult>[],
  };
  const calls: { name: keyof typeof queues; input: unknown }[] = [];
  function answer<T>(name: keyof typeof queues, input: unknown): Promise<T> {
    calls.push({ name, input });
    const next = queues[name].shift() as Answer<T> | undefined;
    if (next === undefined) return Promise.reject(new Error(`Unexpected call ${name}`));
    const value = typeof next === 'function' ? (next as () => T | Error)() : next;
    if (value instanceof Promise) return value as Promise<T>;
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value as T);
  }
  const api: SessionApi = {
    adminSignIn: (body: AdminSignInBody) => answer('adminSignIn', body),
    ownerSignIn: (body: OwnerSignInBody) => answer('ownerSignIn', body),
    adminRefresh: (value: string) => answer('adminRefresh', value),
    ownerRefresh: (value: string) => answer('ownerRefresh', value),
  };
  return { api, queues, calls };
}

function adminResult(name: string, longLifeToken = `long-${name}`): () => AdminSignInResult {
  return () => ({ admin, authentication: { token: token(name), longLifeToken } });
}

function ownerResult(name: string, longLifeToken = `long-${name}`): () => OwnerSignInResult {
  return () => ({ restaurantOwner: owner, authentication: { token: token(name), longLifeToken } });
}

function setUp(stored: { session?: Record<string, string>; local?: Record<string, string> } = {}) {
  const session = createMemoryStorage(stored.session);
  const local = createMemoryStorage(stored.local);
  const fake = createFakeApi();
  const lists = { resetAll: vi.fn(), clearAdminLists: vi.fn() } satisfies SessionListHooks;
  const store = createSessionStore({
    api: fake.api,
    credentials: createCredentialStorage({ prefix: PREFIX, session, local }),
    lists,
  });
  return { store, session, local, lists, ...fake };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session start', () => {
  it('reuses a stored short token with more than 10 seconds of life left', async () => {
    const stored = token('stored', MIN_REUSABLE_TOKEN_LIFE_MS + 1);
    const { store, calls, lists } = setUp({
      session: { [KEYS.token]: stored },
      local: { [KEYS.admin]: JSON.stringify(admin) },
    });
    const state = await store.start();
    expect(state).toEqual(adminStarted(stored, null));
    expect(calls).toEqual([]);
    expect(lists.resetAll).not.toHaveBeenCalled();
  });

  it('does not reuse a token with exactly 10 seconds left, and resets the lists', async () => {
    const { store, calls, lists } = setUp({
      session: { [KEYS.token]: token('stored', MIN_REUSABLE_TOKEN_LIFE_MS) },
      local: { [KEYS.owner]: JSON.stringify(owner) },
    });
    const state = await store.start();
    expect(state).toEqual({
      started: true,
      admin: null,
      restaurantOwner: null,
      token: null,
      longLifeToken: null,
    });
    expect(calls).toEqual([]);
    expect(lists.resetAll).toHaveBeenCalledTimes(1);
  });

  it('then signs in with the long-life token, whose result replaces the reused one', async () => {
    const { store, queues, calls, session, local } = setUp({
      session: { [KEYS.token]: token('stored', 5 * MINUTE) },
      local: { [KEYS.owner]: JSON.stringify(owner), [KEYS.longLifeToken]: 'long-1' },
    });
    const confirmed = { ...owner, confirmed: true };
    queues.ownerSignIn.push(() => ({
      restaurantOwner: confirmed,
      authentication: { token: token('fresh'), longLifeToken: 'long-2' },
    }));
    const seen: (string | null)[] = [];
    store.subscribe(() => seen.push(tokenName(store.getSnapshot().token)));

    const state = await store.start();
    expect(calls).toEqual([{ name: 'ownerSignIn', input: { token: 'long-1' } }]);
    // First the stored token, then the long-life sign-in's.
    expect(seen.slice(0, 2)).toEqual(['stored', 'fresh']);
    expect(state.started).toBe(true);
    expect(state.restaurantOwner).toEqual(confirmed);
    expect(tokenName(state.token)).toBe('fresh');
    expect(state.longLifeToken).toBe('long-2');
    expect(tokenName(session.getItem(KEYS.token))).toBe('fresh');
    expect(local.getItem(KEYS.longLifeToken)).toBe('long-2');
    expect(local.getItem(KEYS.owner)).toBe(JSON.stringify(confirmed));
  });

  it('signs in as admin by long-life token when the stored account is an admin', async () => {
    const { store, queues, calls } = setUp({
      local: { [KEYS.admin]: JSON.stringify(admin), [KEYS.longLifeToken]: 'long-1' },
    });
    queues.adminSignIn.push(adminResult('fresh'));
    const state = await store.start();
    expect(calls).toEqual([{ name: 'adminSignIn', input: { token: 'long-1' } }]);
    expect(state.admin).toEqual(admin);
    expect(state.restaurantOwner).toBeNull();
  });

  it('ignores a failed long-life sign-in and keeps the reused token', async () => {
    const stored = token('stored', 5 * MINUTE);
    const { store, queues, local } = setUp({
      session: { [KEYS.token]: stored },
      local: { [KEYS.admin]: JSON.stringify(admin), [KEYS.longLifeToken]: 'retired' },
    });
    queues.adminSignIn.push(invalidCredentials());
    const state = await store.start();
    expect(state).toEqual(adminStarted(stored, 'retired'));
    expect(local.getItem(KEYS.longLifeToken)).toBe('retired');
  });

  it('leaves the visitor signed out when neither token works, still marking the session started', async () => {
    const { store, queues, lists } = setUp({
      session: { [KEYS.token]: token('stale', -MINUTE) },
      local: { [KEYS.owner]: JSON.stringify(owner), [KEYS.longLifeToken]: 'retired' },
    });
    queues.ownerSignIn.push(invalidCredentials());
    const state = await store.start();
    expect(state).toMatchObject({ started: true, admin: null, restaurantOwner: null, token: null });
    expect(lists.resetAll).toHaveBeenCalledTimes(1);
  });

  it('with nothing stored: no call, started, every list reset; a second start does not run again', async () => {
    const { store, calls, lists } = setUp();
    const first = store.start();
    expect(store.start()).toBe(first);
    await first;
    expect(store.getSnapshot().started).toBe(true);
    expect(calls).toEqual([]);
    expect(lists.resetAll).toHaveBeenCalledTimes(1);
  });

  it('drops a long-life sign-in answered after the visitor signed out', async () => {
    const { store, queues, local, session } = setUp({
      session: { [KEYS.token]: token('stored') },
      local: { [KEYS.admin]: JSON.stringify(admin), [KEYS.longLifeToken]: 'long-1' },
    });
    queues.adminSignIn.push(adminResult('late'));
    const started = store.start();
    // The call is on its way; signing out before its answer arrives must win.
    store.signOut();
    const state = await started;
    expect(state).toMatchObject({ started: true, admin: null, token: null, longLifeToken: null });
    expect(local.getItem(KEYS.admin)).toBeNull();
    expect(session.getItem(KEYS.token)).toBeNull();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(store.getSnapshot().token).toBeNull();
  });
});

describe('sign-in and sign-out', () => {
  it('stores the short token in session storage, the long-life token and the account in local storage', async () => {
    const { store, queues, calls, session, local } = setUp();
    queues.adminSignIn.push(adminResult('a1'));
    await expect(store.signInAdmin({ username: 'camille', password: 'secret' })).resolves.toEqual(admin);
    expect(calls).toEqual([{ name: 'adminSignIn', input: { username: 'camille', password: 'secret' } }]);
    expect(Object.keys(session.snapshot())).toEqual([KEYS.token]);
    expect(tokenName(session.getItem(KEYS.token))).toBe('a1');
    expect(local.snapshot()).toEqual({
      [KEYS.longLifeToken]: 'long-a1',
      [KEYS.admin]: JSON.stringify(admin),
    });
    expect(store.getSnapshot()).toMatchObject({ admin, restaurantOwner: null, longLifeToken: 'long-a1' });
  });

  it('signing in as admin clears the owner, and the reverse (with the admin lists)', async () => {
    const { store, queues, local, lists } = setUp();
    queues.ownerSignIn.push(ownerResult('o1'));
    await store.signInOwner({ email: 'lea@la-marmite.fr', password: 'secret' });
    expect(store.getSnapshot()).toMatchObject({ admin: null, restaurantOwner: owner });

    queues.adminSignIn.push(adminResult('a1'));
    await store.signInAdmin({ username: 'camille', password: 'secret' });
    expect(store.getSnapshot()).toMatchObject({ admin, restaurantOwner: null });
    expect(local.getItem(KEYS.owner)).toBeNull();
    expect(lists.clearAdminLists).not.toHaveBeenCalled();

    queues.ownerSignIn.push(ownerResult('o2'));
    await store.signInOwner({ email: 'lea@la-marmite.fr', password: 'secret' });
    expect(store.getSnapshot()).toMatchObject({ admin: null, restaurantOwner: owner });
    expect(local.getItem(KEYS.admin)).toBeNull();
    expect(lists.clearAdminLists).toHaveBeenCalledTimes(1);
  });

  it('passes a failed sign-in on as the client error and changes nothing', async () => {
    const { store, queues, session, local } = setUp();
    queues.ownerSignIn.push(invalidCredentials());
    const failure = store.signInOwner({ email: 'lea@la-marmite.fr', password: 'wrong' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ name: 'InvalidCredentials', status: 401 });
    expect(store.getSnapshot().restaurantOwner).toBeNull();
    expect(session.size + local.size).toBe(0);
  });

  it('sign-out clears the account and tokens and removes the four items, keeping the rest', async () => {
    const { store, queues, session, local, lists } = setUp({
      local: { [`${PREFIX}.smartBanner.closedAt`]: '1' },
    });
    queues.ownerSignIn.push(ownerResult('o1'));
    await store.signInOwner({ email: 'lea@la-marmite.fr', password: 'secret' });
    session.setItem(KEYS.token, 'x');
    local.setItem(KEYS.admin, JSON.stringify(admin));
    store.signOut();
    expect(store.getSnapshot()).toMatchObject({
      admin: null,
      restaurantOwner: null,
      token: null,
      longLifeToken: null,
    });
    expect(session.size).toBe(0);
    expect(local.snapshot()).toEqual({ [`${PREFIX}.smartBanner.closedAt`]: '1' });
    // Only an admin's sign-out empties the cached establishments, owners and admins.
    expect(lists.clearAdminLists).not.toHaveBeenCalled();
  });

  it("an admin's sign-out also empties the cached establishments, owners and admins", async () => {
    const { store, queues, lists } = setUp();
    queues.adminSignIn.push(adminResult('a1'));
    await store.signInAdmin({ username: 'camille', password: 'secret' });
    store.signOut();
    expect(lists.clearAdminLists).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().admin).toBeNull();
  });

  it('keeps the snapshot stable between changes and tells subscribers of each change', async () => {
    const { store, queues } = setUp();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    queues.adminSignIn.push(adminResult('a1'));
    await store.signInAdmin({ username: 'camille', password: 'secret' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    unsubscribe();
    store.signOut();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('updates the signed-in account record, in memory and in storage', async () => {
    const { store, queues, local } = setUp();
    queues.ownerSignIn.push(ownerResult('o1'));
    await store.signInOwner({ email: 'lea@la-marmite.fr', password: 'secret' });
    const confirmed = { ...owner, confirmed: true };
    store.updateAccount({ restaurantOwner: confirmed });
    expect(store.getSnapshot().restaurantOwner).toEqual(confirmed);
    expect(local.getItem(KEYS.owner)).toBe(JSON.stringify(confirmed));
    // Another account, or the other role, is not the signed-in one.
    store.updateAccount({ admin });
    store.updateAccount({ restaurantOwner: { ...owner, id: '30000000-0000-4000-8000-000000000002' } });
    expect(store.getSnapshot()).toMatchObject({ admin: null, restaurantOwner: confirmed });
  });
});

describe('token refresh', () => {
  it('posts the current token at 75 % of its remaining life, then again for the new token', async () => {
    const { store, queues, calls, session } = setUp();
    queues.adminSignIn.push(adminResult('a1'));
    await store.signInAdmin({ username: 'camille', password: 'secret' });
    const first = store.getSnapshot().token;
    queues.adminRefresh.push(() => ({ token: token('a2', 10 * MINUTE) }));

    await vi.advanceTimersByTimeAsync(675 * SECOND - 1);
    expect(calls.filter((call) => call.name === 'adminRefresh')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.at(-1)).toEqual({ name: 'adminRefresh', input: first });
    expect(tokenName(store.getSnapshot().token)).toBe('a2');
    expect(tokenName(session.getItem(KEYS.token))).toBe('a2');
    expect(store.getSnapshot().longLifeToken).toBe('long-a1');

    // The new token lives 10 minutes: the next refresh comes 7 min 30 s later.
    queues.adminRefresh.push(() => ({ token: token('a3') }));
    await vi.advanceTimersByTimeAsync(450 * SECOND - 1);
    expect(tokenName(store.getSnapshot().token)).toBe('a2');
    await vi.advanceTimersByTimeAsync(1);
    expect(tokenName(store.getSnapshot().token)).toBe('a3');
  });

  it('schedules the refresh of a token reused at session start from its own remaining life', async () => {
    const { store, queues, calls } = setUp({
      session: { [KEYS.token]: token('stored', 4 * MINUTE) },
      local: { [KEYS.admin]: JSON.stringify(admin) },
    });
    await store.start();
    queues.adminRefresh.push(() => ({ token: token('a2') }));
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(calls.map((call) => call.name)).toEqual(['adminRefresh']);
    expect(tokenName(store.getSnapshot().token)).toBe('a2');
  });

  it("an admin's refresh failure signs out, without trying the long-life token", async () => {
    const { store, queues, calls, session, local, lists } = setUp();
    queues.adminSignIn.push(adminResult('a1'));
    await store.signInAdmin({ username: 'camille', password: 'secret' });
    queues.adminRefresh.push(tokenExpired());
    await vi.advanceTimersByTimeAsync(675 * SECOND);
    expect(calls.map((call) => call.name)).toEqual(['adminSignIn', 'adminRefresh']);
    expect(store.getSnapshot()).toMatchObject({ admin: null, token: null, longLifeToken: null });
    expect(session.size + local.size).toBe(0);
    expect(lists.clearAdminLists).toHaveBeenCalledTimes(1);
  });

  it("an owner's refresh failure falls back to the long-life token", async () => {
    const { store, queues, calls, local } = setUp();
    queues.ownerSignIn.push(ownerResult('o1', 'long-1'));
    await store.signInOwner({ email: 'lea@la-marmite.fr', password: 'secret' });
    queues.ownerRefresh.push(tokenExpired());
    queues.ownerSignIn.push(ownerResult('o2', 'long-2'));
    await vi.advanceTimersByTimeAsync(675 * SECOND);
    expect(calls.slice(1)).toEqual([
      { name: 'ownerRefresh', input: expect.any(String) },
      { name: 'ownerSignIn', input: { token: 'long-1' } },
    ]);
    expect(tokenName(store.getSnapshot().token)).toBe('o2');
    expect(local.getItem(KEYS.longLifeToken)).toBe('long-2');

    // And the new token is refreshed in its turn.
    queues.ownerRefresh.push(() => ({ token: token('o3') }));
    await vi.advanceTimersByTimeAsync(675 * SECOND);
    expect(tokenName(store.getSnapshot().token)).toBe('o3');
  });

  it('then signs the owner out when the long-life token fails too', async () => {
    const { store, queues, session, local } = setUp();
    queues.ownerSignIn.push(ownerResult('o1'));
    await store.signInOwner({ email: 'lea@la-marmite.fr', password: 'secret' });
    queues.ownerRefresh.push(new ApiError('UnexpectedError', 'Request failed with status code 503', 503));
    queues.ownerSignIn.push(invalidCredentials());
    await vi.advanceTimersByTimeAsync(675 * SECOND);
    expect(store.getSnapshot()).toMatchObject({ restaurantOwner: null, token: null, longLifeToken: null });
    expect(session.size + local.size).toBe(0);
  });

  it('signs the owner out at once when there is no long-life token', async () => {
    const { store, queues, calls } = setUp({
      session: { [KEYS.token]: token('stored', 4 * MINUTE) },
      local: { [KEYS.owner]: JSON.stringify(owner) },
    });
    await store.start();
    queues.ownerRefresh.push(tokenExpired());
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(calls.map((call) => call.name)).toEqual(['ownerRefresh']);
    expect(store.getSnapshot().restaurantOwner).toBeNull();
  });

  it('stops refreshing after sign-out and drops a refresh answered after it', async () => {
    const { store, queues, calls, session } = setUp();
    queues.adminSignIn.push(adminResult('a1'));
    await store.signInAdmin({ username: 'camille', password: 'secret' });
    store.signOut();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(calls.map((call) => call.name)).toEqual(['adminSignIn']);

    queues.adminSignIn.push(adminResult('a2'));
    await store.signInAdmin({ username: 'camille', password: 'secret' });
    let answer: (value: RefreshResult) => void = () => undefined;
    queues.adminRefresh.push(new Promise<RefreshResult>((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(675 * SECOND);
    expect(calls.at(-1)?.name).toBe('adminRefresh');
    store.signOut();
    answer({ token: token('late') });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot().token).toBeNull();
    expect(session.size).toBe(0);
  });
});
