/*
 * Two tabs of the site started together, sharing local storage (the account and the long-life token) and
 * each with its own session storage (the short token), against a server that rotates long-life tokens as
 * the API does: a retired one is refused (docs/api.md, "Accounts and authentication").
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { SessionApi } from './session-api';
import { testAdmin, testOwner, token, tokenName } from './session-fixtures';
import { createCredentialStorage, createMemoryStorage, type StorageLike } from './session-storage';
import { createSessionStore, type CrossTabLock } from './session-store';

const PREFIX = 'tablesVoisines';
const ANSWER_DELAY_MS = 100;

/** Long-life tokens as the server keeps them: each sign-in retires the token presented and issues another. */
function rotatingServer(first: string) {
  let valid = first;
  let issued = 0;
  const presented: string[] = [];
  const refused = () =>
    new ApiError('InvalidCredentials', 'Ce jeton de connexion n’est plus valable.', 401, {
      code: 'InvalidCredentials',
      message: 'Ce jeton de connexion n’est plus valable.',
    });
  /** Rotates at once (when the request arrives) and answers `ANSWER_DELAY_MS` later. */
  async function rotate(body: { token: string } | object): Promise<{ token: string; longLifeToken: string }> {
    const secret = 'token' in body ? body.token : '';
    presented.push(secret);
    const accepted = secret === valid;
    issued += 1;
    const next = `long-${issued + 1}`;
    if (accepted) valid = next;
    await new Promise((resolve) => setTimeout(resolve, ANSWER_DELAY_MS));
    if (!accepted) throw refused();
    return { token: token(`short-${issued}`), longLifeToken: next };
  }
  const api: SessionApi = {
    adminSignIn: async (body) => ({ admin: testAdmin, authentication: await rotate(body) }),
    ownerSignIn: async (body) => ({ restaurantOwner: testOwner, authentication: await rotate(body) }),
    adminRefresh: () => Promise.reject(new Error('no refresh in these tests')),
    ownerRefresh: () => Promise.reject(new Error('no refresh in these tests')),
  };
  return { api, presented };
}

/**
 * What the Web Locks API does for one lock name: tasks run one after the other, in the order asked; each is
 * told whether it waited for another.
 */
function oneAtATime(): CrossTabLock {
  let last: Promise<unknown> = Promise.resolve();
  let running = 0;
  return (task) => {
    const afterAnother = running > 0;
    running += 1;
    const run = last.then(() => task(afterAnother)).finally(() => (running -= 1));
    last = run.catch(() => undefined);
    return run;
  };
}

/**
 * Local storage as Chromium gives it to two tabs in two processes: what one writes reaches the other's copy
 * `lagMs` later (seen in CI under load: a tab read the token the one before it had just retired).
 */
function laggingLocalStorages(initial: Record<string, string>, lagMs: number) {
  const copies = [createMemoryStorage(initial), createMemoryStorage(initial)] as const;
  const view = (own: StorageLike, other: StorageLike): StorageLike => ({
    getItem: (key) => own.getItem(key),
    setItem: (key, value) => {
      own.setItem(key, value);
      setTimeout(() => other.setItem(key, value), lagMs);
    },
    removeItem: (key) => {
      own.removeItem(key);
      setTimeout(() => other.removeItem(key), lagMs);
    },
  });
  return [view(copies[0], copies[1]), view(copies[1], copies[0])] as const;
}

/** A tab of the site: its own session storage, `local` shared (or its copy of it), `server`'s API. */
function tabOf(server: ReturnType<typeof rotatingServer>, local: StorageLike, lock?: CrossTabLock) {
  return createSessionStore({
    api: server.api,
    credentials: createCredentialStorage({ prefix: PREFIX, session: createMemoryStorage(), local }),
    lock,
  });
}

function twoTabs(lock: CrossTabLock | undefined, account: Record<string, string>) {
  const local = createMemoryStorage({ ...account, [`${PREFIX}.longLifeToken`]: 'long-1' });
  const server = rotatingServer('long-1');
  return { tabs: [tabOf(server, local, lock), tabOf(server, local, lock)] as const, local, server };
}

const adminStored = { [`${PREFIX}.admin`]: JSON.stringify(testAdmin) };
const ownerStored = { [`${PREFIX}.restaurantOwner`]: JSON.stringify(testOwner) };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('two tabs opened together', () => {
  it('both end signed in as admin: the second presents the token the first stored', async () => {
    const { tabs, local, server } = twoTabs(oneAtATime(), adminStored);
    const started = Promise.all(tabs.map((tab) => tab.start()));
    await vi.advanceTimersByTimeAsync(1000);
    const [first, second] = await started;
    expect(server.presented).toEqual(['long-1', 'long-2']);
    expect(first?.admin?.id).toBe(testAdmin.id);
    expect(second?.admin?.id).toBe(testAdmin.id);
    expect([tokenName(first!.token), tokenName(second!.token)]).toEqual(['short-1', 'short-2']);
    expect(local.getItem(`${PREFIX}.longLifeToken`)).toBe('long-3');
  });

  it('both end signed in as owner too', async () => {
    const { tabs } = twoTabs(oneAtATime(), ownerStored);
    const started = Promise.all(tabs.map((tab) => tab.start()));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await started).map((state) => state.restaurantOwner?.id)).toEqual([testOwner.id, testOwner.id]);
  });

  it('both end signed in when the token the first stored reaches the second tab late', async () => {
    const server = rotatingServer('long-1');
    const lock = oneAtATime();
    // Later than the second tab's refusal (ANSWER_DELAY_MS after it presents the retired token).
    const locals = laggingLocalStorages({ ...adminStored, [`${PREFIX}.longLifeToken`]: 'long-1' }, 250);
    const tabs = locals.map((local) => tabOf(server, local, lock));
    const started = Promise.all(tabs.map((tab) => tab.start()));
    await vi.advanceTimersByTimeAsync(3000);
    const states = await started;
    // The second read token 1, which the first had just presented: refused, it waited for the new one.
    expect(server.presented).toEqual(['long-1', 'long-1', 'long-2']);
    expect(states.map((state) => state.admin?.id)).toEqual([testAdmin.id, testAdmin.id]);
  });

  it('a tab that signs in alone does not wait when its token is refused', async () => {
    const local = createMemoryStorage({ ...adminStored, [`${PREFIX}.longLifeToken`]: 'long-0' });
    const server = rotatingServer('long-1');
    const tab = tabOf(server, local, oneAtATime());
    let done = false;
    void tab.start().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(ANSWER_DELAY_MS + 1);
    expect(done).toBe(true);
    expect(tab.getSnapshot().admin).toBeNull();
  });

  it('without a lock, the tab refused tries once more with the token the other stored meanwhile', async () => {
    const { tabs, server } = twoTabs(undefined, adminStored);
    const started = Promise.all(tabs.map((tab) => tab.start()));
    await vi.advanceTimersByTimeAsync(1000);
    const states = await started;
    // Both presented long-life token 1 at once; the one refused then presented the first one's new token.
    expect(server.presented).toEqual(['long-1', 'long-1', 'long-2']);
    expect(states.map((state) => state.admin?.id)).toEqual([testAdmin.id, testAdmin.id]);
  });

  it('without a lock, a refused token no other tab replaced is not presented again', async () => {
    const local = createMemoryStorage({ ...adminStored, [`${PREFIX}.longLifeToken`]: 'long-0' });
    const server = rotatingServer('long-1');
    const tab = tabOf(server, local);
    const started = tab.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect((await started).admin).toBeNull();
    expect(server.presented).toEqual(['long-0']);
  });
});
