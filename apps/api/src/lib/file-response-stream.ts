import { close, openSync, read } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { promisify } from 'node:util';

const readAt = promisify(read);
const closeFd = promisify(close);

/** Bytes read from the file at a time: a quarter of the thread-pool round trips of 64 KiB reads. */
export const READ_SIZE = 256 * 1024;
/** Free read buffers kept for the next answers (8 MiB); more are let go to the garbage collector. */
const POOL_MAX = 32;
const pool: Buffer[] = [];

function take(): Buffer {
  return pool.pop() ?? Buffer.allocUnsafeSlow(READ_SIZE);
}

function give(buffer: Buffer): void {
  if (pool.length < POOL_MAX) pool.push(buffer);
}

/** The free read buffers now in the pool (for tests). */
export function pooledReadBuffers(): readonly Buffer[] {
  return [...pool];
}

/**
 * A file's bytes written to an answer through two read buffers taken from a pool shared by every answer,
 * each buffer given back once the socket has written it (decision 0033, second addendum).
 *
 * `createReadStream` allocates a new buffer for each read and leaves it to the garbage collector: with ten
 * clients downloading the list, tens of megabytes of such buffers a second were let go, and V8 collects
 * them only once 64 MiB more of them have piled up since its last collection, so the process grew by a
 * different amount of dead buffers from one run to the next of the same load (the figures are in the
 * decision). Here a read buffer
 * is reused only after the write it carried has completed (the write's callback), which a readable stream
 * cannot know of its consumer: so this stream writes to its destination itself, in `pipe`, which is how
 * Fastify sends a stream answer. At most two reads are in flight per answer: one written while the next
 * is read. Read any other way (`on('data')`, iteration), it reads as `createReadStream` does.
 *
 * The file is opened at once, so that it may be removed after this (see `ResponseFiles.discard`).
 */
export class FileResponseStream extends Readable {
  readonly #fd: number;
  readonly #length: number;
  #closed = false;
  /** Resolved when the stream is destroyed (the client went away): stops waiting for the writes. */
  #stop: () => void = () => undefined;
  readonly #stopped = new Promise<void>((resolve) => {
    this.#stop = resolve;
  });
  /** How the bytes leave: written by `pipe` (pooled buffers), or read (`_read`, a new buffer each time). */
  #mode: 'none' | 'pipe' | 'read' = 'none';
  /** Next position read in `read` mode. */
  #position = 0;
  /** A read of `read` mode under way: the file is closed after it, never under it. */
  #reading = false;

  constructor(file: string, length: number) {
    super();
    this.#fd = openSync(file, 'r');
    this.#length = length;
  }

  /**
   * Read rather than piped (Fastify drains the answer of a HEAD request with `resume`): as
   * `createReadStream` does, a new buffer for each read.
   */
  override _read(): void {
    if (this.#mode === 'pipe') return;
    this.#mode = 'read';
    const wanted = Math.min(READ_SIZE, this.#length - this.#position);
    if (wanted <= 0) {
      this.push(null);
      return;
    }
    this.#reading = true;
    read(this.#fd, Buffer.allocUnsafeSlow(wanted), 0, wanted, this.#position, (error, bytesRead, buffer) => {
      this.#reading = false;
      if (this.destroyed) {
        void this.#closeFile();
        return;
      }
      if (error === null && bytesRead === 0)
        error = new Error(`answer file shorter than its length (${this.#length} bytes)`);
      if (error !== null) {
        this.destroy(error);
        return;
      }
      this.#position += bytesRead;
      this.push(buffer.subarray(0, bytesRead));
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#stop();
    // A writing loop, or a read under way, closes the file when it stops; else nothing reads it now.
    if (this.#mode !== 'pipe' && !this.#reading) void this.#closeFile();
    callback(error);
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    if (this.#mode !== 'none')
      throw new Error('FileResponseStream is written by one pipe, or read, not both');
    this.#mode = 'pipe';
    this.#writeTo(destination as unknown as Writable).then(
      () => undefined,
      (error: unknown) => {
        if (!this.destroyed) this.destroy(error as Error);
      },
    );
    return destination;
  }

  async #closeFile(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await closeFd(this.#fd).catch(() => undefined);
  }

  async #writeTo(destination: Writable): Promise<void> {
    // The buffers this loop holds; the others are in a write until its callback gives them back.
    const free = [take(), take()];
    let finished = false;
    let wake: (() => void) | null = null;
    const written = (buffer: Buffer, error: Error | null | undefined) => {
      // A write that failed may leave its buffer with the socket: it is left to the collector.
      if (error != null) return;
      if (finished) give(buffer);
      else {
        free.push(buffer);
        wake?.();
      }
    };
    // The buffer being read into: the loop's own until it is written.
    let reading: Buffer | undefined;
    try {
      for (let position = 0; position < this.#length;) {
        if (free.length === 0) {
          await Promise.race([new Promise<void>((resolve) => (wake = resolve)), this.#stopped]);
          wake = null;
        }
        reading = free.pop();
        if (reading === undefined || this.destroyed) return;
        const { bytesRead } = await readAt(
          this.#fd,
          reading,
          0,
          Math.min(READ_SIZE, this.#length - position),
          position,
        );
        if (bytesRead === 0) throw new Error(`answer file shorter than its length (${this.#length} bytes)`);
        position += bytesRead;
        if (this.destroyed || destination.destroyed) return;
        const buffer = reading;
        reading = undefined;
        destination.write(buffer.subarray(0, bytesRead), (error) => written(buffer, error));
      }
      // Done: the readable side ends first (Fastify waits for it to end), then the answer.
      const ended = new Promise<void>((resolve) => this.once('end', resolve));
      this.push(null);
      this.resume();
      await Promise.race([ended, this.#stopped]);
      if (!this.destroyed || this.readableEnded) destination.end();
    } finally {
      finished = true;
      if (reading !== undefined) free.push(reading);
      free.forEach(give);
      await this.#closeFile();
    }
  }
}
