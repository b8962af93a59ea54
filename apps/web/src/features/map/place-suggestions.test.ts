import { describe, expect, it } from 'vitest';
import type { Place } from '@tables-voisines/contract/schemas/place';
import { placeDetail } from './place-suggestions';
import { placeTerm } from './use-place-search';

const lyon3: Place = {
  code: '69383',
  name: 'Lyon 3e arrondissement',
  postcodes: ['69003'],
  department: { code: '69', name: 'Rhône' },
  latitude: 45.76,
  longitude: 4.85,
  population: 100_000,
};
const ajaccio: Place = {
  code: '2A004',
  name: 'Ajaccio',
  postcodes: ['20000', '20090', '20167'],
  department: { code: '2A', name: 'Corse-du-Sud' },
  latitude: 41.92,
  longitude: 8.74,
  population: 76_000,
};

describe('placeDetail', () => {
  it('names the department and its code for a name', () => {
    expect(placeDetail(lyon3, 'lyon 3')).toBe('Rhône (69)');
    expect(placeDetail(ajaccio, 'Ajaccio')).toBe('Corse-du-Sud (2A)');
  });

  it('puts first the postcode asked for, whole or begun', () => {
    expect(placeDetail(lyon3, '69003')).toBe('69003, Rhône (69)');
    expect(placeDetail(ajaccio, '2009')).toBe('20090, Corse-du-Sud (2A)');
    expect(placeDetail(ajaccio, '20 1')).toBe('20167, Corse-du-Sud (2A)');
  });
});

describe('placeTerm', () => {
  it('sends what the route takes: trimmed, at most 100 characters', () => {
    expect(placeTerm('  Lyon ')).toBe('Lyon');
    expect(placeTerm('   ')).toBe('');
    expect(placeTerm('a'.repeat(150))).toHaveLength(100);
  });
});
