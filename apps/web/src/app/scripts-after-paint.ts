import { EARLY_STATS_GLOBAL, type PageStatsTarget } from '../features/establishment/page-stats-core';
import { EARLY_CLICKS } from './early-clicks';

/*
 * An establishment's page asks for its scripts once it is painted (decision 0057). React Router writes a
 * `<link rel="modulepreload">` per script and a module script that imports the route modules at once: the
 * browser fetches them all while it parses the HTML, and on a phone they compete with what the first paint
 * needs. Here the preloads are taken out of the HTML and the module script waits for the first frame painted,
 * then adds the same preloads (at low priority, decision 0037: a photo still on its way comes first) and
 * imports the same modules, in parallel as before. The page is complete
 * without them (content, styles, links, the phone number), and buttons tapped meanwhile are kept
 * (early-clicks.ts).
 *
 * On a phone, a place's page freshly rendered goes further (decision 0092): its view is counted as soon as it
 * is painted (page-stats-core.ts, 1 KB), its scripts are fetched without being run, and React starts on the
 * visitor's first intent, or after a minute without one.
 */

const PRELOAD_TAG = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/gm;
const MODULE_SCRIPT = /<script(?: nonce="[^"]*")? type="module"(?: async="")?>/;

/**
 * Holds the taps on buttons until the page is hydrated (early-clicks.ts): registered first on `document`, it
 * keeps them from React's listeners there. Kept short: it runs in every establishment's page before its content.
 */
const KEEP_EARLY_CLICKS =
  `window.${EARLY_CLICKS}=[];document.addEventListener("click",function(e){` +
  `var l=window.${EARLY_CLICKS},b=e.target instanceof Element&&e.target.closest("button");` +
  `if(l&&b&&!b.disabled){l.push(b);e.stopImmediatePropagation()}},true);`;

/** The global promise of the visitor's first intent (INTENT_EVENTS), kept from the page's first moment. */
const INTENT = '__tvIntent';

/**
 * Listens for the visitor's first intent from the start, so that one made before the page's scripts run (a
 * tap while it paints) is not missed.
 */
const KEEP_FIRST_INTENT = () =>
  `window.${INTENT}=new Promise(function(go){${JSON.stringify(INTENT_EVENTS)}.forEach(function(t){` +
  'addEventListener(t,function(){go()},{capture:true,passive:true,once:true})})});';

/**
 * Until the page's content is painted (the browser's first-contentful-paint entry), at most three seconds;
 * where the browser does not report paints, a painted frame and the task after it.
 */
const AFTER_FIRST_PAINT =
  'await new Promise((go) => { setTimeout(go, 3000);' +
  ' if (!(PerformanceObserver.supportedEntryTypes || []).includes("paint")) {' +
  ' requestAnimationFrame(() => setTimeout(go)); return; }' +
  ' new PerformanceObserver((list, observer) => {' +
  ' if (list.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); setTimeout(go); } })' +
  '.observe({ type: "paint", buffered: true }); });';

/** Where the map is beside a place's page (public.css): the page needs React at once to draw it. */
export const MAP_BESIDE_PAGE = '(min-width: 960px)';

/**
 * How old a page's render may be when it arrives to be trusted without React (decision 0092): the server's own
 * page cache keeps a rendered page this long (`PageCache`'s time to live, apps/api), so a page younger than
 * this is what a reload would show. Older (a CDN's stale copy, the offline copy, a tab restored), React
 * refreshes the page's data and its clock (« Ouvert maintenant ») at once, as it always did once hydrated.
 */
export const RENDER_TRUSTED_MS = 60_000;

/**
 * How long a trusted page is read without React when the visitor does nothing: then React starts anyway,
 * refreshes the page (its render is at most two minutes old by then) and registers the offline copy. Counted
 * from the page's load, not from its render, so that a copy the server cached 59 seconds ago does not start
 * React a second after it is painted.
 */
export const READ_WITHOUT_REACT_MS = 60_000;

/**
 * What a visitor does that says they are using the page, not only reading it: React is started by the
 * first of them (a touch, a scroll, a key, the focus coming into the page). Pointer events stand for touch
 * ones; few listeners, none that could hold a scroll, since adding them is part of the page's first work.
 */
export const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'scroll'];

/** The chunk that counts the view before React (vite.config.ts gives it this name, decision 0092). */
export const EARLY_STATS_CHUNK = /\/page-stats-core-[\w-]+\.js$/;

/** What a place's page tells its early script: its statistics, and when the server rendered it. */
export interface EarlyPage {
  stats: PageStatsTarget;
  renderedAt: string;
}

/**
 * The page's scripts (`preloads`) fetched without being run, once the page is idle and a few links per idle
 * moment, as many as its deadline allows (at least one): the 17 links of a place's page added at once cost 6
 * to 60 ms on a fast host (each starts its request), a task of 300 ms on the calibrated phone (issue 55).
 * Without `requestIdleCallback` (Safari before 18), one link per task.
 */
export const PREFETCH_WHEN_IDLE =
  ' const idle = window.requestIdleCallback || ((task) => setTimeout(task, 1)); let next = 0;' +
  ' const prefetchSome = (deadline) => { do {' +
  ' const link = document.createElement("link"); link.rel = "prefetch"; link.href = preloads[next];' +
  ' document.head.append(link); next += 1;' +
  ' } while (next < preloads.length && deadline && deadline.timeRemaining() > 0);' +
  ' if (next < preloads.length) idle(prefetchSome); };' +
  ' if (preloads.length > 0) idle(prefetchSome);';

/**
 * On a phone, a place's page freshly rendered starts React on the visitor's first intent (INTENT_EVENTS), or
 * after READ_WITHOUT_REACT_MS, whichever comes first; its scripts are fetched meanwhile, at low
 * priority, without being run. Elsewhere (the map beside the page, an old render), at once.
 */
function waitForIntent(renderedAt: string): string {
  return (
    `if (!matchMedia(${JSON.stringify(MAP_BESIDE_PAGE)}).matches) {` +
    ` const age = Date.now() - ${Date.parse(renderedAt)};` +
    ` if (age > -${RENDER_TRUSTED_MS} && age < ${RENDER_TRUSTED_MS}) {` +
    PREFETCH_WHEN_IDLE +
    ` await Promise.race([window.${INTENT}, new Promise((go) => setTimeout(go, ${READ_WITHOUT_REACT_MS}))]); } }`
  );
}

/** The view counted and the marked links' taps before React (page-stats-core.ts), not waited for. */
function countEarly(stats: PageStatsTarget): string {
  return (
    `const early = preloads.find((href) => ${EARLY_STATS_CHUNK}.test(href));` +
    ` if (early) import(early).then(() => window.${EARLY_STATS_GLOBAL}(` +
    // Written in a script: no `</script>` can come out of it.
    `${JSON.stringify(stats).replace(/</g, '\\u003c')}, () => window.${EARLY_CLICKS} === null)).catch(() => {});`
  );
}

/**
 * The page's HTML with its scripts asked after its first paint; for a place's page (`page`), its view counted
 * then and React started as `waitForIntent` says. Gives back `html` unchanged when it is not
 * laid out as React Router writes it (no route import found): the page then loads as before.
 */
export function scriptsAfterPaint(html: string, nonce?: string, page?: EarlyPage): string {
  const imports = [...html.matchAll(ROUTE_IMPORT)].map(([, name, url]) => ({ name: name!, url: url! }));
  if (imports.length === 0 || !MODULE_SCRIPT.test(html)) return html;
  const preloads = [...html.matchAll(PRELOAD_TAG)].map(([, href]) => href!);
  const prelude =
    AFTER_FIRST_PAINT +
    `const preloads = ${JSON.stringify(preloads)};` +
    (page === undefined ? '' : countEarly(page.stats) + waitForIntent(page.renderedAt)) +
    'for (const href of preloads) {' +
    ' const link = document.createElement("link"); link.rel = "modulepreload"; link.fetchPriority = "low";' +
    ' link.href = href;' +
    ' document.head.append(link); }' +
    `const [${imports.map((i) => i.name).join(', ')}] = await Promise.all([` +
    `${imports.map((i) => `import(${JSON.stringify(i.url)})`).join(', ')}]);`;
  const keep =
    `<script${nonce === undefined ? '' : ` nonce="${nonce}"`}>` +
    `${KEEP_EARLY_CLICKS}${page === undefined ? '' : KEEP_FIRST_INTENT()}</script>`;
  return html
    .replace(PRELOAD_TAG, '')
    .replace(ROUTE_IMPORT, '')
    .replace(MODULE_SCRIPT, (tag) => `${tag}${prelude}`)
    .replace('</head>', `${keep}</head>`);
}
