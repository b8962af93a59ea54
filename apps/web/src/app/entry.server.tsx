import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { createEmotionCache } from '../theme/emotion-cache';
import { cspNonceContext } from './csp-nonce-context';
import siteStylesheet from './site.css?url';
import { lowerScriptPreloads } from './script-preloads';
import { SiteCssContext } from './site-stylesheet';

export { publicDataContext } from './public-data-context';
export { cspNonceContext } from './csp-nonce-context';
// For the export benchmark's bare loop, which renders the router as this entry does.
export { SiteCssContext } from './site-stylesheet';

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
 * Renders the whole document before answering (`onAllReady`): pages are complete HTML for visitors,
 * search engines and the page cache, their scripts preloaded at low priority (lowerScriptPreloads). The
 * signed-in areas' MUI styles are extracted with emotion into `<head>` (the public pages have a stylesheet
 * instead), so the first paint is styled before any script runs.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  // Inline scripts carry the request's Content-Security-Policy nonce (none for the static export).
  const nonce = loadContext.get(cspNonceContext) || undefined;
  return new Promise((resolve, reject) => {
    const cache = createEmotionCache();
    // Styles collected in the cache instead of written beside each component: extracted below.
    cache.compat = true;
    let statusCode = responseStatusCode;
    let shellRendered = false;
    // Cleared once the page is complete: a pending timer would keep the whole render in memory for 11 s.
    let timeout: ReturnType<typeof setTimeout> | undefined = undefined;

    const { pipe, abort } = renderToPipeableStream(
      <SiteCssContext.Provider value={readSiteCss()}>
        <CacheProvider value={cache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CacheProvider>
      </SiteCssContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('error', reject);
          sink.on('end', () => {
            clearTimeout(timeout);
            const body = lowerScriptPreloads(Buffer.concat(chunks));
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            // Public pages use no emotion (decision 0031): sent as rendered, no style tag in them.
            if (Object.keys(cache.inserted).length === 0) {
              resolve(new Response(body, { status: statusCode, headers: responseHeaders }));
              return;
            }
            const html = body.toString('utf8');
            const emotion = createEmotionServer(cache);
            const critical = emotion.extractCriticalToChunks(html);
            critical.styles = critical.styles.filter((style) => style.css !== '');
            const styles = emotion.constructStyleTagsFromChunks(critical);
            resolve(
              new Response(html.replace('</head>', `${styles}</head>`), {
                status: statusCode,
                headers: responseHeaders,
              }),
            );
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          // Errors before the shell are reported by onShellError; later ones would otherwise be lost.
          if (shellRendered) console.error(error);
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
