import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MapNearestQuerySchema } from '@tables-voisines/contract/schemas/map';
import { nearestQueryOf, samePlaceNames, serverListOf } from './map-list';

const box = (west: number, south: number, east: number, north: number) => ({
  southWest: { latitude: south, longitude: west },
  northEast: { latitude: north, longitude: east },
});
const paris = { latitude: 48.8566, longitude: 2.3522 };

describe('the list’s question to the server', () => {
  it('asks for the view exactly (no margin: the list holds what the map shows), ranked from its centre', () => {
    expect(nearestQueryOf(box(2.2, 48.8, 2.5, 48.9), 12.4, paris, 30)).toEqual({
      west: 2.2,
      south: 48.8,
      east: 2.5,
      north: 48.9,
      latitude: 48.8566,
      longitude: 2.3522,
      limit: 30,
    });
  });

  it('asks for the world before the map has a view, as the feed’s list ranks every place then', () => {
    expect(nearestQueryOf(null, 6, paris, 60)).toMatchObject({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    });
  });

  it('asks across the antimeridian with west > east, and for the world when the view is wider', () => {
    expect(nearestQueryOf(box(170, 10, 200, 20), 5, paris, 30)).toMatchObject({ west: 170, east: -160 });
    expect(nearestQueryOf(box(-250, -85, 190, 85), 1, paris, 30)).toMatchObject({ west: -180, east: 180 });
  });

  it('always asks a question the server accepts', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -540, max: 540, noNaN: true }),
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: 0, max: 720, noNaN: true }),
        fc.double({ min: 0, max: 170, noNaN: true }),
        fc.double({ min: 0, max: 22, noNaN: true }),
        fc.integer({ min: 1, max: 2000 }),
        (west, south, width, height, zoom, limit) => {
          const query = nearestQueryOf(
            box(west, south, west + width, Math.min(85, south + height)),
            zoom,
            { latitude: south, longitude: ((((west + 180) % 360) + 360) % 360) - 180 },
            limit,
          );
          const parsed = MapNearestQuerySchema.safeParse(
            Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
          );
          expect(parsed.success).toBe(true);
        },
      ),
      { seed: 20261125, numRuns: 300 },
    );
  });
});

describe('the server’s list read', () => {
  it('gives each card what the feed’s list gives it', () => {
    // These fields pass as they are; the coordinates become the card’s location.
    const passedOn = {
      kind: 'restaurant',
      name: 'Il Forno',
      uri: 'il-forno-a-lyon',
      venueType: 'creperie',
      town: 'Lyon',
    } as const;
    expect(
      serverListOf({
        total: 200_000,
        count: 1234,
        establishments: [{ ...passedOn, latitude: 45.76, longitude: 4.83 }],
      }),
    ).toEqual({
      count: 1234,
      establishments: [{ ...passedOn, location: { latitude: 45.76, longitude: 4.83 } }],
    });
  });
});

describe('the place a list of names gives to two that read the same (issue 49, point 14)', () => {
  const member = (uri: string, name: string, town: string, street?: string) => ({
    uri,
    name,
    town,
    street,
  });

  it('tells two places of one name in one town apart by their streets, and leaves the others alone', () => {
    const places = samePlaceNames([
      member('a', 'La Part des Anges', 'Bordeaux', '12 rue Sainte-Catherine'),
      member('b', 'La Part des Anges', 'Bordeaux', '3 cours Victor-Hugo'),
      member('c', 'Le Chapon Fin', 'Bordeaux'),
    ]);
    expect(places.get('a')).toBe('Bordeaux, 12 rue Sainte-Catherine');
    expect(places.get('b')).toBe('Bordeaux, 3 cours Victor-Hugo');
    expect(places.has('c')).toBe(false);
  });

  it('gives the town to two of one name in two towns, whatever their case and accents', () => {
    const places = samePlaceNames([member('a', 'Le Vésuve', 'Cavaillon'), member('b', 'LE VESUVE', 'Apt')]);
    expect([places.get('a'), places.get('b')]).toEqual(['Cavaillon', 'Apt']);
  });

  it('gives the street the server gave (another of that name in its town) even when the other is not listed', () => {
    const places = samePlaceNames([member('a', 'Le Truck Gourmand', 'Riom', '12 rue du Commerce')]);
    expect(places.get('a')).toBe('Riom, 12 rue du Commerce');
  });
});
