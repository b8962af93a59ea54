/*
 * An HTTP answer encoded once (decision 0033): its Brotli bytes, in memory or in a file, its ETag, its
 * uncompressed bytes when small, and a gzip copy made on the first request that needs it.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, openSync, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { ResponseFiles } from './response-files';
import type { Pieces } from './json-pieces';

/** Answers up to this size keep their uncompressed bytes; larger ones are inflated from Brotli on demand. */
const KEEP_IDENTITY_BELOW = 256 * 1024;

/**
 * Compressed bytes as the compressor gave them, in chunks of up to 64 KiB: a large answer is never copied
 * into one buffer (that copy doubled its memory until the chunks were collected: decision 0026).
 */
export interface Chunks {
  parts: readonly Buffer[];
  length: number;
  file?: undefined;
}

/** Compressed bytes written to a file, streamed from it on each request. */
export interface FileBody {
  file: string;
  length: number;
  parts?: undefined;
}

export type Body = Chunks | FileBody;

/** One answer, encoded once: what a request needs is then a lookup and a write. */
export interface EncodedResponse {
  etag: string;
  /** Uncompressed bytes, kept for small answers only (clients without compression are rare). */
  identity: Buffer | null;
  br: Body;
  /** Made on the first request that takes gzip and not Brotli (browsers send br): null until then. */
  gzip: Body | null;
  /** Uncompressed length in bytes. */
  length: number;
}

/** What an answer needs to make its gzip copy later, and whether its cache still holds it. */
interface ResponseState {
  files: ResponseFiles | null;
  gzipping: Promise<Body> | null;
  /** Dropped by its cache: a gzip file made after that is removed at once. */
  onGzipFile: ((file: string) => void) | null;
}
const states = new WeakMap<EncodedResponse, ResponseState>();

/**
 * For a cache that dropped `answer`: `discard` is called with its gzip copy's file if one is written after
 * this (one already written is the cache's to remove).
 */
export function onLateGzipFile(answer: EncodedResponse, discard: (file: string) => void): void {
  const state = states.get(answer);
  if (state !== undefined) state.onGzipFile = discard;
}

/** Compressor output chunk: fewer, larger parts for large answers (zlib's default is 16 KiB). */
const CHUNK_SIZE = 64 * 1024;
/**
 * The compressor's output: in memory while small, then (when `files` is given and it grows past
 * `files.above`) in a file, written as `.tmp` and renamed once complete.
 */
async function collect(stream: Readable, files: ResponseFiles | null): Promise<Body> {
  const parts: Buffer[] = [];
  let length = 0;
  let out: WriteStream | null = null;
  let file = '';
  try {
    for await (const part of stream as AsyncIterable<Buffer>) {
      length += part.length;
      if (out !== null) {
        if (!out.write(part)) await once(out, 'drain');
        continue;
      }
      parts.push(part);
      if (files !== null && length > files.above) {
        file = files.name();
        out = createWriteStream(`${file}.tmp`);
        for (const kept of parts.splice(0)) out.write(kept);
      }
    }
    if (out !== null) {
      out.end();
      await finished(out);
      await rename(`${file}.tmp`, file);
      return { file, length };
    }
  } catch (error) {
    if (out !== null) {
      out.destroy();
      await rm(`${file}.tmp`, { force: true });
    }
    throw error;
  }
  // Small answers (most of them) in one buffer; large ones keep their chunks.
  return { parts: parts.length > 1 && length < CHUNK_SIZE ? [Buffer.concat(parts)] : parts, length };
}

async function write(stream: Writable, chunk: Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/** The bytes of a body as a stream (a file is opened now: see `ResponseFiles.discard`). */
export function bodyStream(body: Body): Readable | Buffer {
  if (body.file !== undefined) {
    // Reads of 256 KiB: a quarter of the thread-pool round trips of 64 KiB ones for a large list.
    return createReadStream('', { fd: openSync(body.file, 'r'), highWaterMark: 4 * CHUNK_SIZE });
  }
  return body.parts.length === 1 ? body.parts[0]! : Readable.from(body.parts);
}

/**
 * Encodes an answer given in pieces (a large list is produced batch by batch): Brotli on libuv's threads,
 * with a hash of the bytes for the ETag; the whole uncompressed answer is never held at once when it is
 * large. With `files`, compressed bytes over `files.above` go to a file. The gzip copy is made by `gzipOf`,
 * on the first request that needs it.
 */
export async function encodeResponse(
  pieces: Pieces,
  files: ResponseFiles | null = null,
): Promise<EncodedResponse> {
  const hash = createHash('sha1');
  // Brotli's quality 5: about gzip's speed for a smaller output on JSON and HTML (decision 0011).
  const br = zlib.createBrotliCompress({
    chunkSize: CHUNK_SIZE,
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
  });
  const brotlied = collect(br, files);
  const kept: Buffer[] = [];
  let keptLength = 0;
  let length = 0;
  try {
    for await (const piece of pieces) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      if (chunk.length === 0) continue;
      hash.update(chunk);
      length += chunk.length;
      if (keptLength < KEEP_IDENTITY_BELOW) {
        kept.push(chunk);
        keptLength += chunk.length;
      }
      await write(br, chunk);
    }
  } catch (error) {
    // The collector removes its half-written file, in the background.
    br.destroy(error as Error);
    brotlied.catch(() => undefined);
    throw error;
  }
  br.end();
  const answer: EncodedResponse = {
    etag: `W/"${hash.digest('base64url').slice(0, 27)}"`,
    identity: length < KEEP_IDENTITY_BELOW ? Buffer.concat(kept) : null,
    br: await brotlied,
    gzip: null,
    length,
  };
  states.set(answer, { files, gzipping: null, onGzipFile: null });
  return answer;
}

/**
 * The gzip copy of an answer, made once on the first request that needs it (from the uncompressed bytes
 * when kept, else from the Brotli ones) and kept like the Brotli one; concurrent requests wait for the same.
 */
export function gzipOf(answer: EncodedResponse): Promise<Body> {
  if (answer.gzip !== null) return Promise.resolve(answer.gzip);
  let state = states.get(answer);
  if (state === undefined) {
    state = { files: null, gzipping: null, onGzipFile: null };
    states.set(answer, state);
  }
  if (state.gzipping !== null) return state.gzipping;
  const own = state;
  const gzip = zlib.createGzip({ level: 6, chunkSize: CHUNK_SIZE });
  const stored = answer.identity ?? bodyStream(answer.br);
  const source = Buffer.isBuffer(stored) ? Readable.from([stored]) : stored;
  const made = Promise.all([
    collect(gzip, own.files),
    answer.identity !== null ? pipeline(source, gzip) : pipeline(source, zlib.createBrotliDecompress(), gzip),
  ]).then(
    ([body]) => {
      answer.gzip = body;
      own.gzipping = null;
      if (body.file !== undefined) own.onGzipFile?.(body.file);
      return body;
    },
    (error: unknown) => {
      own.gzipping = null;
      throw error;
    },
  );
  own.gzipping = made;
  return made;
}
