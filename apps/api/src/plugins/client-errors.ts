import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';

/** Past this length, a request line that does not end is an address too long rather than a header. */
const LONGEST_REQUEST_LINE = 8 * 1024;

type ClientError = Error & { code?: string; rawPacket?: unknown };

/** The bytes received look like a request line too long to end within what Node read. */
function isAddressTooLong(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket) || !/^[A-Z]+ \//.test(rawPacket.subarray(0, 16).toString('latin1')))
    return false;
  const end = rawPacket.indexOf('\r\n');
  return end === -1 || end > LONGEST_REQUEST_LINE;
}

/** The contract's error for what Node's HTTP parser refused before any route could see the request. */
export function clientErrorOf(error: ClientError): AppError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return isAddressTooLong(error.rawPacket)
        ? new AppError('UriTooLong', 'L’adresse demandée est trop longue.')
        : new AppError(
            'HeadersTooLarge',
            'Les en-têtes de la requête (cookies compris) sont trop volumineux.',
          );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_REQUEST_HEADERS_TIMEOUT':
      return new AppError('RequestTimeout');
    default:
      return new AppError('ValidationError', 'La requête HTTP est mal formée.', [
        { path: '', message: 'Requête HTTP invalide' },
      ]);
  }
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP server refuses a request it cannot parse (headers over
 * `maxHeaderSize`, an address too long, a malformed request line, a timeout) before Fastify sees it, and
 * Fastify's default answer is English without our `code`. This one writes the contract's error body
 * (French message, stable code) on the socket, then closes it: the rest of that request cannot be read.
 */
export function handleClientError(
  this: { log: FastifyBaseLogger },
  error: ClientError,
  socket: Socket,
): void {
  // A connection reset or already closed: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = clientErrorOf(error);
  this.log.info({ code: appError.code, parserCode: error.code }, 'request refused before routing');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(appError.toBody());
  socket.end(
    [
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Content-Type-Options: nosniff',
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
