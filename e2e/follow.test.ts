import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { parisDay } from '@tables-voisines/contract/paris-time';
import { startPushService, type TestBrowser, type TestPushService } from '../apps/api/test/push-receiver';
import { adminToken, createEstablishment, type MadeEstablishment } from './support/admins';
import {
  launchBrowser,
  newVisitorContext,
  waitForRouter,
  watchPageErrors,
  type Browser,
  type BrowserContext,
  type Page,
} from './support/browser';
import { callApi, startServer, type RunningServer } from './support/server';

/*
 * Following a place (issue 51), in Chromium against the real server: « Suivre » on a place's page, the
 * server's follow, the board's message as the server encrypts it for the browser's push service, that
 * message shown by the service worker, its click opening the page, « Mes favoris » and « Ne plus suivre »;
 * then a browser where notifications are blocked, and an iPhone, on a phone's screen.
 *
 * What stands in for what cannot run here, and why:
 * - The push service. Headless Chromium subscribes through Google's (FCM): none here (no network), and a
 *   private window, as Playwright's contexts are, refuses any subscription. The page's `PushManager` hands
 *   out instead a subscription to a push service on 127.0.0.1 (apps/api/test/push-receiver.ts), with keys of
 *   its own: the server encrypts the board's message for it as for a browser, and the service decrypts it
 *   as the browser would. Everything else is the page's and the worker's own code.
 * - The delivery to the browser: that decrypted message is handed to the service worker by the DevTools
 *   protocol (`ServiceWorker.deliverPushMessage`), as a push service's would be: the worker's `push` handler
 *   and `showNotification` run for real, and the notification is read back (`getNotifications`).
 * - The click: nothing can click a system notification here. The worker is given a `notificationclick` event
 *   for the notification it shows (the real `Notification` object); its handler runs and takes the map's
 *   tab to the place's page, which the journey sees. Not covered: `focus()` and `openWindow()`, which a
 *   browser allows only after a person's real click (an event made by a script is refused them); which
 *   window a click uses in each case is tested without a browser (push-notification.test.ts).
 */

const ADMIN = { username: 'chef-suivi', password: 'Blanquette-du-jeudi-2026' };
const VAPID_SUBJECT = 'mailto:equipe@tables-voisines.test';
/** A phone the size of an iPhone 14. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: RunningServer;
let browser: Browser;
let push: TestPushService;
let token: string;

beforeAll(async () => {
  push = await startPushService(VAPID_SUBJECT);
  [server, browser] = await Promise.all([
    startServer({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      VAPID_SUBJECT,
      PUSH_ALLOWED_ORIGINS: push.origin,
    }),
    launchBrowser(),
  ]);
  const { publicKey } = await callApi<{ publicKey: string }>(server.baseUrl, 'GET', '/api/push/public-key');
  push.expectKey(publicKey);
  token = await adminToken(server.baseUrl, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await push?.close();
});

/**
 * A visitor's context whose browser subscribes to the test's push service (see above): the subscription the
 * page asks for, kept across its pages as a browser keeps it, with the keys `subscriber` decrypts with.
 */
async function subscribingContext(
  subscriber: TestBrowser,
  options: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await newVisitorContext(browser, { serviceWorkers: 'allow', ...options });
  await context.addInitScript(({ endpoint, keys }) => {
    const KEY = 'e2e.pushKey';
    const subscription = (key: string) => ({
      endpoint,
      expirationTime: null,
      options: {
        userVisibleOnly: true,
        applicationServerKey: Uint8Array.from(atob(key), (c) => c.charCodeAt(0)).buffer,
      },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(KEY);
      return (key === null ? null : subscription(key)) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const bytes = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      localStorage.setItem(KEY, btoa(String.fromCharCode(...bytes)));
      return subscription(localStorage.getItem(KEY)!) as unknown as PushSubscription;
    };
  }, subscriber.subscription);
  return context;
}

async function waitForWorker(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.serviceWorker === 'activated' &&
      navigator.serviceWorker.controller !== null,
    null,
    { timeout: 30_000 },
  );
}

/** What the server knows this browser follows (`POST /api/follows/list`). */
async function followedOnServer(subscriber: TestBrowser): Promise<string[]> {
  const list = await callApi<{ establishment: { id: string } }[]>(
    server.baseUrl,
    'POST',
    '/api/follows/list',
    {
      endpoint: subscriber.subscription.endpoint,
    },
  );
  return list.map((follow) => follow.establishment.id);
}

async function publishTodaysBoard(place: MadeEstablishment) {
  const { categories } = await callApi<{ categories: { id: string }[] }>(
    server.baseUrl,
    'GET',
    '/api/categories/search?searchTerm=plat&limit=1',
  );
  await callApi(
    server.baseUrl,
    'POST',
    '/api/menuboard/',
    {
      establishment: place.id,
      title: 'Ardoise du jour',
      date: parisDay(new Date()),
      items: [
        { name: 'Blanquette de veau', price: 15.5, category: categories[0]!.id },
        { name: 'Tarte aux pommes', price: 6, category: categories[0]!.id },
      ],
    },
    token,
  );
}

/** The service worker's registration id, for the DevTools protocol's `ServiceWorker` domain. */
async function workerRegistrationId(page: Page): Promise<{ deliver: (data: string) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.some((r) => r.scopeURL === `${server.baseUrl}/` && !r.isDeleted))
    .toBe(true);
  const { registrationId } = registrations.find((r) => r.scopeURL === `${server.baseUrl}/` && !r.isDeleted)!;
  return {
    deliver: async (data) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.baseUrl, registrationId, data });
    },
  };
}

/** The notifications the service worker shows, as it reads them. */
/** The worker's global scope, as much of it as the journey uses (the DOM library has no worker types). */
type WorkerScope = { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };

async function shownNotifications(context: BrowserContext) {
  const [worker] = context.serviceWorkers();
  return worker!.evaluate(async () =>
    (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: (n as Notification & { badge: string }).badge,
      data: n.data as unknown,
    })),
  );
}

describe('following a place', () => {
  it('follows from the page, shows the board’s notification, opens the page on a click, lists and unfollows it', async () => {
    const place = await createEstablishment(server.baseUrl, token, { name: 'La Marmite du Suivi' });
    const path = establishmentPath('restaurant', place.uri);
    const subscriber = push.subscribe();
    const context = await subscribingContext(subscriber);
    await context.grantPermissions(['notifications'], { origin: server.baseUrl });
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    await page.goto(`${server.baseUrl}${path}`);
    await waitForWorker(page);
    // Its name is its visible label, whichever it shows; the element stays the same.
    const follow = page.locator('.tv-follow__button');
    expect(await page.getByRole('button', { name: 'Suivre', exact: true }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await follow.click();
    const status = page.locator('.tv-follow [role="status"]');
    await expect
      .poll(() => status.textContent())
      .toBe(
        'Vous suivez La Marmite du Suivi\u00a0: une notification vous prévient dès que son ardoise du jour est publiée.',
      );
    expect(
      await page.getByRole('button', { name: 'Ne plus suivre', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    // The server has it, for this browser's subscription; the browser keeps it too.
    expect(await followedOnServer(subscriber)).toEqual([place.id]);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('tablesVoisines.follows') ?? '[]')),
    ).toEqual([
      expect.objectContaining({
        id: place.id,
        uri: place.uri,
        name: 'La Marmite du Suivi',
        kind: 'restaurant',
      }),
    ]);
    // Back on the page later, it is still followed.
    await page.reload();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');

    // The owner publishes today's board: the server encrypts its message for the browser's push service.
    await publishTodaysBoard(place);
    await expect.poll(() => push.messagesTo(subscriber).length, { timeout: 30_000 }).toBe(1);
    expect(push.problems).toEqual([]);
    const [message] = push.messagesTo(subscriber);
    expect(message!.payload).toMatchObject({
      title: 'La Marmite du Suivi',
      body: 'L’ardoise du jour est en ligne : Blanquette de veau, Tarte aux pommes.',
      url: `${server.baseUrl}${path}`,
    });

    // That message reaches the service worker, which shows it.
    const worker = await workerRegistrationId(page);
    await worker.deliver(JSON.stringify(message!.payload));
    // Up to 30 s, as for the push service above: a clean-clone CI run on 5 December saw none in 10 s, beside
    // another journey file (a stopped worker started for the message; the cause was not found).
    await expect
      .poll(() => shownNotifications(context).then((shown) => shown.length), { timeout: 30_000 })
      .toBe(1);
    const [shown] = await shownNotifications(context);
    expect(shown).toEqual({
      title: 'La Marmite du Suivi',
      body: 'L’ardoise du jour est en ligne : Blanquette de veau, Tarte aux pommes.',
      tag: message!.payload.tag,
      icon: `${server.baseUrl}/icons/icon-192.png`,
      badge: `${server.baseUrl}/icons/badge-96.png`,
      data: { url: `${server.baseUrl}${path}` },
    });

    // « Mes favoris » on the map lists it, with today's board.
    await page.goto(`${server.baseUrl}/`);
    await waitForWorker(page);
    await page.getByRole('button', { name: 'Mes favoris' }).click();
    const favorites = page.getByRole('region', { name: 'Mes favoris' });
    await expect
      .poll(() =>
        favorites.getByRole('list', { name: 'Établissements suivis' }).getByRole('heading').allTextContents(),
      )
      .toEqual(['La Marmite du Suivi']);
    await expect.poll(() => favorites.textContent()).toContain('Blanquette de veau');

    // A click on the notification: the worker takes this tab, on the map, to the place's page.
    const [serviceWorker] = context.serviceWorkers();
    await serviceWorker!.evaluate(async () => {
      const scope = self as unknown as WorkerScope & {
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      // A script's event: its `waitUntil` throws (untrusted), after the handler's work has started.
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await page.waitForURL(`${server.baseUrl}${path}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('La Marmite du Suivi');
    await expect.poll(() => shownNotifications(context).then((s) => s.length)).toBe(0);

    // « Ne plus suivre » from « Mes favoris »: gone from the list, from the browser and from the server.
    await page.goto(`${server.baseUrl}/#carte=6/46.6/2.4&favoris=1`);
    await favorites.getByRole('button', { name: 'Ne plus suivre La Marmite du Suivi' }).click();
    await expect
      .poll(() => favorites.getByRole('status').first().textContent())
      .toBe('Aucun établissement suivi pour le moment.');
    expect(await favorites.textContent()).toContain('Vous ne suivez plus La Marmite du Suivi.');
    expect(await followedOnServer(subscriber)).toEqual([]);
    await page.goto(`${server.baseUrl}${path}`);
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('explains how to allow notifications again when they are blocked, and follows nothing', async () => {
    const place = await createEstablishment(server.baseUrl, token, { name: 'Le Bouchon Bloqué' });
    const subscriber = push.subscribe();
    const context = await subscribingContext(subscriber);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}${establishmentPath('restaurant', place.uri)}`);
    // Blocked as a visitor who once answered « Bloquer » (the browser's own setting, through DevTools).
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const browserSession = await browser.newBrowserCDPSession();
    await browserSession.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: server.baseUrl,
      browserContextId: targetInfo.browserContextId,
    });
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');

    await page.getByRole('button', { name: 'Suivre', exact: true }).click();
    const status = page.locator('.tv-follow [role="status"]');
    await expect
      .poll(() => status.locator('p').textContent())
      .toBe(
        'Les notifications sont bloquées pour ce site\u00a0: nous ne pouvons pas vous prévenir. Pour les autoriser\u00a0:',
      );
    expect(await status.locator('li').allTextContents()).toEqual([
      'Cliquez sur l’icône à gauche de l’adresse (les paramètres du site).',
      'Autorisez «\u00a0Notifications\u00a0».',
      'Cliquez à nouveau sur «\u00a0Suivre\u00a0» sur cette page.',
    ]);
    expect(await page.getByRole('button', { name: 'Suivre', exact: true }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(await followedOnServer(subscriber)).toEqual([]);
    expect(errors()).toEqual([]);
    await browserSession.detach();
    await context.close();
  });

  it('raises the list on a phone when « Mes favoris » is turned on: what is followed, or how to follow one', async () => {
    const context = await newVisitorContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/`);
    await waitForRouter(page);
    const sheet = page.locator('[data-sheet]');
    expect(await sheet.getAttribute('data-sheet')).toBe('peek');
    await page.getByRole('button', { name: 'Mes favoris' }).tap();
    // Lowered, the sheet showed its search and chips over an empty map: nothing said why (seen 2026-12-06).
    await expect.poll(() => sheet.getAttribute('data-sheet')).toBe('half');
    const status = page
      .getByRole('region', { name: 'Mes favoris' })
      .getByText('Aucun établissement suivi pour le moment.');
    // In the screen once the sheet has risen, and on top of the map.
    await expect
      .poll(() =>
        status.evaluate((line) => {
          const r = line.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return r.bottom <= window.innerHeight && hit !== null && line.contains(hit);
        }),
      )
      .toBe(true);
    // Turned off and on again from the full list, the sheet stays where the visitor put it.
    await page.getByRole('button', { name: 'Afficher la liste en plein écran' }).tap();
    await expect.poll(() => sheet.getAttribute('data-sheet')).toBe('full');
    await page.getByRole('button', { name: 'Mes favoris' }).tap();
    await page.getByRole('button', { name: 'Mes favoris' }).tap();
    expect(await sheet.getAttribute('data-sheet')).toBe('full');
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('tells an iPhone outside the installed app how to install it, clear of everything on a phone’s screen', async () => {
    const place = await createEstablishment(server.baseUrl, token, {
      name: 'Le Petit Bistrot des Pentes de la Croix-Rousse',
      description: 'Une cuisine de marché, servie midi et soir, au pied des pentes.',
    });
    const context = await newVisitorContext(browser, { ...PHONE, userAgent: IPHONE_SAFARI });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}${establishmentPath('restaurant', place.uri)}`);
    await page.getByRole('button', { name: 'Suivre', exact: true }).tap();
    const status = page.locator('.tv-follow [role="status"]');
    await expect.poll(() => status.locator('li').count()).toBe(3);
    expect(await status.locator('p').textContent()).toBe(
      'Sur iPhone et iPad, seules les applications ajoutées à l’écran d’accueil reçoivent des notifications. Pour installer Tables Voisines\u00a0:',
    );
    expect(await status.locator('li').first().textContent()).toBe(
      'Touchez le bouton Partager (le carré avec une flèche vers le haut).',
    );

    // The button and its explanation inside the screen's width, on top of nothing and under nothing.
    const layout = await page.evaluate(() => {
      const rect = (e: Element) => e.getBoundingClientRect();
      const button = document.querySelector('.tv-follow__button')!;
      const notice = document.querySelector('.tv-follow__notice')!;
      const overlaps = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const head = document.querySelector('.tv-establishment__head')!;
      // The page's other blocks: the lines of its head beside the follow block, and the sections after it.
      const others = [
        ...[...head.children].filter((e) => !e.classList.contains('tv-follow')),
        ...[...document.querySelectorAll('.tv-establishment > section, .tv-site-header, header')],
      ];
      const onTop = (e: Element) => {
        const r = rect(e);
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
        return hit !== null && e.contains(hit);
      };
      return {
        width: window.innerWidth,
        button: rect(button).toJSON() as DOMRect,
        notice: rect(notice).toJSON() as DOMRect,
        overlapping: others
          .filter((e) => overlaps(rect(e), rect(button)) || overlaps(rect(e), rect(notice)))
          .map((e) => e.className || e.tagName),
        buttonOnTop: onTop(button),
        noticeOnTop: onTop(notice),
      };
    });
    expect(layout.overlapping).toEqual([]);
    expect(layout.button.left).toBeGreaterThanOrEqual(0);
    expect(layout.notice.right).toBeLessThanOrEqual(layout.width);
    expect(layout.buttonOnTop).toBe(true);
    // Scrolled into view first when the phone's screen ends above it.
    await page.locator('.tv-follow__notice').scrollIntoViewIfNeeded();
    expect(
      await page.evaluate(() => {
        const notice = document.querySelector('.tv-follow__notice')!;
        const r = notice.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && notice.contains(hit);
      }),
    ).toBe(true);
    expect(errors()).toEqual([]);
    await context.close();
  });
});
