import { readFileSync } from 'node:fs';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { createEmotionCache } from '../theme/emotion-cache';
import { cspNonceContext } from './csp-nonce-context';
import { assertHandoffWritten, primeHandoff, readHandoff } from './handoff';
import siteStylesheet from './site.css?url';
import { lowerScriptPreloads } from './script-preloads';
import { scriptsAfterPaint } from './scripts-after-paint';
import type { EstablishmentPageData } from '../features/establishment/load-establishment-page';
import { pageStatsTarget } from '../features/establishment/page-stats';
import { SiteCssContext } from './site-stylesheet';

export { publicDataContext } from './public-data-context';
export { cspNonceContext } from './csp-nonce-context';
export { clientAddressContext } from './client-address-context';
// For the export benchmark's bare loop, which renders the router as this entry does.
export { SiteCssContext } from './site-stylesheet';

/** The establishments' pages (routes.ts ids), whose scripts wait for their first paint (decision 0057). */
const DETAIL_ROUTES = new Set(['restaurant', 'remplisvert']);
/** The map page (routes.ts id), whose scripts also wait for its first paint (decision 0093). */
const HOME_ROUTE = 'routes/home';

/** React Router stops waiting for a loader's pending promises after this: the page's data then says so. */
export const streamTimeout = 10_000;

/**
 * The site's stylesheet from the client build beside this server build, read once, written in every page
 * (see SiteStylesheet); `null` under the development server, where it is not a file of the build.
 */
let siteCss: string | null | undefined;
export function readSiteCss(): string | null {
  if (siteCss === undefined) {
    try {
      siteCss = readFileSync(new URL(`../client${siteStylesheet}`, import.meta.url), 'utf8');
    } catch {
      siteCss = null;
    }
  }
  return siteCss;
}

/**
 * Renders the whole document before answering: pages are complete HTML for visitors, search engines and
 * the page cache, their scripts preloaded at low priority (lowerScriptPreloads), an establishment's page's
 * and the map page's scripts asked only once it is painted (scriptsAfterPaint). The signed-in areas' MUI
 * styles are extracted with emotion into `<head>` (the public pages have a stylesheet instead), so the
 * first paint is styled before any script runs.
 *
 * Nothing in a page waits but the loaders' data React Router writes in it for hydration: that is read
 * whole first (handoff.ts), then the page is rendered in one pass with `renderToString`: the HTML React's
 * streaming render gave once every part was ready, for less of React's time (the chunks are not encoded
 * one by one as they are written; decision 0039, with the figures).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  // Inline scripts carry the request's Content-Security-Policy nonce (none for the static export).
  const nonce = loadContext.get(cspNonceContext) || undefined;
  const handoff = await readHandoff(routerContext);
  primeHandoff(routerContext, handoff);
  const cache = createEmotionCache();
  // Styles collected in the cache instead of written beside each component: extracted below.
  cache.compat = true;
  let html = renderToString(
    <SiteCssContext.Provider value={readSiteCss()}>
      <CacheProvider value={cache}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CacheProvider>
    </SiteCssContext.Provider>,
  );
  assertHandoffWritten(html, handoff);
  // Public pages use no emotion (decision 0031): sent as rendered, no style tag in them.
  if (Object.keys(cache.inserted).length > 0) {
    const emotion = createEmotionServer(cache);
    const critical = emotion.extractCriticalToChunks(html);
    critical.styles = critical.styles.filter((style) => style.css !== '');
    html = html.replace('</head>', `${emotion.constructStyleTagsFromChunks(critical)}</head>`);
  }
  // React's streaming render writes the doctype before a root `<html>`; `renderToString` does not.
  if (html.startsWith('<html')) html = `<!DOCTYPE html>${html}`;
  html = lowerScriptPreloads(html);
  // An establishment's page, where visitors land from a search or a shared link: scripts after its first paint.
  const matches = routerContext.staticHandlerContext.matches;
  const detail = matches.find((m) => DETAIL_ROUTES.has(m.route.id));
  if (responseStatusCode === 200 && detail !== undefined) {
    const page = routerContext.staticHandlerContext.loaderData[detail.route.id] as EstablishmentPageData;
    html = scriptsAfterPaint(html, nonce, {
      stats: pageStatsTarget(page.establishment.id, page.siteShortName),
      renderedAt: page.renderedAt,
    });
  } else if (responseStatusCode === 200 && matches.some((m) => m.route.id === HOME_ROUTE)) {
    // The map page: its search field is painted without scripts, which come once it is (decision 0093).
    html = scriptsAfterPaint(html, nonce);
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Bytes, not the string: a string body is checked and encoded again by the Fetch API's Response.
  return new Response(Buffer.from(html, 'utf8'), {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}
