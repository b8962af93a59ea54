import type { CreateFollowBody, Follow, FollowCreated } from '@tables-voisines/contract/schemas/follow';
import { isApiError } from '../../lib/api-core';
import { publicApiRequest } from '../../lib/public-api';
import {
  reconcileFollows,
  withFollow,
  withoutFollow,
  type FollowedPlace,
  type FollowStore,
} from './follow-store';
import type { FollowProblem } from './follow-support';
import { base64urlToBytes, sameKey, subscribeOptions, subscriptionBody } from './push-subscription';

/*
 * Following and unfollowing a place from this browser: the notification permission (asked on the visitor's
 * click only), the push subscription (made once, with the server's VAPID key), the API, and the list kept in
 * the browser. Loaded with the follow button's code, never with the page's first scripts.
 */

/** The parts of the browser and of the API used here: the page gives the real ones, tests fakes. */
export interface FollowDeps {
  store: FollowStore;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The service worker's registration once active, or `null` when none is in time (to subscribe). */
  registration(): Promise<Registration | null>;
  /** The registration there is now, active or not, or `null` (to read or drop a subscription). */
  currentRegistration(): Promise<Registration | null>;
  api: FollowApi;
  online(): boolean;
}

type Registration = Pick<ServiceWorkerRegistration, 'pushManager'>;

export interface FollowApi {
  publicKey(): Promise<string>;
  follow(body: CreateFollowBody): Promise<FollowCreated>;
  list(endpoint: string): Promise<Follow[]>;
  unfollow(endpoint: string, establishment: string): Promise<void>;
}

export type FollowResult = { ok: true } | { ok: false; problem: FollowProblem };

/** A problem the visitor can act on, thrown through the steps and answered as a result. */
class FollowFailure extends Error {
  constructor(readonly problem: FollowProblem) {
    super(problem);
  }
}

/** How long the push service may take to give a subscription (it hangs, offline, in some browsers). */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;
/** How long the page waits for its service worker (registered once the page has loaded). */
export const WORKER_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => T | Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => Promise.resolve().then(onTimeout).then(resolve, reject), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The browser's own parts, for the page. */
export function browserFollowDeps(store: FollowStore): FollowDeps {
  return {
    store,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    registration: () =>
      'serviceWorker' in navigator
        ? withTimeout<ServiceWorkerRegistration | null>(
            navigator.serviceWorker.ready,
            WORKER_TIMEOUT_MS,
            () => null,
          )
        : Promise.resolve(null),
    currentRegistration: async () =>
      'serviceWorker' in navigator ? ((await navigator.serviceWorker.getRegistration()) ?? null) : null,
    api: publicFollowApi,
    online: () => navigator.onLine,
  };
}

export const publicFollowApi: FollowApi = {
  publicKey: async () => (await publicApiRequest('getPushPublicKey')).publicKey,
  follow: (body) => publicApiRequest('createFollow', { body }),
  list: (endpoint) => publicApiRequest('listFollows', { body: { endpoint } }),
  unfollow: (endpoint, establishment) =>
    publicApiRequest('deleteFollow', { query: { endpoint, establishment } }).then(() => undefined),
};

/** What a failed API call means to the visitor. */
function apiProblem(error: unknown, deps: FollowDeps): FollowProblem {
  if (error instanceof FollowFailure) return error.problem;
  // Hidden or unknown (404), or closed for good (410): there is nothing left to follow.
  if (isApiError(error, 'NotFound') || isApiError(error, 'Gone')) return 'gone';
  if (isApiError(error, 'RateLimited')) return 'rate-limited';
  // The subscription's address is not one the server posts to (its push services' list).
  if (isApiError(error, 'ValidationError')) return 'push-refused';
  return deps.online() ? 'server' : 'offline';
}

const running = new WeakMap<FollowStore, Promise<unknown>>();

/**
 * `work` once the store's earlier work is over: following, unfollowing and putting the lists back in step
 * each read the browser's list, ask the server, then write the list. Side by side, a sync that asked the
 * server before a click wrote back the place just unfollowed (and followed it again on the next visit): seen
 * in the follow journey, « Ne plus suivre » clicked as « Mes favoris » opened.
 */
function oneAtATime<T>(store: FollowStore, work: () => Promise<T>): Promise<T> {
  const before = running.get(store) ?? Promise.resolve();
  const result = before.then(work, work);
  running.set(
    store,
    result.catch(() => undefined),
  );
  return result;
}

/** A subscription made with the server's key: the one there, or a new one (the old one dropped first). */
async function subscriptionFor(
  registration: Registration,
  key: Uint8Array<ArrayBuffer>,
): Promise<{ subscription: PushSubscription; renewed: boolean }> {
  const existing = await registration.pushManager.getSubscription();
  if (existing !== null && sameKey(existing.options.applicationServerKey, key)) {
    return { subscription: existing, renewed: false };
  }
  // Made with a key the server no longer has: nothing could be sent to it.
  if (existing !== null) await existing.unsubscribe().catch(() => false);
  try {
    const subscription = await withTimeout(
      registration.pushManager.subscribe(subscribeOptions(key)),
      SUBSCRIBE_TIMEOUT_MS,
      () => {
        throw new FollowFailure('push-unavailable');
      },
    );
    return { subscription, renewed: true };
  } catch (error) {
    if (error instanceof FollowFailure) throw error;
    // Chromium refuses a subscription in a private window, notifications allowed or not.
    if (error instanceof DOMException && error.name === 'NotAllowedError')
      throw new FollowFailure('private-window');
    throw new FollowFailure('push-unavailable');
  }
}

async function readyRegistration(deps: FollowDeps) {
  const registration = await deps.registration();
  if (registration === null) throw new FollowFailure('not-ready');
  return registration;
}

/** Each place sent again with `subscription`, one at a time; stops at the first refusal (the next visit retries). */
async function sendAgain(
  places: readonly FollowedPlace[],
  subscription: PushSubscription,
  deps: FollowDeps,
): Promise<void> {
  const body = subscriptionBody(subscription);
  for (const place of places) {
    try {
      await deps.api.follow({ establishment: place.id, subscription: body });
    } catch (error) {
      // A place no longer public is dropped from the list; anything else is tried again later.
      if (isApiError(error, 'NotFound') || isApiError(error, 'Gone')) {
        deps.store.set(withoutFollow(deps.store.get(), place.id));
      } else return;
    }
  }
}

/**
 * Follows `place`: asks for the notification permission when the visitor has not answered yet (`asked`, when
 * the click already asked, before this code was loaded), subscribes this browser once, sends the follow, and
 * keeps it in the browser's list. A subscription made anew carries the other followed places too.
 */
export async function followPlace(
  place: Omit<FollowedPlace, 'followedAt'>,
  deps: FollowDeps,
  asked?: Promise<NotificationPermission>,
): Promise<FollowResult> {
  // The permission is asked at once, on the click: the browser's question does not wait for a sync.
  let permission = deps.permission();
  if (permission === 'denied') return { ok: false, problem: 'blocked' };
  try {
    if (permission === 'default') permission = await (asked ?? deps.requestPermission());
  } catch (error) {
    return { ok: false, problem: apiProblem(error, deps) };
  }
  if (permission === 'denied') return { ok: false, problem: 'blocked' };
  if (permission !== 'granted') return { ok: false, problem: 'dismissed' };
  return oneAtATime(deps.store, () => subscribeAndFollow(place, deps));
}

async function subscribeAndFollow(
  place: Omit<FollowedPlace, 'followedAt'>,
  deps: FollowDeps,
): Promise<FollowResult> {
  try {
    const registration = await readyRegistration(deps);
    const key = base64urlToBytes(await deps.api.publicKey());
    const { subscription, renewed } = await subscriptionFor(registration, key);
    const created = await deps.api.follow({
      establishment: place.id,
      subscription: subscriptionBody(subscription),
    });
    const others = deps.store.get().filter((p) => p.id !== place.id);
    const { id, uri, name, kind } = place;
    deps.store.set(withFollow(deps.store.get(), { id, uri, name, kind, followedAt: created.createdAt }));
    if (renewed) await sendAgain(others, subscription, deps);
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: apiProblem(error, deps) };
  }
}

/**
 * Unfollows `place`: the server forgets it for this browser's subscription, then the browser's list does. A
 * browser without a subscription (or without its worker) only has its list to change. The subscription is
 * kept for the other places, and for the next follow.
 */
export function unfollowPlace(place: Pick<FollowedPlace, 'id'>, deps: FollowDeps): Promise<FollowResult> {
  return oneAtATime(deps.store, () => tellAndForget(place, deps));
}

async function tellAndForget(place: Pick<FollowedPlace, 'id'>, deps: FollowDeps): Promise<FollowResult> {
  try {
    const registration = await deps.currentRegistration();
    const subscription = (await registration?.pushManager.getSubscription()) ?? null;
    if (subscription !== null) await deps.api.unfollow(subscription.endpoint, place.id);
    deps.store.set(withoutFollow(deps.store.get(), place.id));
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: apiProblem(error, deps) };
  }
}

export type SyncResult = 'skipped' | 'in-step' | 'resubscribed' | 'resent' | 'failed';

/**
 * Puts the browser's list and the server's back in step, once notifications are allowed: a subscription the
 * push service dropped (or made with a key the server no longer has) is made again and every followed place
 * sent with it; otherwise the places the server lacks are sent again, and those only it knows are added to
 * the browser's list. Nothing is asked of the visitor, and a failure waits for the next visit.
 */
export function syncFollows(deps: FollowDeps): Promise<SyncResult> {
  return oneAtATime(deps.store, () => putInStep(deps));
}

async function putInStep(deps: FollowDeps): Promise<SyncResult> {
  try {
    if (deps.permission() !== 'granted' || !deps.online()) return 'skipped';
    const current = await deps.currentRegistration();
    const existing = (await current?.pushManager.getSubscription()) ?? null;
    if (existing === null && deps.store.get().length === 0) return 'skipped';
    const registration = await deps.registration();
    if (registration === null) return 'skipped';
    const key = base64urlToBytes(await deps.api.publicKey());
    const { subscription, renewed } = await subscriptionFor(registration, key);
    if (renewed) {
      await sendAgain(deps.store.get(), subscription, deps);
      return 'resubscribed';
    }
    const { list, missingOnServer } = reconcileFollows(
      deps.store.get(),
      await deps.api.list(subscription.endpoint),
    );
    if (JSON.stringify(list) !== JSON.stringify(deps.store.get())) deps.store.set(list);
    if (missingOnServer.length === 0) return 'in-step';
    await sendAgain(missingOnServer, subscription, deps);
    return 'resent';
  } catch {
    return 'failed';
  }
}

let syncing: Promise<SyncResult> | null = null;

/** `syncFollows` once per visit (each page of the visit would otherwise ask the server again). */
export function syncFollowsOnce(deps: FollowDeps): Promise<SyncResult> {
  syncing ??= syncFollows(deps);
  return syncing;
}
