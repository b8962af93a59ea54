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

/**
 * The page's HTML with its scripts asked after its first paint. Gives back `html` unchanged when it is not
 * laid out as React Router writes it (no route import found): the page then loads as before.
 */
export function scriptsAfterPaint(html: string, nonce?: string): string {
  const imports = [...html.matchAll(ROUTE_IMPORT)].map(([, name, url]) => ({ name: name!, url: url! }));
  if (imports.length === 0 || !MODULE_SCRIPT.test(html)) return html;
  const preloads = [...html.matchAll(PRELOAD_TAG)].map(([, href]) => href!);
  const prelude =
    AFTER_FIRST_PAINT +
    `for (const href of ${JSON.stringify(preloads)}) {` +
    ` const link = document.createElement("link"); link.rel = "modulepreload"; link.fetchPriority = "low";` +
    ' link.href = href;' +
    ' document.head.append(link); }' +
    `const [${imports.map((i) => i.name).join(', ')}] = await Promise.all([` +
    `${imports.map((i) => `import(${JSON.stringify(i.url)})`).join(', ')}]);`;
  const keep = `<script${nonce === undefined ? '' : ` nonce="${nonce}"`}>${KEEP_EARLY_CLICKS}</script>`;
  return html
    .replace(PRELOAD_TAG, '')
    .replace(ROUTE_IMPORT, '')
    .replace(MODULE_SCRIPT, (tag) => `${tag}${prelude}`)
    .replace('</head>', `${keep}</head>`);
}
