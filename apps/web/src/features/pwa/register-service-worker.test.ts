import { describe, expect, it, vi } from 'vitest';
import {
  INSECURE_ORIGIN_MESSAGE,
  isServiceWorkerOrigin,
  LATE_RESOURCES_MS,
  registerServiceWorker,
  type LoadedResource,
  urlsLoadedBeforeControl,
  type ServiceWorkerState,
  type WorkboxLike,
} from './register-service-worker';

type Listener = (event: { isUpdate?: boolean }) => void;

function createFakeWorkbox(register: WorkboxLike['register'] = async () => undefined) {
  const listeners = new Map<string, Listener[]>();
  const messages: object[] = [];
  const wb: WorkboxLike & { emit(type: string, event?: { isUpdate?: boolean }): void; messages: object[] } = {
    messages,
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    register,
    async messageSW(data) {
      messages.push(data);
      return true;
    },
    emit(type, event = {}) {
      for (const listener of listeners.get(type) ?? []) listener(event);
    },
  };
  return wb;
}

const localhost = {
  protocol: 'http:',
  hostname: 'localhost',
  href: 'http://localhost:3000/restaurant/chez-jo-a-lyon',
  origin: 'http://localhost:3000',
};

describe('isServiceWorkerOrigin', () => {
  it('allows HTTPS and this machine only', () => {
    expect(isServiceWorkerOrigin({ protocol: 'https:', hostname: 'tables.example' })).toBe(true);
    expect(isServiceWorkerOrigin({ protocol: 'http:', hostname: 'localhost' })).toBe(true);
    expect(isServiceWorkerOrigin({ protocol: 'http:', hostname: 'app.localhost' })).toBe(true);
    expect(isServiceWorkerOrigin({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(true);
    expect(isServiceWorkerOrigin({ protocol: 'http:', hostname: '[::1]' })).toBe(true);
    expect(isServiceWorkerOrigin({ protocol: 'http:', hostname: 'tables.example' })).toBe(false);
    expect(isServiceWorkerOrigin({ protocol: 'http:', hostname: '192.168.1.10' })).toBe(false);
  });
});

describe('registerServiceWorker', () => {
  it('says why on a non-secure origin, in the exact words, and registers nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const createWorkbox = vi.fn();
    await registerServiceWorker({
      location: { ...localhost, hostname: 'tables.example', href: 'http://tables.example/' },
      supported: true,
      createWorkbox,
    });
    expect(warn).toHaveBeenCalledWith(
      'Service workers can only be used over HTTPS, or on localhost for development',
    );
    expect(INSECURE_ORIGIN_MESSAGE).toBe(
      'Service workers can only be used over HTTPS, or on localhost for development',
    );
    expect(createWorkbox).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('follows the states installed, activated and redundant', async () => {
    const wb = createFakeWorkbox();
    const states: ServiceWorkerState[] = [];
    await registerServiceWorker({
      location: localhost,
      supported: true,
      createWorkbox: () => wb,
      loadedResources: () => [],
      onStateChange: (state) => states.push(state),
    });
    wb.emit('installed');
    wb.emit('activated');
    wb.emit('redundant');
    expect(states).toEqual(['registering', 'installed', 'activated', 'redundant']);
  });

  it('reports a worker installed by an earlier visit as activated at once', async () => {
    const active = { state: 'activated' } as ServiceWorker;
    const states: ServiceWorkerState[] = [];
    await registerServiceWorker({
      location: localhost,
      supported: true,
      createWorkbox: () => createFakeWorkbox(async () => ({ active, installing: null, waiting: null })),
      onStateChange: (state) => states.push(state),
    });
    expect(states).toEqual(['registering', 'activated']);
  });

  it('follows a worker an earlier page started to install until it is activated', async () => {
    // Workbox-window sends no event for it: its install began before this page registered.
    const installing = Object.assign(new EventTarget(), { state: 'installing' }) as unknown as ServiceWorker;
    const states: ServiceWorkerState[] = [];
    await registerServiceWorker({
      location: localhost,
      supported: true,
      createWorkbox: () => createFakeWorkbox(async () => ({ active: null, installing, waiting: null })),
      onStateChange: (state) => states.push(state),
    });
    expect(states).toEqual(['registering']);
    Object.assign(installing, { state: 'installed' });
    installing.dispatchEvent(new Event('statechange'));
    Object.assign(installing, { state: 'activated' });
    installing.dispatchEvent(new Event('statechange'));
    expect(states).toEqual(['registering', 'activated']);
  });

  it('hands a first worker the page and what it loaded before taking control', async () => {
    const wb = createFakeWorkbox();
    const cached = vi.fn();
    await registerServiceWorker({
      location: localhost,
      supported: true,
      createWorkbox: () => wb,
      loadedResources: () => [
        { name: 'http://localhost:3000/assets/establishment-abc.js' },
        { name: 'http://localhost:3000/establishment/42/public' },
        { name: 'http://localhost:3000/api/map/feed' },
        { name: 'http://localhost:3000/api/map/points?zoom=6' },
        { name: 'https://elsewhere.example/script.js' },
      ],
      onPageCached: cached,
    });
    wb.emit('activated', { isUpdate: false });
    await Promise.resolve();
    expect(wb.messages).toEqual([
      {
        type: 'CACHE_PAGE',
        urls: [
          'http://localhost:3000/restaurant/chez-jo-a-lyon',
          'http://localhost:3000/assets/establishment-abc.js',
          'http://localhost:3000/establishment/42/public',
          'http://localhost:3000/api/map/feed',
        ],
      },
    ]);
    expect(cached).toHaveBeenCalled();
  });

  it('hands it, for a while and by batches, what finishes loading without it after it took control', async () => {
    vi.useFakeTimers();
    try {
      const wb = createFakeWorkbox();
      let onResources: ((resources: readonly LoadedResource[]) => void) | undefined;
      const stop = vi.fn();
      await registerServiceWorker({
        location: localhost,
        supported: true,
        createWorkbox: () => wb,
        loadedResources: () => [{ name: 'http://localhost:3000/assets/establishment-abc.js' }],
        watchResources: (listener) => {
          onResources = listener;
          return stop;
        },
      });
      expect(onResources).toBeUndefined();
      wb.emit('activated', { isUpdate: false });
      const late = (name: string, workerStart = 0, initiatorType = 'fetch') => ({
        name,
        workerStart,
        initiatorType,
      });
      onResources!([
        // On its way when the worker took over: fetched without it.
        late('http://localhost:3000/map/land.json'),
        // Already handed over with the page.
        late('http://localhost:3000/assets/establishment-abc.js'),
        // Through the worker: its routes keep it.
        late('http://localhost:3000/assets/map-def.js', 12.5, 'script'),
        // Not kept offline.
        late('http://localhost:3000/menuboards/surrounding'),
        late('https://elsewhere.example/script.js', 0, 'script'),
      ]);
      onResources!([late('https://photos.example/p/a.webp', 0, 'img')]);
      expect(wb.messages).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(wb.messages.slice(1)).toEqual([
        {
          type: 'CACHE_PAGE',
          urls: ['http://localhost:3000/map/land.json', 'https://photos.example/p/a.webp'],
        },
      ]);
      // The same address again, then a new one just before the end of the watch: sent at its end.
      await vi.advanceTimersByTimeAsync(LATE_RESOURCES_MS - 1200);
      onResources!([late('http://localhost:3000/map/land.json'), late('http://localhost:3000/media/p.webp')]);
      expect(stop).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      expect(stop).toHaveBeenCalledTimes(1);
      expect(wb.messages.slice(2)).toEqual([
        { type: 'CACHE_PAGE', urls: ['http://localhost:3000/media/p.webp'] },
      ]);
      await vi.advanceTimersByTimeAsync(LATE_RESOURCES_MS);
      expect(wb.messages).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reloads the page when an update is active and some resources had failed', async () => {
    const reload = vi.fn();
    let failures = 0;
    const wb = createFakeWorkbox();
    await registerServiceWorker({
      location: localhost,
      supported: true,
      createWorkbox: () => wb,
      failedResources: () => failures,
      reload,
    });
    wb.emit('activated', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
    failures = 2;
    wb.emit('activated', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(wb.messages).toEqual([]);
  });

  it('logs a failed registration', async () => {
    const failure = new Error('SecurityError');
    const states: ServiceWorkerState[] = [];
    await registerServiceWorker({
      location: localhost,
      supported: true,
      createWorkbox: () => createFakeWorkbox(() => Promise.reject(failure)),
      onStateChange: (state) => states.push(state),
    });
    expect(vi.mocked(console.error)).toHaveBeenCalledWith('Service worker registration failed:', failure);
    expect(states).toEqual(['registering', 'failed']);
    // Expected here: the shared guard fails any other test that logs an error.
    vi.mocked(console.error).mockClear();
  });

  it('keeps only this site’s assets, map files, photos and public records, and photos from storage', () => {
    expect(
      urlsLoadedBeforeControl(
        'https://t.example/restaurant/a#horaires',
        [
          { name: 'https://t.example/map/land.json' },
          { name: 'https://t.example/media/p.webp' },
          { name: 'https://t.example/api/establishments/' },
          { name: 'https://t.example/menuboards/surrounding?x=1' },
          { name: 'https://photos.example/p/a-page.webp', initiatorType: 'img' },
          { name: 'https://cdn.example/widget.js', initiatorType: 'script' },
        ],
        'https://t.example',
      ),
    ).toEqual([
      'https://t.example/restaurant/a',
      'https://t.example/map/land.json',
      'https://t.example/media/p.webp',
      'https://photos.example/p/a-page.webp',
    ]);
  });
});
