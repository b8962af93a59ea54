import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCategory } from '../../../test/factories';

let t: TestApp;
let crepesId: string;

beforeAll(async () => {
  t = await createTestApp();
  crepesId = (await createCategory(t.db, 'Crêpes', 'Crepes')).id;
  await createCategory(t.db, 'Galettes et crêpes salées', 'Savoury pancakes');
  await createCategory(t.db, 'Pizza', 'Pizza');
  for (let i = 0; i < 60; i++)
    await createCategory(t.db, `Spécialité ${String(i).padStart(2, '0')}`, `Speciality ${i}`);
});
afterAll(() => t.close());

const search = (query: string) => t.app.inject({ method: 'GET', url: `/api/categories/search?${query}` });

describe('GET /api/categories/search', () => {
  it.each(['crepe', 'REPE', 'crêpe', 'Crêpes'])(
    'finds Crêpes with %s, names starting with the term first',
    async (term) => {
      const response = await search(`searchTerm=${encodeURIComponent(term)}`);
      expect(response.statusCode).toBe(200);
      const names = response.json().categories.map((c: { name: string }) => c.name);
      expect(names).toContain('Crêpes');
      expect(names).toContain('Galettes et crêpes salées');
      if (term.toLowerCase().startsWith('cr')) expect(names[0]).toBe('Crêpes');
    },
  );

  it('answers in English with locale=en', async () => {
    const response = await search('searchTerm=pancake&locale=en');
    expect(response.json().categories).toEqual([
      { id: expect.any(String), name: 'Savoury pancakes', slug: expect.any(String) },
    ]);
  });

  it('answers at most 10 categories by default and at most limit', async () => {
    expect((await search('searchTerm=special')).json().categories).toHaveLength(10);
    expect((await search('searchTerm=special&limit=50')).json().categories).toHaveLength(50);
    expect((await search('limit=3')).json().categories).toHaveLength(3);
  });

  it.each(['limit=51', 'limit=0', 'limit=dix', 'locale=de', `searchTerm=${'a'.repeat(500)}`])(
    'refuses %s with a 400',
    async (query) => {
      const response = await search(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ValidationError');
    },
  );
});

describe('GET /api/categories/category/{id}', () => {
  it('answers the category in the asked locale', async () => {
    const fr = await t.app.inject({ method: 'GET', url: `/api/categories/category/${crepesId}` });
    expect(fr.json()).toEqual({ id: crepesId, name: 'Crêpes', slug: expect.any(String) });
    const en = await t.app.inject({ method: 'GET', url: `/api/categories/category/${crepesId}?locale=en` });
    expect(en.json().name).toBe('Crepes');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/categories/category/11111111-1111-1111-1111-111111111111',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NotFound');
    const malformed = await t.app.inject({ method: 'GET', url: '/api/categories/category/pas-un-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe('id');
  });
});
