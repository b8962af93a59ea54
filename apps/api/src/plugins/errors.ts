import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode, type ValidationIssue } from '@tables-voisines/contract/errors';
import { refusalOf } from './methods';

const CONTEXT_LABELS: Record<string, string> = {
  body: 'le corps de la requête',
  querystring: 'les paramètres de l’adresse',
  params: 'le chemin de l’adresse',
  headers: 'les en-têtes',
};

// 22021: invalid byte sequence (NUL in text); 22P05: untranslatable character (NUL in JSON).
const INVALID_TEXT_STATES = new Set(['22021', '22P05']);

/** The SQLSTATE of a database error, whether thrown by pg, PGlite or wrapped by Drizzle. */
function databaseErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

// Connection exceptions (08xxx), the server shutting down or starting (57P01-57P03), and the socket errors
// of a database that is down or restarting.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection error|server closed the connection|the database system is (?:starting up|shutting down)/i;

/** True when the database could not be reached: the request may succeed if sent again shortly. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))
    )
      return true;
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** Turns anything thrown while handling a request into the contract's `{ code, message, details }`. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: ValidationIssue[] = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'Valeur invalide',
    }));
    const where = CONTEXT_LABELS[error.validationContext ?? 'body'] ?? 'la requête';
    return new AppError('ValidationError', `Certaines informations sont invalides dans ${where}.`, details);
  }
  const sqlState = databaseErrorCode(error);
  if (sqlState !== undefined && INVALID_TEXT_STATES.has(sqlState)) {
    // Text PostgreSQL cannot store (a NUL character, an invalid escape): the input is at fault.
    return new AppError(
      'ValidationError',
      'Certaines informations contiennent des caractères non acceptés.',
      [{ path: '', message: 'Caractère de contrôle ou séquence invalide' }],
    );
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError(
      'ServiceUnavailable',
      'La base de données ne répond pas : réessayez dans quelques secondes.',
    );
  }
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('ValidationError', 'Le corps de la requête n’est pas un JSON valide.', [
        { path: '', message: 'JSON mal formé' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(
        'ValidationError',
        'Le corps de la requête est vide alors que du JSON est annoncé.',
        [{ path: '', message: 'Corps vide' }],
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PayloadTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(
        'UnsupportedMediaType',
        'Ce type de contenu n’est pas accepté : envoyez du JSON (application/json).',
      );
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_VALIDATION':
      return new AppError('ValidationError', 'L’adresse demandée est mal formée.', [
        { path: '', message: 'Adresse mal formée' },
      ]);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('ValidationError', 'L’adresse demandée est trop longue.', [
        { path: '', message: 'Paramètre de chemin trop long' },
      ]);
    default:
      break;
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const byStatus: Partial<Record<number, ErrorCode>> = {
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
      405: 'MethodNotAllowed',
      408: 'RequestTimeout',
      413: 'PayloadTooLarge',
      414: 'UriTooLong',
      415: 'UnsupportedMediaType',
      429: 'RateLimited',
      431: 'HeadersTooLarge',
    };
    return new AppError(byStatus[status] ?? 'ValidationError');
  }
  return new AppError('UnexpectedError');
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    // Logged with the request id; the client only sees the generic message.
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: appError.code, status: appError.status }, 'request refused');
  }
  if (appError.code === 'ServiceUnavailable') reply.header('retry-after', '5');
  const allow = (appError.details as { allow?: unknown } | undefined)?.allow;
  if (appError.code === 'MethodNotAllowed' && Array.isArray(allow)) reply.header('allow', allow.join(', '));
  const retryAfter = (appError.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (appError.code === 'RateLimited' && typeof retryAfter === 'number') {
    reply.header('retry-after', String(retryAfter));
  }
  return reply.code(appError.status).type('application/json; charset=utf-8').send(appError.toBody());
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  // An unknown path is a 404; a known path asked with a method it does not take, a 405 with `Allow`.
  app.setNotFoundHandler((request, reply) => sendError(request, reply, refusalOf(app, request)));
}
