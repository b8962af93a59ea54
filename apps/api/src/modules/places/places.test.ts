import { PlaceSchema } from '@tables-voisines/contract/schemas/place';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app';

// `GET /api/places/search` through the real app, on the index of the data the project ships.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (query: string) => t.app.inject({ method: 'GET', url: `/api/places/search?${query}` });
const names = async (query: string) => {
  const response = await search(query);
  expect(response.statusCode).toBe(200);
  return z
    .array(PlaceSchema)
    .parse(response.json())
    .map((p) => p.name);
};

describe('GET /api/places/search', () => {
  it('answers Lyon first for « Lyon », with its postcodes, department, point and population', async () => {
    const response = await search('q=Lyon');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const [lyon] = z.array(PlaceSchema).parse(response.json());
    expect(lyon).toMatchObject({
      code: '69123',
      name: 'Lyon',
      department: { code: '69', name: 'Rhône' },
      population: expect.any(Number),
    });
    expect(lyon!.postcodes).toEqual([
      '69001',
      '69002',
      '69003',
      '69004',
      '69005',
      '69006',
      '69007',
      '69008',
      '69009',
    ]);
    expect(lyon!.latitude).toBeCloseTo(45.75, 1);
    expect(lyon!.longitude).toBeCloseTo(4.85, 1);
    expect(lyon!.population).toBeGreaterThan(400_000);
  });

  it.each(['lyon', 'LYON', ' lyon ', 'Lyón'])('ignores case, accents and spaces: %j', async (q) => {
    expect((await names(`q=${encodeURIComponent(q)}`))[0]).toBe('Lyon');
  });

  it.each(['saint-etienne', 'St Étienne', 'st-etienne', 'SAINT ETIENNE', 'Saint-Étienne'])(
    'takes hyphens for spaces and « St » for « Saint »: %j',
    async (q) => {
      expect((await names(`q=${encodeURIComponent(q)}`))[0]).toBe('Saint-Étienne');
    },
  );

  it('finds an arrondissement by its postcode, and by « Lyon 3 »', async () => {
    expect(await names('q=69003')).toEqual(['Lyon 3e arrondissement']);
    expect((await names(`q=${encodeURIComponent('lyon 3')}`))[0]).toBe('Lyon 3e arrondissement');
    expect((await names('q=13001'))[0]).toBe('Marseille 1er arrondissement');
  });

  it('finds a town by its postcode, and by the start of one, the largest first', async () => {
    expect(await names('q=38000')).toEqual(['Grenoble']);
    // Corsica's postcodes start with 20 while its departments are 2A and 2B.
    const corsica = z.array(PlaceSchema).parse((await search('q=20000')).json());
    expect(corsica[0]).toMatchObject({ name: 'Ajaccio', department: { code: '2A', name: 'Corse-du-Sud' } });
    const start = z.array(PlaceSchema).parse((await search('q=381&limit=20')).json());
    expect(start.length).toBeGreaterThan(1);
    for (const place of start) expect(place.postcodes.some((p) => p.startsWith('381'))).toBe(true);
    const populations = start.map((p) => p.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('puts the exact name first, then names starting with the query, then the largest', async () => {
    const found = await names('q=mar&limit=20');
    expect(found.slice(0, 4)).toEqual(['Marseille', 'Martigues', 'Marcq-en-Barœul', 'Marignane']);
    // « Paris » itself before the towns whose name starts with it, before those that only contain it.
    const paris = await names('q=paris&limit=20');
    expect(paris[0]).toBe('Paris');
    expect(paris.indexOf('Parisot')).toBeLessThan(paris.indexOf('Cormeilles-en-Parisis'));
  });

  it('finds « La Rochelle » as « rochelle » and « Le Mans » first for « mans »', async () => {
    expect(await names('q=rochelle')).toContain('La Rochelle');
    expect((await names('q=mans'))[0]).toBe('Le Mans');
  });

  it('answers 8 places by default and at most limit', async () => {
    expect(await names('q=sa')).toHaveLength(8);
    expect(await names('q=sa&limit=20')).toHaveLength(20);
    expect(await names('q=sa&limit=1')).toHaveLength(1);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await names('q=xyzzy')).toEqual([]);
    expect(await names('q=00000')).toEqual([]);
  });

  it.each([
    ['', 'q', 'Saisissez le nom d’une ville ou un code postal.'],
    ['q=', 'q', 'Saisissez le nom d’une ville ou un code postal.'],
    ['q=%20%20', 'q', 'Saisissez le nom d’une ville ou un code postal.'],
    [`q=${'a'.repeat(101)}`, 'q', 'La recherche ne peut dépasser 100 caractères.'],
    ['q=lyon&limit=0', 'limit', 'La valeur doit être au moins 1.'],
    ['q=lyon&limit=21', 'limit', 'La valeur doit être au plus 20.'],
    ['q=lyon&limit=huit', 'limit', 'Un nombre entier est attendu.'],
  ])('refuses %j with a 400 ValidationError in French', async (query, field, message) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('ValidationError');
    expect(body.details).toEqual([expect.objectContaining({ message })]);
    expect(JSON.stringify(body.details)).toContain(field);
  });
});
