import AxeBuilder from '@axe-core/playwright';
import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core';

import { CHROMIUM_PATH } from '../../apps/api/test/machine';

/** Debian's Chromium: nothing is downloaded, the flags keep it off the (closed) network. */
export { CHROMIUM_PATH };

export async function launchBrowser({
  scrollbars = false,
}: {
  /**
   * Classic scrollbars that take room, as on Windows and Linux desktops (Playwright hides them by default
   * with `--hide-scrollbars`): a scrollbar appearing narrows what it scrolls and moves its text.
   */
  scrollbars?: boolean;
} = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    // Outside CI, vitest.config.ts leaves the journeys out when it is missing, and says so; here only when
    // CHROMIUM_PATH names a binary that went away since.
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with 'apt-get update && apt-get install -y chromium' ` +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...(scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** Contexts where Playwright blocks service workers: the app's logged registration failure is expected. */
const serviceWorkersBlocked = new WeakSet<BrowserContext>();

/**
 * A French-speaking visitor: fr-FR locale, Paris time zone. Without the service worker unless asked
 * (`serviceWorkers: 'allow'`, e2e/pwa.test.ts): once it controls a page, Playwright's `page.route` no
 * longer sees the requests it makes, and journeys that slow down or break a request would race it.
 */
export async function newVisitorContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    serviceWorkers: 'block',
    ...options,
  });
  if ((options.serviceWorkers ?? 'block') === 'block') serviceWorkersBlocked.add(context);
  followForFailures(context);
  return context;
}

/** `storagePrefix(SITE_SHORT_NAME)` for the default name, « Tables voisines » (features/pwa/storage-prefix.ts). */
const STORAGE_PREFIX = 'tablesVoisines';

/** What a sign-in page leaves in a tab (features/session/session-storage.ts): the account and its two tokens. */
export interface StoredSignIn {
  accountKey: 'admin' | 'restaurantOwner';
  account: { id: string };
  token: string;
  longLifeToken: string;
}

/**
 * A visitor's context signed in, as the sign-in page leaves it: the four stored items written before the
 * first page runs. Once per context, so that signing out stays signed out and a second tab finds the account
 * and its long-life token as a real one would (its short token is its own).
 */
export async function newSignedInContext(
  browser: Browser,
  signedIn: StoredSignIn,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await newVisitorContext(browser, options);
  await context.addInitScript(
    ({ prefix, accountKey, account, token, longLifeToken }) => {
      if (!location.protocol.startsWith('http') || localStorage.getItem('e2e.signedIn') !== null) return;
      localStorage.setItem('e2e.signedIn', '1');
      sessionStorage.setItem(`${prefix}.token`, token);
      localStorage.setItem(`${prefix}.longLifeToken`, longLifeToken);
      localStorage.setItem(`${prefix}.${accountKey}`, account);
    },
    { ...signedIn, prefix: STORAGE_PREFIX, account: JSON.stringify(signedIn.account) },
  );
  return context;
}

/**
 * Collects console errors and uncaught page errors: a journey that produced one fails, like a
 * `console.error` in a unit test.
 */
export function watchPageErrors(page: Page): () => string[] {
  const errors: string[] = [];
  const blocked = serviceWorkersBlocked.has(page.context());
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    // Playwright's blocking makes `register()` answer nothing, which the app rightly logs as a failure.
    if (blocked && message.text().startsWith('Service worker registration failed:')) return;
    errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return () => errors;
}

/** Each open context's last API calls (`describeOpenPages`): what a failed journey's log tells. */
interface Followed {
  opened: number;
  lastCall: number;
  calls: string[];
}
const openContexts = new Map<BrowserContext, Followed>();
const CALLS_KEPT = 25;

function followForFailures(context: BrowserContext): void {
  const followed: Followed = { opened: Date.now(), lastCall: 0, calls: [] };
  const keep = (line: string) => {
    followed.lastCall = Date.now();
    followed.calls.push(`+${followed.lastCall - followed.opened} ms ${line}`);
    if (followed.calls.length > CALLS_KEPT) followed.calls.shift();
  };
  const api = (url: string) => {
    const { pathname, search } = new URL(url);
    return pathname.startsWith('/api/') ? pathname + search : null;
  };
  context.on('response', (response) => {
    const path = api(response.url());
    const request = response.request();
    const ifMatch = request.headers()['if-match'];
    if (path !== null)
      keep(`${request.method()} ${path}${ifMatch ? ` (If-Match ${ifMatch})` : ''} → ${response.status()}`);
  });
  context.on('requestfailed', (request) => {
    const path = api(request.url());
    if (path !== null) keep(`${request.method()} ${path} → ${request.failure()?.errorText ?? 'failed'}`);
  });
  openContexts.set(context, followed);
  context.on('close', () => openContexts.delete(context));
}

/**
 * What the browser showed when a journey failed (`e2e/support/on-failure.ts`), for each context opened or
 * calling the API since `since`: its pages' addresses, headings, alerts and status messages, and its last API
 * calls (times from the context's opening). CI keeps only the log.
 */
export async function describeOpenPages(since: number): Promise<string> {
  const parts: string[] = [];
  let n = 0;
  for (const [context, { opened, lastCall, calls }] of openContexts) {
    if (opened < since && lastCall < since) continue;
    n += 1;
    parts.push(`context ${n}, opened at ${opened - since} ms of the test:`);
    for (const page of context.pages()) {
      // A page held by a dialog (« Quitter la page ? ») never answers: not waited for long.
      const shown = await Promise.race([
        page.evaluate(() =>
          [...document.querySelectorAll('h1, [role="alert"], [role="status"]')]
            .map(
              (e) => `${e.tagName === 'H1' ? 'h1' : e.getAttribute('role')}: ${(e.textContent ?? '').trim()}`,
            )
            .filter((line) => !line.endsWith(': ')),
        ),
        new Promise<string[]>((resolve) => setTimeout(() => resolve(['(no answer in 5 s)']), 5_000).unref()),
      ]).catch((error: Error) => [`(not readable: ${error.message.split('\n')[0]})`]);
      parts.push(`  page ${page.url()}`, ...shown.map((line) => `    ${line.slice(0, 300)}`));
    }
    parts.push('  its last API calls:', ...calls.map((line) => `    ${line}`));
  }
  return parts.join('\n');
}

export type { Browser, BrowserContext, Locator, Page };

/**
 * When the page's first contentful paint came and when the first of its scripts (`/assets/*.js`) was asked
 * for, from the page's own timeline: pages whose scripts wait for their paint (decisions 0057, 0093).
 */
export async function paintAndFirstScript(page: Page): Promise<{ painted: number; firstScript: number }> {
  return page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/[^/]+\.js$/.test(new URL(r.name).pathname))
        .map((r) => r.startTime),
    ),
  }));
}

/**
 * Waits until the page has hydrated and React Router's router is ready: a client navigation started
 * before that (right after `load`) finds no router.
 */
export async function waitForRouter(page: Page): Promise<void> {
  // A place's page freshly rendered on a phone starts React on the visitor's first intent (decision 0092):
  // a key pressed is one, and does nothing else on a page.
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
      .__reactRouterDataRouter;
    return router?.state.initialized === true;
  });
}

/**
 * Waits until the page's CSS transitions and animations have run and none has started for a few frames
 * (a menu closing or a notification sliding in starts its transition a frame or two after what caused
 * it): axe reads colours as they are, and a button fading back from disabled fails the contrast check
 * halfway. Endless animations are left alone.
 */
export async function settleAnimations(page: Page, quietFrames = 5): Promise<void> {
  await page.evaluate(async (quiet) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let still = 0; still < quiet;) {
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (running.length === 0) {
        still += 1;
      } else {
        still = 0;
        await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      }
    }
  }, quietFrames);
}

/** A layout shift the browser measured (`value`, as in Cumulative Layout Shift) and the class names it moved. */
export interface LayoutShift {
  value: number;
  nodes: string[];
}

/** Records the layout shifts of every page of `target` from its first paint on, for `layoutShiftsOnceDrawn`. */
export async function watchLayoutShifts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    const record = (entries: PerformanceEntry[]) => {
      for (const entry of entries as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
        const nodes = entry.sources.map((s) =>
          s.node instanceof Element ? (s.node.getAttribute('class') ?? '') : '',
        );
        shifts.push({ value: entry.value, nodes });
      }
    };
    const observer = new PerformanceObserver((entries) => record(entries.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // The shifts measured so far, those whose report is still queued included.
    (window as unknown as { layoutShifts: () => typeof shifts }).layoutShifts = () => {
      record(observer.takeRecords());
      return shifts;
    };
  });
}

/**
 * The layout shifts of a page watched by `watchLayoutShifts`, once it has drawn itself with every web font
 * it asked for: the frame after the fonts have come is the one where text they move would shift.
 */
export async function layoutShiftsOnceDrawn(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    do {
      await document.fonts.ready;
      await frame();
      await frame();
    } while (document.fonts.status !== 'loaded');
    return (window as unknown as { layoutShifts: () => { value: number; nodes: string[] }[] }).layoutShifts();
  });
}

/**
 * axe on `page`, run in the page itself (axe's legacy mode) when it has no frame of its own. By default the
 * builder runs axe in each frame, then opens a blank tab to put the frames' results together: on a 2-core host
 * (2026-12-06) a check of the back office's list of establishments took 3.0 to 3.2 s that way, 1.6 to 2.2 s in the
 * page, the same violations found, and the journeys make about 90 checks. A page with a frame (an iframe) is
 * checked the default way: run in the page, axe did not look into it.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}
