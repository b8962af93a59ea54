import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateFollowBody, Follow } from '@tables-voisines/contract/schemas/follow';
import { ApiError } from '../../lib/api-core';
import { followPlace, syncFollows, unfollowPlace, type FollowDeps } from './follow-actions';
import { createFollowStore, type FollowedPlace } from './follow-store';
import { base64urlToBytes } from './push-subscription';

/*
 * Following from this browser, with the browser's parts and the API replaced at their boundary: a push
 * manager that hands out subscriptions, and an API that remembers the follows it was sent.
 */

afterEach(() => vi.useRealTimers());

// A VAPID public key as the server gives it: an uncompressed P-256 point, base64url.
const KEY = 'BO' + 'A'.repeat(84);
const OTHER_KEY = 'BP' + 'A'.repeat(84);

let subscriptions = 0;

class FakeSubscription {
  readonly endpoint: string;
  readonly options: { applicationServerKey: ArrayBuffer };
  unsubscribed = false;
  constructor(key: Uint8Array) {
    subscriptions += 1;
    this.endpoint = `https://fcm.googleapis.com/fcm/send/navigateur-${subscriptions}`;
    this.options = { applicationServerKey: key.slice().buffer };
  }
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: 'B' + 'x'.repeat(86), auth: 'y'.repeat(22) },
    };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    return true;
  }
}

function fakePushManager(existing: FakeSubscription | null = null) {
  const manager = {
    current: existing,
    getSubscription: vi.fn(async () => manager.current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      manager.current = new FakeSubscription(options.applicationServerKey as Uint8Array);
      return manager.current;
    }),
  };
  return manager;
}

function fakeApi(serverKey = KEY) {
  const follows = new Map<string, Follow>();
  const api = {
    sent: [] as CreateFollowBody[],
    follows,
    publicKey: vi.fn(async () => serverKey),
    follow: vi.fn(async (body: CreateFollowBody) => {
      api.sent.push(body);
      const createdAt = '2026-12-04T09:00:00.000Z';
      follows.set(`${body.subscription.endpoint} ${body.establishment}`, {
        establishment: { id: body.establishment, uri: 'uri', name: 'nom', kind: 'restaurant' },
        createdAt,
      });
      return { establishment: body.establishment, createdAt };
    }),
    list: vi.fn(async (endpoint: string) =>
      [...follows.entries()].filter(([key]) => key.startsWith(`${endpoint} `)).map(([, f]) => f),
    ),
    unfollow: vi.fn(async (endpoint: string, establishment: string) => {
      follows.delete(`${endpoint} ${establishment}`);
    }),
  };
  return api;
}

function place(n: number, name = `Établissement ${n}`): Omit<FollowedPlace, 'followedAt'> {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    uri: `etablissement-${n}`,
    name,
    kind: 'restaurant',
  };
}

function deps({
  permission = 'granted' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  pushManager = fakePushManager(),
  api = fakeApi(),
  worker = true,
  list = [] as FollowedPlace[],
} = {}) {
  const store = createFollowStore('test.follows', null);
  store.set(list);
  let current = permission;
  const requestPermission = vi.fn(async () => (current = answer));
  const registration = worker ? { pushManager: pushManager as unknown as PushManager } : null;
  const d: FollowDeps = {
    store,
    permission: () => current,
    requestPermission,
    registration: async () => registration,
    currentRegistration: async () => registration,
    api,
    online: () => true,
  };
  return { deps: d, store, api, pushManager, requestPermission };
}

describe('following a place from this browser', () => {
  it('asks for notifications on the click, subscribes once with the server’s key, and keeps the place', async () => {
    const { deps: d, store, api, pushManager, requestPermission } = deps({ permission: 'default' });
    expect(await followPlace(place(1, 'La Marmite'), d)).toEqual({ ok: true });
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64urlToBytes(KEY),
    });
    expect(api.sent).toEqual([
      {
        establishment: place(1).id,
        subscription: {
          endpoint: pushManager.current!.endpoint,
          keys: { p256dh: 'B' + 'x'.repeat(86), auth: 'y'.repeat(22) },
        },
      },
    ]);
    expect(store.get()).toEqual([{ ...place(1, 'La Marmite'), followedAt: '2026-12-04T09:00:00.000Z' }]);

    // A second place: the same subscription, and no question asked again.
    expect(await followPlace(place(2), d)).toEqual({ ok: true });
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(store.get().map((p) => p.id)).toEqual([place(1).id, place(2).id]);
  });

  it('asks nothing and keeps nothing when notifications are blocked, or the question was closed', async () => {
    const blocked = deps({ permission: 'denied' });
    expect(await followPlace(place(1), blocked.deps)).toEqual({ ok: false, problem: 'blocked' });
    expect(blocked.requestPermission).not.toHaveBeenCalled();
    const refused = deps({ permission: 'default', answer: 'denied' });
    expect(await followPlace(place(1), refused.deps)).toEqual({ ok: false, problem: 'blocked' });
    const closed = deps({ permission: 'default', answer: 'default' });
    expect(await followPlace(place(1), closed.deps)).toEqual({ ok: false, problem: 'dismissed' });
    for (const { store, api } of [blocked, refused, closed]) {
      expect(store.get()).toEqual([]);
      expect(api.follow).not.toHaveBeenCalled();
    }
  });

  it('says what failed: no service worker, a private window, a push service that does not answer', async () => {
    expect(await followPlace(place(1), deps({ worker: false }).deps)).toEqual({
      ok: false,
      problem: 'not-ready',
    });

    const privateWindow = fakePushManager();
    privateWindow.subscribe.mockRejectedValue(
      new DOMException('Registration failed - permission denied', 'NotAllowedError'),
    );
    expect(await followPlace(place(1), deps({ pushManager: privateWindow }).deps)).toEqual({
      ok: false,
      problem: 'private-window',
    });

    vi.useFakeTimers();
    const hanging = fakePushManager();
    hanging.subscribe.mockReturnValue(new Promise(() => {}));
    const result = followPlace(place(1), deps({ pushManager: hanging }).deps);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await result).toEqual({ ok: false, problem: 'push-unavailable' });
  });

  it('says when the server refuses: a place no longer public, too many requests, its own failure', async () => {
    const cases: [ApiError, string][] = [
      [new ApiError('NotFound', 'Établissement introuvable.', 404), 'gone'],
      [new ApiError('RateLimited', 'Trop de tentatives.', 429), 'rate-limited'],
      [new ApiError('ValidationError', 'Adresse d’abonnement refusée.', 400), 'push-refused'],
      [new ApiError('UnexpectedError', 'Erreur.', 500), 'server'],
    ];
    for (const [error, problem] of cases) {
      const { deps: d, api, store } = deps();
      api.follow.mockRejectedValueOnce(error);
      expect(await followPlace(place(1), d)).toEqual({ ok: false, problem });
      expect(store.get()).toEqual([]);
    }
  });

  it('subscribes again when the server’s key changed, and sends every followed place with the new one', async () => {
    const old = new FakeSubscription(base64urlToBytes(OTHER_KEY));
    const pushManager = fakePushManager(old);
    const list = [{ ...place(1), followedAt: '2026-12-01T10:00:00.000Z' }];
    const { deps: d, api } = deps({ pushManager, list });
    expect(await followPlace(place(2), d)).toEqual({ ok: true });
    expect(old.unsubscribed).toBe(true);
    const renewed = pushManager.current!.endpoint;
    expect(renewed).not.toBe(old.endpoint);
    expect(api.sent.map((b) => [b.establishment, b.subscription.endpoint])).toEqual([
      [place(2).id, renewed],
      [place(1).id, renewed],
    ]);
  });
});

describe('unfollowing', () => {
  it('tells the server for this browser’s subscription, then takes the place out of the list', async () => {
    const { deps: d, store, api, pushManager } = deps({ permission: 'default' });
    await followPlace(place(1), d);
    await followPlace(place(2), d);
    expect(await unfollowPlace(place(1), d)).toEqual({ ok: true });
    expect(api.unfollow).toHaveBeenCalledWith(pushManager.current!.endpoint, place(1).id);
    expect(store.get().map((p) => p.id)).toEqual([place(2).id]);
    // The subscription stays, for the other place.
    expect(pushManager.current!.unsubscribed).toBe(false);
  });

  it('keeps the place when the server could not be told, and only changes the list without a subscription', async () => {
    const list = [{ ...place(1), followedAt: '2026-12-01T10:00:00.000Z' }];
    const failing = deps({ list, pushManager: fakePushManager(new FakeSubscription(base64urlToBytes(KEY))) });
    failing.api.unfollow.mockRejectedValueOnce(new ApiError('UnexpectedError', 'Erreur.', 502));
    expect(await unfollowPlace(place(1), failing.deps)).toEqual({ ok: false, problem: 'server' });
    expect(failing.store.get()).toEqual(list);

    const withoutWorker = deps({ list, worker: false });
    expect(await unfollowPlace(place(1), withoutWorker.deps)).toEqual({ ok: true });
    expect(withoutWorker.api.unfollow).not.toHaveBeenCalled();
    expect(withoutWorker.store.get()).toEqual([]);
  });
});

describe('putting the browser and the server back in step', () => {
  const followedAt = '2026-12-01T10:00:00.000Z';

  it('makes a lost subscription again and sends every place it followed', async () => {
    const list = [
      { ...place(1), followedAt },
      { ...place(2), followedAt },
    ];
    const { deps: d, api, pushManager } = deps({ list });
    expect(await syncFollows(d)).toBe('resubscribed');
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(api.sent.map((b) => b.establishment)).toEqual([place(1).id, place(2).id]);
  });

  it('sends again what the server no longer knows, and adds what only it knows', async () => {
    const subscription = new FakeSubscription(base64urlToBytes(KEY));
    const api = fakeApi();
    const known: Follow = {
      establishment: { id: place(3).id, uri: 'le-bistrot', name: 'Le Bistrot', kind: 'restaurant' },
      createdAt: '2026-11-20T08:00:00.000Z',
    };
    api.follows.set(`${subscription.endpoint} ${place(3).id}`, known);
    const list = [{ ...place(1), followedAt }];
    const { deps: d, store } = deps({ api, list, pushManager: fakePushManager(subscription) });
    expect(await syncFollows(d)).toBe('resent');
    expect(api.sent.map((b) => [b.establishment, b.subscription.endpoint])).toEqual([
      [place(1).id, subscription.endpoint],
    ]);
    expect(store.get()).toEqual([
      { ...place(1), followedAt },
      {
        id: place(3).id,
        uri: 'le-bistrot',
        name: 'Le Bistrot',
        kind: 'restaurant',
        followedAt: known.createdAt,
      },
    ]);
    expect(await syncFollows(d)).toBe('in-step');
  });

  it('asks nothing of a visitor who has not allowed notifications, nor of one who follows nothing', async () => {
    const list = [{ ...place(1), followedAt }];
    const notAllowed = deps({ permission: 'default', list });
    expect(await syncFollows(notAllowed.deps)).toBe('skipped');
    expect(notAllowed.requestPermission).not.toHaveBeenCalled();
    const nothing = deps();
    expect(await syncFollows(nothing.deps)).toBe('skipped');
    expect(nothing.pushManager.subscribe).not.toHaveBeenCalled();
    expect(nothing.api.publicKey).not.toHaveBeenCalled();
  });

  it('drops a place no longer public while sending again, and waits for the next visit on other failures', async () => {
    const list = [
      { ...place(1), followedAt },
      { ...place(2), followedAt },
    ];
    const { deps: d, api, store } = deps({ list });
    api.follow.mockRejectedValueOnce(new ApiError('NotFound', 'Introuvable.', 404));
    expect(await syncFollows(d)).toBe('resubscribed');
    expect(store.get().map((p) => p.id)).toEqual([place(2).id]);

    const down = deps({ list });
    down.api.follow.mockRejectedValue(new ApiError('UnexpectedError', 'Erreur.', 503));
    await syncFollows(down.deps);
    expect(down.api.follow).toHaveBeenCalledTimes(1);
    expect(down.store.get()).toEqual(list);
  });
});

describe('a click while the list is being put back in step', () => {
  const followedAt = '2026-12-01T10:00:00.000Z';

  // The server's list held on its way, as on a slow network: « Ne plus suivre » is clicked in between.
  function heldList(api: ReturnType<typeof fakeApi>) {
    const held: Array<() => void> = [];
    const list = api.list.getMockImplementation()!;
    api.list.mockImplementationOnce(async (endpoint: string) => {
      const answer = await list(endpoint);
      await new Promise<void>((resolve) => held.push(resolve));
      return answer;
    });
    return { release: () => held.splice(0).forEach((resolve) => resolve()), asked: () => held.length > 0 };
  }

  /** Time for the click's own calls to the (fake, immediate) API, before the held list comes back. */
  const aMoment = () => new Promise((resolve) => setTimeout(resolve, 20));

  /**
   * A browser following `followed`, the server knowing the same; a sync started, its list from the server held
   * while `click` runs; then the list comes back, and the sync's result and the click's are given.
   */
  async function clickDuringSync(followed: number[], click: (d: FollowDeps) => Promise<unknown>) {
    const subscription = new FakeSubscription(base64urlToBytes(KEY));
    const api = fakeApi();
    const list = followed.map((n) => ({ ...place(n), followedAt }));
    for (const p of list) {
      api.follows.set(`${subscription.endpoint} ${p.id}`, {
        establishment: { id: p.id, uri: p.uri, name: p.name, kind: p.kind },
        createdAt: followedAt,
      });
    }
    const { deps: d, store } = deps({ api, list, pushManager: fakePushManager(subscription) });
    const held = heldList(api);
    const syncing = syncFollows(d);
    await vi.waitFor(() => expect(held.asked()).toBe(true));
    const clicked = click(d);
    await aMoment();
    held.release();
    return { synced: await syncing, clicked: await clicked, d, store, api, subscription };
  }

  it('unfollows for good: the list the server gave before the click does not bring the place back', async () => {
    const { synced, clicked, d, store, api, subscription } = await clickDuringSync([1, 2], (d) =>
      unfollowPlace(place(1), d),
    );
    expect(synced).toBe('in-step');
    expect(clicked).toEqual({ ok: true });
    expect(store.get().map((p) => p.id)).toEqual([place(2).id]);
    expect([...api.follows.keys()]).toEqual([`${subscription.endpoint} ${place(2).id}`]);
    // The next visit's sync finds both sides agreeing, and sends nothing again.
    expect(await syncFollows(d)).toBe('in-step');
    expect(api.sent).toEqual([]);
  });

  it('follows for good: a place followed meanwhile is neither dropped nor sent twice', async () => {
    const { synced, clicked, store, api } = await clickDuringSync([1], (d) => followPlace(place(2), d));
    expect(synced).toBe('in-step');
    expect(clicked).toEqual({ ok: true });
    expect(store.get().map((p) => p.id)).toEqual([place(1).id, place(2).id]);
    expect(api.sent.map((b) => b.establishment)).toEqual([place(2).id]);
  });
});
