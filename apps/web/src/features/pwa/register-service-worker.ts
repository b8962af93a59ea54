import { Workbox } from 'workbox-window';
import { countFailedResources } from './failed-resources';
import { CACHE_PAGE_MESSAGE } from './sw-routes';

/** The console's warning on an origin without HTTPS (decision 0008, "Registration"), word for word. */
export const INSECURE_ORIGIN_MESSAGE =
  'Service workers can only be used over HTTPS, or on localhost for development';

export const SERVICE_WORKER_URL = '/sw.js';

export type ServiceWorkerState = 'registering' | 'installed' | 'activated' | 'redundant' | 'failed';

/** HTTPS, or this machine (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`) for development. */
export function isServiceWorkerOrigin(location: Pick<Location, 'protocol' | 'hostname'>): boolean {
  if (location.protocol === 'https:') return true;
  const host = location.hostname;
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * What the worker does not see by itself: what the page loaded before it took control. This site's code,
 * map files, photos, public records and the map feed, and images from another origin (photos in object
 * storage).
 */
export function urlsLoadedBeforeControl(
  pageUrl: string,
  resources: readonly { name: string; initiatorType?: string }[],
  origin: string,
): string[] {
  return [...new Set([pageUrl.split('#')[0]!, ...cacheableResourceUrls(resources, origin)])];
}

/** Of the resources a page loaded, those the worker keeps for offline visits (see urlsLoadedBeforeControl). */
export function cacheableResourceUrls(
  resources: readonly { name: string; initiatorType?: string }[],
  origin: string,
): string[] {
  const urls = new Set<string>();
  for (const { name, initiatorType } of resources) {
    const url = new URL(name, origin);
    const ours =
      url.origin === origin &&
      /^\/(assets|map|media|uploads)\/|^\/establishment\/[^/]+\/public$|^\/api\/map\/feed$/.test(
        url.pathname,
      );
    const foreignImage = url.origin !== origin && url.protocol === 'https:' && initiatorType === 'img';
    if (ours || foreignImage) urls.add(url.href);
  }
  return [...urls];
}

/** A resource the page finished loading; `workerStart` 0: fetched without the worker. */
export type LoadedResource = { name: string; initiatorType?: string; workerStart: number };

/**
 * How long after a first worker takes control the page still hands it what finishes loading without it:
 * requests already on their way when it took over (a map chunk, the base map, a photo) end outside it.
 */
export const LATE_RESOURCES_MS = 30_000;
/** Late resources are handed over together, this long after the last one. */
const LATE_RESOURCES_BATCH_MS = 500;

/** Resources the page finishes loading from now on, until the returned function is called. */
function watchResources(onResources: (resources: readonly LoadedResource[]) => void): () => void {
  if (typeof PerformanceObserver === 'undefined') return () => {};
  const observer = new PerformanceObserver((list) =>
    onResources(list.getEntries() as PerformanceResourceTiming[]),
  );
  observer.observe({ type: 'resource' });
  return () => observer.disconnect();
}

/** The part of workbox-window used here: tests give a fake one. */
export interface WorkboxLike {
  addEventListener(
    type: 'installed' | 'activated' | 'redundant',
    listener: (event: { isUpdate?: boolean }) => void,
  ): void;
  register(): Promise<Pick<ServiceWorkerRegistration, 'active' | 'installing' | 'waiting'> | undefined>;
  messageSW(data: object): Promise<unknown>;
}

export interface RegisterOptions {
  location?: Pick<Location, 'protocol' | 'hostname' | 'href' | 'origin'>;
  supported?: boolean;
  createWorkbox?: (url: string) => WorkboxLike;
  failedResources?: () => number;
  loadedResources?: () => readonly { name: string; initiatorType?: string }[];
  /** Follows the resources the page finishes loading (tests give a fake one); returns its stop. */
  watchResources?: (onResources: (resources: readonly LoadedResource[]) => void) => () => void;
  reload?: () => void;
  onStateChange?: (state: ServiceWorkerState) => void;
  /** After a first install, once the worker has cached the current page and what it loaded. */
  onPageCached?: () => void;
}

/**
 * Registers the service worker over HTTPS or on localhost only (the exact message on another origin),
 * follows its states (installed, activated, redundant), hands it what the page loaded before it took
 * control on a first install, and reloads the page when an update is active and some of the page's
 * resources had failed to load. A failed registration is logged.
 */
export async function registerServiceWorker(options: RegisterOptions = {}): Promise<void> {
  const location = options.location ?? window.location;
  if (!isServiceWorkerOrigin(location)) {
    console.warn(INSECURE_ORIGIN_MESSAGE);
    return;
  }
  if (!(options.supported ?? 'serviceWorker' in navigator)) return;

  const setState = options.onStateChange ?? (() => {});
  const failedResources = options.failedResources ?? countFailedResources;
  const reload = options.reload ?? (() => window.location.reload());
  const wb = (options.createWorkbox ?? ((url) => new Workbox(url, { scope: '/' })))(SERVICE_WORKER_URL);

  wb.addEventListener('installed', () => setState('installed'));
  wb.addEventListener('redundant', () => setState('redundant'));
  wb.addEventListener('activated', (event) => {
    setState('activated');
    if (event.isUpdate === true) {
      // New code is live: a page whose own code or images had failed is reloaded with it.
      if (failedResources() > 0) reload();
      return;
    }
    const loaded =
      options.loadedResources ??
      (() => performance.getEntriesByType('resource') as PerformanceResourceTiming[]);
    const urls = urlsLoadedBeforeControl(location.href, loaded(), location.origin);
    wb.messageSW({ type: CACHE_PAGE_MESSAGE, urls }).then(
      () => options.onPageCached?.(),
      (error: unknown) => console.warn('Service worker could not cache the current page:', error),
    );
    handLateResources(new Set(urls));
  });

  /**
   * Requests on their way when the worker took control end without it and after the list above was made:
   * for a while, what finishes loading without the worker is handed to it too, by batches, each address once.
   */
  function handLateResources(sent: Set<string>) {
    let batch = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const urls = [...batch];
      batch = new Set();
      if (urls.length === 0) return;
      wb.messageSW({ type: CACHE_PAGE_MESSAGE, urls }).catch((error: unknown) =>
        console.warn('Service worker could not cache resources loaded late:', error),
      );
    };
    const stop = (options.watchResources ?? watchResources)((resources) => {
      const late = resources.filter((resource) => resource.workerStart === 0);
      for (const url of cacheableResourceUrls(late, location.origin)) {
        if (sent.has(url)) continue;
        sent.add(url);
        batch.add(url);
      }
      if (batch.size > 0 && timer === undefined) timer = setTimeout(flush, LATE_RESOURCES_BATCH_MS);
    });
    setTimeout(() => {
      stop();
      if (timer !== undefined) {
        clearTimeout(timer);
        flush();
      }
    }, LATE_RESOURCES_MS);
  }

  setState('registering');
  try {
    const registration = await wb.register();
    const pending = registration?.installing ?? registration?.waiting ?? null;
    // Already installed by an earlier visit and nothing new on the way: no event will come.
    if (registration?.active && pending === null) setState('activated');
    // A worker an earlier page of this visit started to install (a full page load came before it was
    // done): workbox-window reports only the installs it sees begin, so this one is followed here.
    if (pending !== null) {
      const follow = () => {
        if (pending.state === 'activated') setState('activated');
      };
      pending.addEventListener('statechange', follow);
      follow();
    }
  } catch (error) {
    setState('failed');
    console.error('Service worker registration failed:', error);
  }
}
