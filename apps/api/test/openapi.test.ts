import { routes, type RouteDef } from '@tables-voisines/contract/routes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminAccount } from './accounts';
import { createTestApp, type TestApp } from './app';
import { createGroup } from './factories';

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

interface Operation {
  parameters?: { in: string; name: string; description?: string }[];
  responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
}

/** The document's operation of a contract call. */
async function operationsOf(): Promise<(id: keyof typeof routes) => Operation> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return (id) => {
    const def = routes[id] as RouteDef;
    return document.paths[def.path.replace(/:(\w+)/g, '{$1}')]![def.method.toLowerCase()]!;
  };
}

const headersOf = (operation: Operation) =>
  (operation.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);

it('lists If-None-Match and 304 on the reads that answer an ETag', async () => {
  const operation = await operationsOf();
  const reads = [
    'getEstablishment',
    'getEstablishmentMenuBoard',
    'getOwner',
    'getUser',
    'getAdmin',
    'getMenuBoard',
    'getGroup',
    'getPublicEstablishment',
    'listEstablishments',
    'listGroups',
    'mapFeed',
    'getMedia',
  ] as const;
  for (const id of reads) {
    expect(headersOf(operation(id)), id).toContain('If-None-Match');
    expect(operation(id).responses['304']?.description, id).toMatch(/^Non modifié/);
    expect(Object.keys(operation(id).responses['200']?.headers ?? {}), id).toEqual(['ETag']);
  }
  // A read without a version has neither.
  expect(headersOf(operation('listCategories'))).toEqual([]);
  expect(operation('listCategories').responses['304']).toBeUndefined();
});

it('lists If-Match and 412 on the writes that take it, groups included', async () => {
  const operation = await operationsOf();
  const writes = [
    'patchEstablishment',
    'deleteEstablishment',
    'verifyEstablishment',
    'renewClaimCode',
    'shareEstablishment',
    'patchOwner',
    'deleteOwner',
    'patchUser',
    'deleteUser',
    'patchAdmin',
    'deleteAdmin',
    'patchGroup',
    'deleteGroup',
    'createMenuBoard',
    'patchMenuBoard',
    'deleteMenuBoard',
  ] as const;
  for (const id of writes) {
    expect(headersOf(operation(id)), id).toEqual(expect.arrayContaining(['If-Match', 'If-None-Match']));
    expect(operation(id).responses['412']?.description, id).toMatch(/^Condition non remplie/);
  }
  expect(
    operation('createMenuBoard').parameters?.find((p) => p.name === 'If-None-Match')?.description,
  ).toMatch(/^`\*`/);
  // Writes with no version to compare: none.
  for (const id of ['createGroup', 'createEstablishment', 'patchReport'] as const) {
    expect(headersOf(operation(id)), id).toEqual([]);
  }
});

it('documents what the server does: a group’s ETag, its 304 and its 412', async () => {
  const admin = await createAdminAccount(t);
  const group = await createGroup(t.db);
  const url = `/api/group/${group.id}`;
  const read = await t.app.inject({ method: 'GET', url, headers: admin.headers });
  const etag = String(read.headers.etag);
  expect(etag).toMatch(/^"[^"]+"$/);
  const again = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...admin.headers, 'if-none-match': etag },
  });
  expect(again.statusCode).toBe(304);
  const first = await t.app.inject({
    method: 'PATCH',
    url,
    headers: { ...admin.headers, 'if-match': etag },
    payload: { name: 'Collectif du Vieux Lyon' },
  });
  expect(first.statusCode).toBe(200);
  const stale = await t.app.inject({
    method: 'PATCH',
    url,
    headers: { ...admin.headers, 'if-match': etag },
    payload: { name: 'Collectif de la Croix-Rousse' },
  });
  expect(stale.statusCode).toBe(412);
});
