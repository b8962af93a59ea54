import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyStream, gzipOf, type EncodedResponse } from './encoded-response';
import { FileResponseStream } from './file-response-stream';
import { matchesEtag, preferredEncoding } from './http-negotiation';

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
  reply
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding')
    .header('cache-control', options.cacheControl);
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
