/**
 * The service worker (built by vite-plugin-pwa's injectManifest into `build/client/sw.js`, served at the
 * site root with `Cache-Control: no-cache`). Strategy (docs/decisions/0008-service-worker-strategy.md):
 * - precache the app shell only: the entry and root route code, their CSS, the fonts, a few icons, the
 *   bundled base map and the offline page;
 * - the public pages a visitor reads (a place's page and its report form, « Nous contacter », « Données
 *   ouvertes »: `isKeptPagePath`), their `.data` files and a place's public API record, and the map page
 *   (the start page, fetched when the worker installs) with its feed: network first, then the cache, so a
 *   page read once and the map stay readable offline;
 * - photos: cache first; hashed assets: cache first (immutable); other files under `/map/`: stale while
 *   revalidate;
 * - any other page that cannot be fetched: the French offline page.
 * The worker takes over at once (skipWaiting + clientsClaim): a page whose old code had failed to load
 * reloads when the update is active (see register-service-worker.ts).
 *
 * Following a place (issue 51): a push message shows its notification, a click on it opens the place's page
 * (or brings forward a window already showing it), and a subscription the push service renews is sent again
 * with every followed place. The subscription belongs to the registration, not to this script: an update of
 * the worker keeps it, and nothing here or in the registration code unsubscribes.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import {
  CacheFirst,
  NetworkFirst,
  NetworkOnly,
  StaleWhileRevalidate,
  type Strategy,
} from 'workbox-strategies';
import {
  CACHE_PAGE_MESSAGE,
  OFFLINE_PAGE,
  RUNTIME_CACHES,
  isKeptPagePath,
  isPhotoRequest,
  isStartPagePath,
  START_PAGE,
} from './sw-routes';
import { readFollowsMirror } from '../follow/follow-mirror';
import { subscribeAgain } from '../follow/resubscribe';
import {
  notificationOptions,
  notificationTarget,
  readPushPayload,
  windowForNotification,
} from '../follow/push-notification';

// The web app's TypeScript program has the DOM library, not the worker one: only what is used here.
interface CachePageMessageEvent {
  data: unknown;
  ports: readonly MessagePort[];
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
declare const self: {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: CachePageMessageEvent) => void): void;
  addEventListener(type: 'install', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(
    type: 'push',
    listener: (event: ExtendableEventLike & { data: { text(): string } | null }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEventLike & { notification: Notification }) => void,
  ): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (
      event: ExtendableEventLike & {
        oldSubscription?: PushSubscription | null;
        newSubscription?: PushSubscription | null;
      },
    ) => void,
  ): void;
};

const DAY = 24 * 60 * 60;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
navigationPreload.enable();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

type RuntimeRoute = { match: (url: URL, request: Request) => boolean; strategy: Strategy };

const photos: RuntimeRoute = {
  match: (url, request) => isPhotoRequest(url, request.destination, self.location.origin),
  strategy: new CacheFirst({
    cacheName: RUNTIME_CACHES.photos,
    plugins: [
      // Photos on another origin (object storage) come back opaque: status 0.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
};

const runtimeRoutes: RuntimeRoute[] = [
  {
    match: (url, request) =>
      sameOrigin(url) &&
      request.method === 'GET' &&
      (isKeptPagePath(url.pathname) || (isStartPagePath(url.pathname) && url.search === '')),
    strategy: new NetworkFirst({
      cacheName: RUNTIME_CACHES.pages,
      networkTimeoutSeconds: 5,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  },
  photos,
  {
    // Hashed file names never change content: the code of the pages visited, for reading them offline.
    match: (url) => sameOrigin(url) && url.pathname.startsWith('/assets/'),
    strategy: new CacheFirst({
      cacheName: RUNTIME_CACHES.assets,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  },
  {
    match: (url) => sameOrigin(url) && url.pathname.startsWith('/map/'),
    strategy: new StaleWhileRevalidate({
      cacheName: RUNTIME_CACHES.map,
      plugins: [new CacheableResponsePlugin({ statuses: [200] })],
    }),
  },
];

for (const route of runtimeRoutes) {
  registerRoute(({ url, request }) => route.match(url, request), route.strategy);
}

// The start page kept from the install on: the installed app opens on the map offline, whichever page the
// visitor came by first. Installing never fails for it (offline, the page comes on the next visit).
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(RUNTIME_CACHES.pages)
      .then((cache) => cache.add(START_PAGE))
      .catch(() => undefined),
  );
});

// Every other page: from the network only (pages change with the data), the offline page otherwise.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document' || request.mode === 'navigate') {
    const offline = await matchPrecache(OFFLINE_PAGE);
    if (offline !== undefined) return offline;
  }
  return Response.error();
});

/**
 * On a first install the page was fetched before this worker controlled it: the page sends its address
 * and what it loaded, each goes through its route's strategy, and the answer comes once they are stored
 * (Workbox's own `CACHE_URLS` answers before the cache writes end).
 */
self.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; urls?: unknown } | null;
  if (message?.type !== CACHE_PAGE_MESSAGE || !Array.isArray(message.urls)) return;
  const done = Promise.allSettled(
    message.urls.map(async (href: unknown) => {
      if (typeof href !== 'string') return;
      // The page sends images of another origin only (photos in object storage): fetched as images are.
      const foreign = new URL(href).origin !== self.location.origin;
      const request = new Request(href, foreign ? { mode: 'no-cors' } : {});
      const route = foreign ? photos : runtimeRoutes.find((r) => r.match(new URL(request.url), request));
      if (route === undefined) return;
      const [response, stored] = route.strategy.handleAll({ request, event });
      await Promise.allSettled([response, stored]);
    }),
  );
  event.waitUntil(done);
  void done.then(() => event.ports[0]?.postMessage(true));
});

/** A followed place published today's board: its notification (features/follow/push-notification.ts). */
self.addEventListener('push', (event) => {
  const { title, ...options } = notificationOptions(readPushPayload(event.data?.text()));
  event.waitUntil(self.registration.showNotification(title, options));
});

/**
 * A click on it: a window already on the place's page comes forward; else a window on a public page of the
 * site comes forward and goes there; else a new one opens. The work is started before `waitUntil` is given
 * it: a click dispatched by a test (an untrusted event, whose `waitUntil` throws) still opens the page.
 */
async function openNotificationTarget(notification: Notification): Promise<void> {
  const target = notificationTarget(notification.data, self.location.origin);
  if (target.origin !== self.location.origin) {
    await self.clients.openWindow(target.href);
    return;
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const chosen = windowForNotification(windows, target);
  if (chosen !== null) {
    // Focus needs the click's permission, which a window's navigation does not: one failing leaves the other.
    const shown = await chosen.client.focus().catch(() => chosen.client);
    if (!chosen.navigate) return;
    try {
      await shown.navigate(target.href);
      return;
    } catch {
      // A window this worker does not control cannot be sent elsewhere: a new one opens.
    }
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotificationTarget(event.notification));
});

// The push service renewed or dropped the subscription: a new one, and every followed place sent again.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    subscribeAgain(event.oldSubscription, event.newSubscription, {
      follows: readFollowsMirror,
      subscribe: (options) => self.registration.pushManager.subscribe(options),
      fetch: (input, init) => fetch(input, init),
    }),
  );
});
