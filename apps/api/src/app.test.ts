import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@tables-voisines/contract/routes';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers an unknown API route with a JSON 404 in the contract shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nulle-part' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      code: 'NotFound',
      message: expect.stringContaining('/api/nulle-part'),
    });
  });

  it('answers a method a known path does not take with a JSON 405 and Allow', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/groups/' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toMatch(/^GET, HEAD\b/);
    expect(response.json().code).toBe('MethodNotAllowed');
  });

  it.each(['/api/establishments/?q=%00', '/api/categories/search?searchTerm=a%00b'])(
    'answers %s, which carries a NUL character, with a 400 rather than a 500',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ValidationError');
    },
  );
});

describe('health', () => {
  it('answers /healthz and /readyz while the database answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the contract with every implemented route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const implemented = [
      routes.listEstablishments,
      routes.getPublicEstablishment,
      routes.listGroups,
      routes.searchCategories,
      routes.getCategory,
      routes.surroundingMenuBoards,
    ];
    for (const route of implemented) {
      const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[openApiPath], openApiPath).toHaveProperty(route.method.toLowerCase());
      expect(document.paths[openApiPath][route.method.toLowerCase()].summary).toBe(route.summary);
    }
    expect(document.components.schemas).toHaveProperty('Error');
  });

  it('serves the interactive reference at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/swagger/i);
  });
});

describe('readiness without a database', () => {
  it('answers /readyz with 503 and Retry-After when the database is gone', async () => {
    const lost = await createTestApp();
    await lost.database.close();
    const response = await lost.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().code).toBe('ServiceUnavailable');
    await lost.app.close();
  });
});
