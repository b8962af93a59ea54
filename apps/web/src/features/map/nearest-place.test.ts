import { describe, expect, it } from 'vitest';
import { distanceKm } from '@tables-voisines/contract/geo';
import { boxOfBoth, distanceText, nearestOf } from './nearest-place';

const florac = { latitude: 44.3245, longitude: 3.5933 };
const place = (name: string, town: string, latitude: number, longitude: number) => ({
  uri: name.toLowerCase().replace(/\W+/g, '-'),
  kind: 'restaurant' as const,
  name,
  town,
  location: { latitude, longitude },
});

describe('the nearest place out of view', () => {
  it('is the one nearest to the centre, whatever the order of the list', () => {
    const mende = place('Le Gévaudan', 'Mende', 44.5181, 3.5006);
    const millau = place('La Capelle', 'Millau', 44.0986, 3.0783);
    const ales = place('Le Cévenol', 'Alès', 44.1249, 4.0812);
    for (const list of [
      [mende, millau, ales],
      [ales, millau, mende],
    ]) {
      const nearest = nearestOf(list, florac);
      expect(nearest?.place.name).toBe('Le Gévaudan');
      expect(nearest?.km).toBeCloseTo(distanceKm(florac, mende.location), 6);
    }
    expect(nearestOf([], florac)).toBeNull();
  });

  it('says its distance as precisely as a visitor reads it, in French', () => {
    expect(distanceText(23.4)).toBe('23 km');
    expect(distanceText(1234.6)).toBe('1\u202f235 km');
    expect(distanceText(2.44)).toBe('2,4 km');
    expect(distanceText(0.84)).toBe('800 m');
    expect(distanceText(0.01)).toBe('100 m');
  });

  it('frames where the visitor was and the place with a third of the box around them', () => {
    const mende = { latitude: 44.5181, longitude: 3.5006 };
    const box = boxOfBoth(florac, mende);
    const span = Math.max(mende.latitude - florac.latitude, florac.longitude - mende.longitude);
    expect(box.southWest.latitude).toBeCloseTo(florac.latitude - span / 3, 9);
    expect(box.northEast.latitude).toBeCloseTo(mende.latitude + span / 3, 9);
    expect(box.southWest.longitude).toBeCloseTo(mende.longitude - span / 3, 9);
    expect(box.northEast.longitude).toBeCloseTo(florac.longitude + span / 3, 9);
  });
});
