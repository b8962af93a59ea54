import type { EntryContext } from 'react-router';

/**
 * The loaders' data React Router writes in a page for hydration: the text of its turbo-stream encoding,
 * which its `ServerRouter` reads from `serverHandoffStream` while the page renders, suspending until each
 * chunk has come. Read here whole beforehand, then handed to that reader already settled (`primeHandoff`), so
 * the page renders in one synchronous pass (`renderToString`) instead of React's streaming render.
 */
export interface Handoff {
  text: string;
}

/** Reads the page's hydration data to its end (none: no data in the page). */
export async function readHandoff(context: EntryContext): Promise<Handoff | null> {
  const stream = context.serverHandoffStream;
  if (stream == null) return null;
  const decoder = new TextDecoder();
  let text = '';
  // `for await` over a web stream needs Node 22's types; the reader works on every version.
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  // `ServerRouter` still takes a reader of it, which it does not use once primed.
  reader.releaseLock();
  return { text: text + decoder.decode() };
}

/**
 * React Router's `StreamTransfer` (react-router/lib/dom/ssr/single-fetch.tsx) keeps each chunk it has read
 * in `renderMeta.streamCache` (typed in `EntryContext`): the read's promise, with its result once settled.
 * A settled first chunk that is also the last renders at once: one script giving the whole text, one
 * closing the stream.
 */
export function primeHandoff(context: EntryContext, handoff: Handoff | null): void {
  if (handoff === null) return;
  (context.renderMeta ??= {}).streamCache = {
    0: Object.assign(Promise.resolve(), { result: { done: true, value: handoff.text } }),
  };
}

/** The hydration stream's closing script, which the page has once its whole data is written in it. */
const CLOSED = 'window.__reactRouterContext.streamController.close();';

/**
 * Fails when the page was rendered without its data: React Router no longer reads the settled chunk
 * (`renderToString` then writes its Suspense fallback instead). Every server-rendered page goes through
 * here, so an upgrade of React Router that changes this fails every page test at once.
 */
export function assertHandoffWritten(html: string, handoff: Handoff | null): void {
  // Near the end of the page: searched from there.
  if (handoff !== null && html.lastIndexOf(CLOSED) === -1) {
    throw new Error(
      'The page was rendered without its hydration data: React Router no longer reads the data primed ' +
        'by apps/web/src/app/handoff.ts (StreamTransfer changed?).',
    );
  }
}
