import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { assertHandoffWritten, primeHandoff, readHandoff } from './handoff';

/** A stream of these byte chunks, as React Router's turbo-stream encoding gives them. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

const contextWith = (stream?: ReadableStream<Uint8Array>) =>
  ({ serverHandoffStream: stream, renderMeta: {} }) as unknown as EntryContext;

describe('the hydration data read before the page renders', () => {
  it('reads every chunk, a character cut between two of them included, and leaves the stream readable', async () => {
    const bytes = new TextEncoder().encode('[{"_1":2},"name","Crêperie « Été »"]\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "ê"
    const stream = streamOf([bytes.subarray(0, cut), bytes.subarray(cut, cut + 5), bytes.subarray(cut + 5)]);
    const context = contextWith(stream);

    const handoff = await readHandoff(context);

    expect(handoff).toEqual({ text: '[{"_1":2},"name","Crêperie « Été »"]\n' });
    // React Router's ServerRouter takes a reader of it when it renders.
    expect(() => stream.getReader()).not.toThrow();
  });

  it('has nothing to read for a page without data', async () => {
    expect(await readHandoff(contextWith(undefined))).toBeNull();
  });

  it('hands the whole text to React Router as a first chunk already read, which is also the last', async () => {
    const context = contextWith(streamOf([]));
    primeHandoff(context, { text: '[1]\n' });
    const first = context.renderMeta!.streamCache![0]!;
    expect(first.result).toEqual({ done: true, value: '[1]\n' });
    await expect(first).resolves.toBeUndefined();
    expect(context.renderMeta!.streamCache![1]).toBeUndefined();
  });

  it('fails loudly when the page was rendered without its data, never sends it so', () => {
    const closed = '<script>window.__reactRouterContext.streamController.close();</script></body></html>';
    expect(() => assertHandoffWritten(`<html><body>${closed}`, { text: '[]' })).not.toThrow();
    expect(() =>
      assertHandoffWritten('<html><body><!--$?--><template></template></body></html>', { text: '[]' }),
    ).toThrow(/without its hydration data/);
    expect(() => assertHandoffWritten('<html><body></body></html>', null)).not.toThrow();
  });
});
