import { describe, expect, it } from 'vitest';
import { pageLocally } from './provider-kit';

const rows = [
  {
    id: '1',
    name: 'Crêperie Ty Breizh',
    kind: 'restaurant',
    disabled: false,
    restaurantOwner: null,
    address: { town: 'Saint-Étienne' },
  },
  {
    id: '2',
    name: 'Auberge du Lac',
    kind: 'remplisvert',
    disabled: true,
    restaurantOwner: 'o1',
    address: { town: 'Annecy' },
  },
  {
    id: '3',
    name: 'Le Zinc',
    kind: 'restaurant',
    disabled: false,
    restaurantOwner: 'o2',
    address: { town: 'Lyon' },
  },
  {
    id: '4',
    name: 'Chez Émile',
    kind: 'restaurant',
    disabled: true,
    restaurantOwner: null,
    address: { town: 'Saint-Malo' },
  },
];

describe('pageLocally', () => {
  it('searches without accents or case in the given fields', () => {
    expect(pageLocally(rows, { filter: { q: 'CREPE' } }, ['name']).data.map((r) => r.id)).toEqual(['1']);
    expect(pageLocally(rows, { filter: { q: 'emile' } }, ['name']).data.map((r) => r.id)).toEqual(['4']);
  });

  it('filters by equality and booleans, ignoring empty filters', () => {
    const ids = (filter: Record<string, unknown>) =>
      pageLocally(rows, { filter }, ['name']).data.map((r) => r.id);
    expect(ids({ kind: 'restaurant', disabled: true })).toEqual(['4']);
    expect(ids({ restaurantOwner: 'o2' })).toEqual(['3']);
    expect(ids({ kind: '', disabled: undefined, restaurantOwner: null })).toEqual(['1', '2', '3', '4']);
  });

  it('sorts in French order on nested fields, then pages with the total', () => {
    const result = pageLocally(
      rows,
      { filter: {}, sort: { field: 'address.town', order: 'DESC' }, pagination: { page: 1, perPage: 2 } },
      [],
    );
    expect(result.total).toBe(4);
    expect(result.data.map((r) => r.address.town)).toEqual(['Saint-Malo', 'Saint-Étienne']);
    const second = pageLocally(
      rows,
      { filter: {}, sort: { field: 'name', order: 'ASC' }, pagination: { page: 2, perPage: 3 } },
      [],
    );
    expect(second.data.map((r) => r.name)).toEqual(['Le Zinc']);
  });
});
