import type { FastifySchema, HTTPMethods } from 'fastify';

/*
 * The conditional requests of the OpenAPI document (docs/api.md, "Versions and If-Match"), read from each
 * call's answers in the contract, so that the two cannot disagree: a call that may answer 304 takes
 * `If-None-Match`; one that may answer 412 takes `If-Match`, and, for a write, `If-None-Match` too (`*`:
 * only if there is none yet, as `POST /api/menuboard/` is used; a tag: only if it is no longer current).
 * Their answers (200, 201, 206) carry the `ETag` those headers name.
 */

const IF_MATCH = {
  type: 'string',
  description:
    'Étiquettes (ETag) lues avant, ou `*` : la demande n’est faite que si l’une est toujours la version actuelle (comparaison forte), sinon 412.',
};
const IF_NONE_MATCH_READ = {
  type: 'string',
  description:
    'Étiquettes (ETag) déjà connues : 304 sans contenu si l’une est la version actuelle (comparaison faible, `*` compris).',
};
const IF_NONE_MATCH_WRITE = {
  type: 'string',
  description:
    '`*` : la demande n’est faite que s’il n’existe encore rien (sinon 412) ; des étiquettes : seulement si aucune n’est la version actuelle.',
};
const ETAG = {
  type: 'string',
  description: 'La version de ce qui est répondu, à renvoyer dans `If-Match` ou `If-None-Match`.',
};
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '304': 'Non modifié : la version nommée par `If-None-Match` est toujours l’actuelle (pas de contenu).',
  '412':
    'Condition non remplie (`PreconditionFailed`) : la version a changé depuis sa lecture ; rien n’est écrit.',
};

type Schema = FastifySchema & { response?: Record<string, unknown>; headers?: unknown };
const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The transformed schema of one route, its conditional headers and answers described. */
export function withConditionalRequests<T extends { schema: FastifySchema; url: string }>(
  transformed: T,
  method: HTTPMethods | HTTPMethods[],
): T {
  const schema = transformed.schema as Schema;
  const responses = schema.response;
  if (responses === undefined) return transformed;
  const read = ([] as string[]).concat(method).every((m) => m === 'GET' || m === 'HEAD');
  const takes304 = '304' in responses;
  const takes412 = '412' in responses;
  if (!takes304 && !takes412) return transformed;

  const headers: Record<string, unknown> = {};
  if (takes412) headers['If-Match'] = IF_MATCH;
  if (takes304 || (takes412 && !read)) {
    headers['If-None-Match'] = takes304 ? IF_NONE_MATCH_READ : IF_NONE_MATCH_WRITE;
  }
  const existing = asObject(schema.headers);
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(responses)) {
    const description = DESCRIPTIONS[status];
    if (description !== undefined) {
      response[status] = { ...asObject(answer), description };
    } else if (status === '200' || status === '201' || status === '206') {
      response[status] = { ...asObject(answer), headers: { ETag: ETAG } };
    } else {
      response[status] = answer;
    }
  }
  return {
    ...transformed,
    schema: {
      ...schema,
      headers: {
        ...existing,
        type: 'object',
        properties: { ...asObject(existing.properties), ...headers },
      },
      response,
    },
  };
}
