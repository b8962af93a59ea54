import { beforeAll, describe, expect, it } from 'vitest';
import { boundsInsideUnion, distanceKm, type Bounds } from '@tables-voisines/contract/geo';
import type { Group } from '@tables-voisines/contract/schemas/group';
import {
  addCoveredArea,
  boundsOfPlaces,
  circleRing,
  decideSurroundingFetch,
  findCurrentGroup,
  isEstablishmentPath,
  isInsideCoveredAreas,
  isReadingPagePath,
  loadPolygonClipping,
  nextPreviousPath,
} from './map-rules';

// The union library is loaded lazily in the browser (with the first menu-board fetch).
beforeAll(() => loadPolygonClipping());

function createGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Collectif des restaurateurs de Lyon',
    latitude: 45.764,
    longitude: 4.8357,
    radius: 10,
    ...overrides,
  };
}

function box(south: number, west: number, north: number, east: number): Bounds {
  return { southWest: { latitude: south, longitude: west }, northEast: { latitude: north, longitude: east } };
}

const lyon = { latitude: 45.764, longitude: 4.8357 };

describe('boxes to fit', () => {
  it('holds every place given, and nothing for none', () => {
    const places = [
      { location: lyon },
      { location: { latitude: 47.996, longitude: -4.102 } },
      { location: { latitude: 43.296, longitude: 5.37 } },
    ];
    expect(boundsOfPlaces(places)).toEqual(box(43.296, -4.102, 47.996, 5.37));
    expect(boundsOfPlaces([{ location: lyon }])).toEqual(
      box(lyon.latitude, lyon.longitude, lyon.latitude, lyon.longitude),
    );
    expect(boundsOfPlaces([])).toBeNull();
  });
});

describe('current group', () => {
  const group = createGroup();

  it('is the group whose circle holds the centre from zoom 9', () => {
    expect(findCurrentGroup([group], lyon, 9)).toBe(group);
    expect(findCurrentGroup([group], lyon, 14.5)).toBe(group);
  });

  it('is none below zoom 9, even at the group’s centre', () => {
    expect(findCurrentGroup([group], lyon, 8.99)).toBeNull();
    expect(findCurrentGroup([group], lyon, 6)).toBeNull();
  });

  it('is none when the centre is outside every circle', () => {
    expect(findCurrentGroup([group], { latitude: 45.9, longitude: 4.8357 }, 12)).toBeNull();
  });

  it('counts the edge of the circle as inside', () => {
    // About 9.9 km north of Lyon, inside a 10 km circle; 10.1 km is outside.
    expect(findCurrentGroup([group], { latitude: 45.853, longitude: 4.8357 }, 10)).toBe(group);
    expect(findCurrentGroup([group], { latitude: 45.855, longitude: 4.8357 }, 10)).toBeNull();
  });

  it('picks the group with the nearest centre when circles overlap, whatever the order', () => {
    const near = createGroup({ id: '00000000-0000-4000-8000-000000000002', latitude: 45.77 });
    const far = createGroup({ id: '00000000-0000-4000-8000-000000000003', latitude: 45.8, radius: 20 });
    expect(findCurrentGroup([far, near], lyon, 10)).toBe(near);
    expect(findCurrentGroup([near, far], lyon, 10)).toBe(near);
  });
});

describe('surrounding menu-board fetch', () => {
  const bounds = box(45.7, 4.8, 45.8, 4.9);
  const idle = { zoom: 10, bounds, refreshInProgress: false, coveredAreas: [] };

  it('fetches on a new area at zoom 9 or more', () => {
    expect(decideSurroundingFetch(idle)).toBe('fetch');
    expect(decideSurroundingFetch({ ...idle, zoom: 9 })).toBe('fetch');
  });

  it('does not fetch below zoom 9', () => {
    expect(decideSurroundingFetch({ ...idle, zoom: 8.9 })).toBe('zoom-too-low');
  });

  it('does not fetch while a fetch is running', () => {
    expect(decideSurroundingFetch({ ...idle, refreshInProgress: true })).toBe('in-progress');
  });

  it('does not fetch for degenerate bounds (both corners equal)', () => {
    const point = { latitude: 45.7, longitude: 4.8 };
    expect(decideSurroundingFetch({ ...idle, bounds: { northEast: point, southWest: point } })).toBe(
      'degenerate',
    );
  });

  it('does not fetch inside the covered areas', () => {
    const covered = addCoveredArea([], box(45, 4, 46, 5));
    expect(decideSurroundingFetch({ ...idle, coveredAreas: covered })).toBe('covered');
  });
});

describe('covered areas', () => {
  it('merges overlapping boxes into one polygon', () => {
    const covered = addCoveredArea(addCoveredArea([], box(0, 0, 2, 2)), box(1, 1, 3, 3));
    expect(covered).toHaveLength(1);
  });

  it('keeps separate boxes apart', () => {
    const covered = addCoveredArea(addCoveredArea([], box(0, 0, 1, 1)), box(5, 5, 6, 6));
    expect(covered).toHaveLength(2);
  });

  it('holds a box covered by two boxes together but by neither alone', () => {
    const covered = addCoveredArea(addCoveredArea([], box(0, 0, 2, 2)), box(0, 2, 2, 4));
    expect(isInsideCoveredAreas(box(0.5, 1, 1.5, 3), covered)).toBe(true);
  });

  it('does not hold a box that sticks out, even by a little', () => {
    const covered = addCoveredArea([], box(0, 0, 2, 2));
    expect(isInsideCoveredAreas(box(1, 1, 2.001, 1.5), covered)).toBe(false);
    expect(isInsideCoveredAreas(box(1, 1, 1.5, 1.5), [])).toBe(false);
  });

  it('agrees with the contract’s exact union test on an L-shaped union', () => {
    const boxes = [box(0, 0, 1, 3), box(0, 0, 3, 1)];
    const covered = boxes.reduce(addCoveredArea, [] as ReturnType<typeof addCoveredArea>);
    for (const candidate of [
      box(0, 0, 1, 1),
      box(0.5, 0.5, 2, 0.9),
      box(0.5, 0.5, 2, 2),
      box(2, 2, 2.5, 2.5),
    ]) {
      expect(isInsideCoveredAreas(candidate, covered)).toBe(boundsInsideUnion(candidate, boxes));
    }
  });
});

describe('paths', () => {
  it('recognises detail pages', () => {
    expect(isEstablishmentPath('/restaurant/chez-toto-a-lyon')).toBe(true);
    expect(isEstablishmentPath('/remplisvert/au-52-a-issoudun')).toBe(true);
    expect(isEstablishmentPath('/')).toBe(false);
    expect(isEstablishmentPath('/restaurant/')).toBe(false);
    expect(isEstablishmentPath('/espace-restaurateur')).toBe(false);
  });

  it('reads the places’ pages, « Nous contacter » and « Données ouvertes » as pages, not the map', () => {
    for (const path of [
      '/restaurant/chez-toto-a-lyon',
      '/restaurant/chez-toto-a-lyon/signaler',
      '/contact',
      '/donnees-ouvertes',
    ])
      expect(isReadingPagePath(path), path).toBe(true);
    for (const path of ['/', '/donnees-ouvertes/x', '/contacts', '/integrer/carte'])
      expect(isReadingPagePath(path), path).toBe(false);
  });

  it('remembers the last page that is not a detail page', () => {
    expect(nextPreviousPath(null, '/?q=lyon')).toBe('/?q=lyon');
    expect(nextPreviousPath('/?q=lyon', '/restaurant/a')).toBe('/?q=lyon');
    expect(nextPreviousPath(null, '/restaurant/a')).toBeNull();
  });
});

describe('group circles', () => {
  it('draws a closed 64-gon whose corners lie at the radius', () => {
    const ring = circleRing(lyon, 12);
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const [longitude, latitude] of ring) {
      expect(distanceKm(lyon, { latitude, longitude })).toBeCloseTo(12, 6);
    }
  });
});
