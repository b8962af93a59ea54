/** An answer's text as it is produced: strings or bytes, one after the other. */
export type Pieces = Iterable<string | Buffer> | AsyncIterable<string | Buffer>;

/**
 * Pieces of a produced answer stay well below V8's large-object size (128 KiB; a string with any character
 * outside Latin-1 takes two bytes each): a large string goes straight to the old generation and is freed only
 * by a full collection, so batches joined in one string each piled up dead strings in the heap while the
 * 200,000-row list was produced (decision 0026). Small pieces die young, in the scavenges.
 */
export const PIECE_CHARS = 16 * 1024;

/** JSON of a list, written element by element: `[`, items joined by commas, `]`, in small pieces. */
export async function* jsonArrayPieces<T>(
  batches: AsyncIterable<readonly T[]>,
  stringify: (item: T) => string,
): AsyncGenerator<string> {
  let piece = '[';
  let first = true;
  for await (const batch of batches) {
    for (const item of batch) {
      piece += first ? stringify(item) : `,${stringify(item)}`;
      first = false;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
      }
    }
  }
  yield `${piece}]`;
}
