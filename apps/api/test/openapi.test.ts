import { routes, type RouteDef } from '@tables-voisines/contract/routes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lists every route of the contract in the OpenAPI document', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const missing = Object.entries(routes as Record<string, RouteDef>)
    .map(([id, def]) => ({ id, method: def.method.toLowerCase(), path: def.path.replace(/:(\w+)/g, '{$1}') }))
    .filter(({ method, path }) => document.paths[path]?.[method] === undefined)
    .map(({ id }) => id);
  expect(missing).toEqual([]);
});
