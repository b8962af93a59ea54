import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyStream, gzipOf, type EncodedResponse } from './encoded-response';
import { FileResponseStream } from './file-response-stream';
import { matchesEtag, preferredEncoding, varyOnEncoding } from './http-negotiation';

export interface SendOptions {
  contentType: string;
  cacheControl: string;
}

/** Replies with an encoded answer: 304 when the client has it, else the bytes in the best encoding. */
export async function sendResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedResponse,
  options: SendOptions,
): Promise<FastifyReply> {
  varyOnEncoding(reply).header('etag', answer.etag).header('cache-control', options.cacheControl);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.header('content-type', options.contentType);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') {
    const body = encoding === 'br' ? answer.br : await gzipOf(answer);
    return reply
      .header('content-encoding', encoding)
      .header('content-length', body.length)
      .send(body.file !== undefined ? new FileResponseStream(body.file, body.length) : bodyStream(body));
  }
  if (answer.identity !== null) return reply.send(answer.identity);
  const br = bodyStream(answer.br);
  return reply
    .header('content-length', answer.length)
    .send((Buffer.isBuffer(br) ? Readable.from([br]) : br).pipe(zlib.createBrotliDecompress()));
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, compressing saves less than the headers it takes (and a thread-pool round trip). */
const COMPRESS_ABOVE = 1024;

/**
 * Replies with an answer made for this request only (`POST /menuboards/surrounding`: each map view its
 * own), compressed now in the encoding the client prefers, on libuv's threads rather than the event loop
 * (Brotli quality 4, gzip 6: fast settings; their cost and gain in decision 0011, "Measurements").
 */
export async function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  contentType: string,
): Promise<FastifyReply> {
  varyOnEncoding(reply).header('content-type', contentType);
  const encoding =
    body.length < COMPRESS_ABOVE ? 'identity' : preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body);
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : await gzip(body, { level: 6 });
  return reply.header('content-encoding', encoding).send(compressed);
}
