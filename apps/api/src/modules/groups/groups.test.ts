import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createGroup } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lists the groups with their centre and radius in km, without a token', async () => {
  const nantes = await createGroup(t.db, {
    name: 'Collectif des restaurateurs de Nantes',
    latitude: 47.2184,
    longitude: -1.5536,
    radiusKm: 12.5,
  });
  await createGroup(t.db, {
    name: "Collectif des restaurateurs d'Angers",
    latitude: 47.4712,
    longitude: -0.5518,
  });
  const response = await t.app.inject({ method: 'GET', url: '/api/groups/' });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.map((g: { name: string }) => g.name)).toEqual([
    "Collectif des restaurateurs d'Angers",
    'Collectif des restaurateurs de Nantes',
  ]);
  expect(body[1]).toEqual({
    id: nantes.id,
    name: 'Collectif des restaurateurs de Nantes',
    latitude: 47.2184,
    longitude: -1.5536,
    radius: 12.5,
  });
});

it('answers the same list at /api/groups without the trailing slash', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/groups' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toHaveLength(2);
});
