import type { RouteDef } from '@tables-voisines/contract/routes';

type Part<D, K extends keyof RouteDef, As extends string> =
  D extends Record<K, infer S> ? Record<As, S> : unknown;

export type SchemaOf<D extends RouteDef> = {
  summary: string;
  tags: string[];
  security?: Record<string, string[]>[];
  response: D['responses'];
} & Part<D, 'params', 'params'> &
  Part<D, 'query', 'querystring'> &
  Part<D, 'body', 'body'>;

/**
 * The Fastify schema of a contract route: the same zod schemas validate the request, shape the
 * response and produce the OpenAPI document.
 */
export function schemaOf<D extends RouteDef>(def: D): SchemaOf<D> {
  return {
    summary: def.summary,
    tags: [...def.tags],
    ...(def.auth === 'none' ? {} : { security: [{ bearer: [] }] }),
    ...(def.params === undefined ? {} : { params: def.params }),
    ...(def.query === undefined ? {} : { querystring: def.query }),
    ...(def.body === undefined ? {} : { body: def.body }),
    response: def.responses,
  } as SchemaOf<D>;
}
