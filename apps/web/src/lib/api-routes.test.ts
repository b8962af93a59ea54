import { describe, expect, it } from 'vitest';
import { routes } from '@tables-voisines/contract/routes';
import * as apiRoutes from './api-routes';

describe('the zod-free route list', () => {
  it('names every call of the contract with its method and path', () => {
    const fromContract = Object.entries(routes)
      .map(([id, route]) => ({ id, method: route.method, path: route.path }))
      .sort((a, b) => a.id.localeCompare(b.id));
    const ours = Object.entries(apiRoutes)
      .map(([name, ref]) => {
        expect(name).toBe(`${ref.id}Route`);
        return { id: ref.id, method: ref.method, path: ref.path };
      })
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(ours).toEqual(fromContract);
  });
});
