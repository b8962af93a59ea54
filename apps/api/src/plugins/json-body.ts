import { TextDecoder } from 'node:util';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import { LONE_SURROGATE } from '@tables-voisines/contract/characters';
import { AppError, type ValidationIssue } from '@tables-voisines/contract/errors';

/*
 * JSON bodies and query strings are read as the client wrote them or refused, never changed: Fastify's own
 * parser decodes any bytes as UTF-8, so a body in Latin-1 was stored with U+FFFD in place of « é », and
 * JavaScript keeps a lone surrogate (`"\ud800"`) that the database then stores as U+FFFD too. A NUL, which
 * PostgreSQL cannot store, is refused at its path (`items.0.name`) rather than by the database, which says
 * nowhere where it was.
 */

/** Past this many, the others are not listed: one message per field is enough to fix a body. */
const MAX_ISSUES = 20;

const NOT_UTF8 =
  'Le corps de la requête n’est pas du texte UTF-8 valide : envoyez-le en UTF-8, ou indiquez son jeu de caractères dans l’en-tête Content-Type (par exemple « application/json; charset=iso-8859-1 »).';

/** The `charset` parameter of a `Content-Type`, lower case, or `undefined` when there is none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const value = match?.[1] ?? match?.[2];
  return value === undefined || value === '' ? undefined : value.toLowerCase();
}

/**
 * The body's text: UTF-8 unless the request says otherwise (RFC 8259 wants UTF-8, but a declared charset is
 * honoured rather than misread: `iso-8859-1`, `windows-1252`, `utf-16`... as the WHATWG Encoding standard
 * names them). Bytes that are not valid in that encoding are refused, not replaced by U+FFFD.
 */
function decodeBody(body: Buffer, contentType: string | undefined): string {
  const charset = charsetOf(contentType) ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset, { fatal: true });
  } catch {
    throw new AppError(
      'UnsupportedMediaType',
      `Le jeu de caractères « ${charset.slice(0, 40)} » n’est pas pris en charge : envoyez du JSON en UTF-8.`,
    );
  }
  try {
    return decoder.decode(body);
  } catch {
    const message =
      charset === 'utf-8' || charset === 'utf8'
        ? NOT_UTF8
        : `Le corps de la requête n’est pas du texte valide en ${charset}.`;
    throw new AppError('ValidationError', message, [
      { path: '', message: 'Encodage des caractères invalide' },
    ]);
  }
}

const joinPath = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/** What is wrong with one string of the body (or one key), `null` when nothing is. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Le caractère nul (U+0000) n’est pas accepté.';
  if (LONE_SURROGATE.test(text)) {
    return 'Caractère invalide : une moitié de paire de substitution UTF-16 seule (\\ud800 à \\udfff) ne représente aucun caractère.';
  }
  return null;
}

/**
 * Walks a parsed body without recursion (JSON may nest thousands of levels): strings with a NUL or a lone
 * surrogate, and the keys that would reach an object's prototype if the body were ever merged into another
 * object (`__proto__`, `constructor.prototype`), each at its path.
 */
export function inspectJson(value: unknown): { text: ValidationIssue[]; prototype: ValidationIssue[] } {
  const text: ValidationIssue[] = [];
  const prototype: ValidationIssue[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0 && text.length + prototype.length < MAX_ISSUES) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem !== null) text.push({ path, message: problem });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: joinPath(path, i) });
    } else if (typeof current === 'object' && current !== null) {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child = (current as Record<string, unknown>)[key];
        const childPath = joinPath(path, key);
        const keyProblem = textProblem(key);
        if (keyProblem !== null)
          text.push({ path: childPath, message: `Nom de champ invalide. ${keyProblem}` });
        if (key === '__proto__') {
          prototype.push({ path: childPath, message: 'La clé « __proto__ » n’est pas acceptée.' });
        } else if (
          key === 'constructor' &&
          typeof child === 'object' &&
          child !== null &&
          'prototype' in child
        ) {
          prototype.push({
            path: joinPath(childPath, 'prototype'),
            message: 'La clé « constructor.prototype » n’est pas acceptée.',
          });
        } else {
          stack.push({ value: child, path: childPath });
        }
      }
    }
  }
  return { text, prototype };
}

/** The body as JSON, or the contract's error saying what is wrong with it. */
export function readJsonBody(body: Buffer, contentType: string | undefined): unknown {
  if (body.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  const text = decodeBody(body, contentType);
  let value: unknown;
  try {
    // JSON.parse makes `__proto__` an own key, never the prototype: `inspectJson` refuses it below.
    value = JSON.parse(text);
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  const issues = inspectJson(value);
  if (issues.prototype.length > 0) {
    throw new AppError(
      'ValidationError',
      'Le corps de la requête contient une clé « __proto__ » ou « constructor.prototype », refusée : elle pourrait modifier les objets du serveur.',
      issues.prototype,
    );
  }
  if (issues.text.length > 0) {
    throw new AppError(
      'ValidationError',
      'Certaines informations contiennent des caractères non acceptés.',
      issues.text,
    );
  }
  return value;
}

/** A query string's values, each at its name (`q`, or `categories.1` for a repeated one). */
function queryIssues(request: FastifyRequest): ValidationIssue[] {
  const query = request.query;
  if (typeof query !== 'object' || query === null) return [];
  return inspectJson(query).text;
}

/**
 * Replaces Fastify's JSON parser (call before the routes are registered: they copy the parsers), and
 * checks the query strings of the contract's routes (those with a query schema) for the same characters.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, readJsonBody(body as Buffer, request.headers['content-type']));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.schema?.querystring === undefined) return;
    const issues = queryIssues(request);
    if (issues.length > 0) {
      throw new AppError(
        'ValidationError',
        'Certaines informations contiennent des caractères non acceptés dans les paramètres de l’adresse.',
        issues,
      );
    }
  });
}
