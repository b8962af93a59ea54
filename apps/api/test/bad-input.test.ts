import { ErrorBodySchema } from '@tables-voisines/contract/errors';
import { routes, type RouteDef } from '@tables-voisines/contract/routes';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './app';

// Every implemented route of the contract gets wrong types, missing fields, huge and odd strings and
// malformed JSON: the answer is a 4xx in the contract's error shape, never a 5xx.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ data: 'demo' });
});
afterAll(() => t.close());

const ODD_STRINGS = [
  '',
  ' ',
  'x'.repeat(10_000),
  '%00',
  '\u0000',
  '../../etc/passwd',
  '💥'.repeat(50),
  '-1',
  '1e309',
];
const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  [],
  {},
  ['x'],
  'x'.repeat(100_000),
  '\u0000',
  '💥',
];

function shapeKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function fillPath(path: string, value: string): string {
  return path.replace(/:(\w+)/g, () => encodeURIComponent(value));
}

const VALID_ID = '11111111-1111-1111-1111-111111111111';

function cases(def: RouteDef): { label: string; request: InjectOptions }[] {
  const out: { label: string; request: InjectOptions }[] = [];
  const url = fillPath(def.path, VALID_ID);
  for (const value of ODD_STRINGS) {
    if (def.path.includes(':')) {
      out.push({
        label: `path ${JSON.stringify(value.slice(0, 12))}`,
        request: { method: def.method, url: fillPath(def.path, value) },
      });
    }
    for (const key of shapeKeys(def.query)) {
      out.push({
        label: `query ${key}=${JSON.stringify(value.slice(0, 12))}`,
        request: { method: def.method, url: `${url}?${key}=${encodeURIComponent(value)}` },
      });
    }
  }
  if (def.body !== undefined) {
    const json = (payload: string) => ({
      method: def.method,
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    for (const raw of ['{', '{"a":', '{"a":1e999}', 'null', '[]', '"texte"', '42', '{}', '\u0000']) {
      out.push({ label: `body ${JSON.stringify(raw)}`, request: json(raw) });
    }
    for (const key of shapeKeys(def.body)) {
      for (const value of ODD_VALUES) {
        out.push({
          label: `body.${key}=${JSON.stringify(value)?.slice(0, 12)}`,
          request: json(JSON.stringify({ [key]: value })),
        });
      }
    }
  }
  return out;
}

const implemented = () =>
  Object.entries(routes as Record<string, RouteDef>).filter(([, def]) =>
    // Trailing slashes are optional: the router keeps the path without it.
    [def.path, def.path.replace(/\/$/, '')].some((url) => t.app.hasRoute({ method: def.method, url })),
  );

describe('bad input on every implemented route', () => {
  it('finds the implemented routes in the contract table', () => {
    expect(implemented().map(([id]) => id)).toEqual(
      expect.arrayContaining(['listEstablishments', 'getPublicEstablishment', 'surroundingMenuBoards']),
    );
  });

  it('answers every malformed request with a 4xx in the error shape, never a 5xx', async () => {
    let sent = 0;
    const failures: string[] = [];
    for (const [id, def] of implemented()) {
      for (const { label, request } of cases(def)) {
        const response = await t.app.inject(request);
        sent++;
        if (response.statusCode >= 500)
          failures.push(`${id} ${label}: ${response.statusCode} ${response.body}`);
        if (response.statusCode >= 400) {
          const body = ErrorBodySchema.safeParse(response.json());
          if (!body.success) failures.push(`${id} ${label}: error body ${response.body.slice(0, 200)}`);
          if (response.statusCode === 400 && !Array.isArray(response.json().details)) {
            failures.push(`${id} ${label}: 400 without details`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // 9 odd strings per path and query field, 8 raw bodies and 12 odd values per body field.
    expect(sent).toBeGreaterThanOrEqual(150);
  });
});
