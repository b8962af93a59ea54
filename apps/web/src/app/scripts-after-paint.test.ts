// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { clickAgain, takeEarlyClicks } from './early-clicks';
import { PREFETCH_WHEN_IDLE, scriptsAfterPaint } from './scripts-after-paint';

/** An establishment's page as React Router writes it, cut down: two preloads, the module script, a button. */
const PAGE =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A.js"/>' +
  '<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/establishment-B.js"/>' +
  '</head><body><h1>Crêperie « Ty Breizh »</h1>' +
  '<button type="button" aria-label="Copier le lien">lien</button>' +
  '<script nonce="N0nce+/=" type="module" async="">;\n' +
  'import * as route0 from "/assets/root-C.js";\n' +
  'import * as route1 from "/assets/establishment-B.js";\n' +
  '  window.__reactRouterManifest = { "entry": { "module": "/assets/entry.client-A.js" } };\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"restaurant":route1};\n\n' +
  'import("/assets/entry.client-A.js");</script></body></html>';

describe('scriptsAfterPaint', () => {
  it('takes the preloads and the route imports out of the HTML and asks them after the first paint', () => {
    const html = scriptsAfterPaint(PAGE, 'N0nce+/=');

    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/^import \* as/m);
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48"/>');
    expect(html).toContain('<h1>Crêperie « Ty Breizh »</h1>');
    const module = /<script nonce="N0nce\+\/=" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    // First the painted frame, then the same preloads and modules, then React Router's own lines.
    expect(module.indexOf('requestAnimationFrame')).toBeLessThan(module.indexOf('modulepreload'));
    expect(module).toContain('["/assets/entry.client-A.js","/assets/establishment-B.js"]');
    expect(module).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/establishment-B.js")]);',
    );
    expect(module.indexOf('await Promise.all')).toBeLessThan(module.indexOf('__reactRouterRouteModules'));
    expect(module.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
    // The inline script that keeps early taps, in <head>, with the request's nonce.
    expect(html).toMatch(/<script nonce="N0nce\+\/=">window\.__tvEarlyClicks=\[\];[^<]*<\/script><\/head>/);
  });

  it('on a place’s page, counts its view after the paint and starts React on a phone at the first intent', () => {
    const renderedAt = '2026-12-05T07:00:00.000Z';
    const stats = { establishment: 'e1', viewKey: 'tablesVoisines.vu.e1', eventsUrl: '/api/events</script>' };
    const html = scriptsAfterPaint(PAGE, 'N0nce+/=', { stats, renderedAt });
    const module = /<script nonce="N0nce\+\/=" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    // The view's count first, then the wait for an intent on a phone, then the scripts as before.
    const order = ['first-contentful-paint', '__tvCountBeforeHydration', '(min-width: 960px)', '__tvIntent'];
    const at = order.map((word) => module.indexOf(word));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(at.at(-1)).toBeLessThan(module.indexOf('rel = "modulepreload"'));
    // Trusted when it arrives within the page cache's minute from the server's render; then read without
    // React for a minute from its load, whatever its age within that minute.
    expect(module).toContain(`Date.now() - ${Date.parse(renderedAt)}`);
    expect(module).toContain('age > -60000 && age < 60000');
    expect(module).toContain('setTimeout(go, 60000)');
    // Nothing the page says can close its script.
    expect(module).toContain('"eventsUrl":"/api/events\\u003c/script>"');
    // The first intent is listened for from the page's start, in <head>.
    const head = /<script nonce="N0nce\+\/=">([^<]*)<\/script><\/head>/.exec(html)![1]!;
    expect(head).toContain('window.__tvIntent=new Promise');
    expect(head).toContain('["pointerdown","keydown","focusin","scroll"]');
    // Other pages wait for no intent.
    expect(scriptsAfterPaint(PAGE, 'N0nce+/=')).not.toContain('__tvIntent');
  });

  it('prefetches the scripts a few per idle moment, as many as its deadline allows, never in one long task', () => {
    const html = scriptsAfterPaint(PAGE, undefined, {
      stats: { establishment: 'e1', viewKey: 'k', eventsUrl: '/api/events' },
      renderedAt: new Date().toISOString(),
    });
    expect(html).toContain(PREFETCH_WHEN_IDLE);
    const preloads = Array.from({ length: 17 }, (_, i) => `/assets/chunk-${i}.js`);
    // Idle moments whose deadline lets three links in each (the fourth check says no time is left).
    const moments: ((deadline: IdleDeadline) => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (task: (deadline: IdleDeadline) => void) => moments.push(task));
    try {
      document.head.innerHTML = '';
      new Function('preloads', PREFETCH_WHEN_IDLE)(preloads);
      const prefetched = () => [...document.head.querySelectorAll('link[rel="prefetch"]')];
      expect(prefetched()).toHaveLength(0);
      const added: number[] = [];
      while (moments.length > 0) {
        let checks = 0;
        const before = prefetched().length;
        moments.shift()!({ didTimeout: false, timeRemaining: () => ((checks += 1) < 3 ? 5 : 0) });
        added.push(prefetched().length - before);
      }
      expect(added).toEqual([3, 3, 3, 3, 3, 2]);
      expect(prefetched().map((link) => link.getAttribute('href'))).toEqual(preloads);
      // An idle moment already over still adds one: the page gets there whatever its load.
      document.head.innerHTML = '';
      new Function('preloads', PREFETCH_WHEN_IDLE)(preloads.slice(0, 2));
      let count = 0;
      while (moments.length > 0) {
        moments.shift()!({ didTimeout: true, timeRemaining: () => 0 });
        count += 1;
      }
      expect(count).toBe(2);
      expect(prefetched()).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('starts at the first intent even when it came before the page’s scripts', async () => {
    const html = scriptsAfterPaint(PAGE, undefined, {
      stats: { establishment: 'e1', viewKey: 'k', eventsUrl: '/api/events' },
      renderedAt: new Date().toISOString(),
    });
    const head = /<script>([^<]*)<\/script><\/head>/.exec(html)![1]!;
    new Function(head)();
    window.dispatchEvent(new Event('scroll'));
    const intent = (window as unknown as { __tvIntent: Promise<void> }).__tvIntent;
    await expect(
      Promise.race([intent.then(() => 'intent'), new Promise((go) => setTimeout(go, 50, 'none'))]),
    ).resolves.toBe('intent');
  });

  it('writes no nonce where the page has none (the static export)', () => {
    const html = scriptsAfterPaint(PAGE.replace(' nonce="N0nce+/="', ''));
    expect(html).toMatch(/<script>window\.__tvEarlyClicks/);
    expect(html).toMatch(/<script type="module" async="">await new Promise/);
  });

  it('gives back a page it does not recognise as it was', () => {
    const other = '<html><head></head><body><script type="module">import("/a.js");</script></body></html>';
    expect(scriptsAfterPaint(other, 'n')).toBe(other);
    const noModule = PAGE.replace(/<script nonce[^>]*>/, '<script>');
    expect(scriptsAfterPaint(noModule, 'n')).toBe(noModule);
  });

  it('holds the buttons tapped before hydration from the page’s other listeners, and clicks them again after', () => {
    const html = scriptsAfterPaint(PAGE);
    const keep = /<script>(window\.__tvEarlyClicks[^<]*)<\/script>/.exec(html)![1]!;
    document.body.innerHTML =
      '<button type="button" id="copy">lien</button><button type="button" id="off" disabled>non</button>' +
      '<a href="#carte" id="map">carte</a>';
    new Function(keep)();
    // Registered after the inline script on `document`, as React's listeners are.
    const seenByReact: string[] = [];
    document.addEventListener('click', (e) => seenByReact.push((e.target as Element).id), true);
    const copy = document.getElementById('copy')!;
    copy.click();
    document.getElementById('off')!.click();
    document.getElementById('map')!.click();

    const early = takeEarlyClicks();
    expect(early.map((b) => b.id)).toEqual(['copy']);
    // The held tap reached no other listener; the link was let through (a disabled button sends no click).
    expect(seenByReact).toEqual(['map']);
    // Hydrated: the inline script holds nothing more, and the held tap reaches the button's handler.
    const handler = vi.fn();
    copy.addEventListener('click', handler);
    copy.click();
    expect(takeEarlyClicks()).toEqual([]);
    handler.mockClear();
    clickAgain(early);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
