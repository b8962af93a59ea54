import { describe, expect, it } from 'vitest';
import type { Bounds } from '@tables-voisines/contract/geo';
import { emptyBoards, emptyResult, firstOpeningOf } from './empty-result';
import type { MapPoint } from './map-points';
import { METROPOLITAN_FRANCE } from './map-rules';

// Wednesday 2 December 2026, 4 a.m. in Paris (3 a.m. UTC).
const night = new Date('2026-12-02T03:00:00Z');
const lyon: Bounds = {
  southWest: { latitude: 45.7, longitude: 4.8 },
  northEast: { latitude: 45.8, longitude: 4.9 },
};
const base = {
  filtered: true,
  query: '',
  openNow: false,
  feedThere: true,
  matching: 0,
  firstOpening: null,
  bounds: METROPOLITAN_FRANCE,
  now: night,
};

function place(name: string, hours: MapPoint['openingHours'], closures: MapPoint['closures'] = []): MapPoint {
  return { name, openingHours: hours, closures } as unknown as MapPoint;
}

describe('emptyResult', () => {
  it('never asks to zoom out when the whole of France is in view, and offers to take the filters off', () => {
    const nothing = emptyResult({ ...base, query: 'zzzz' });
    // Non-breaking spaces inside the guillemets: the line never breaks between « and the search.
    expect(nothing.text).toBe('Aucun établissement ne correspond à «\u00a0zzzz\u00a0»');
    expect(nothing.text).not.toMatch(/dézoomez/);
    expect(nothing).toMatchObject({ showFrance: false, showResultsElsewhere: false });
    expect(emptyResult({ ...base, filtered: false }).text).toBe(
      'Aucun établissement sur la carte pour le moment',
    );
  });

  it('names the nearest place rather than asking to zoom out, when it is known', () => {
    const around = { ...base, filtered: false, bounds: lyon };
    expect(emptyResult(around).text).toBe(
      'Aucun établissement dans cette zone — dézoomez pour en voir d’autres',
    );
    const named = emptyResult({ ...around, nearestKnown: true });
    expect(named.text).toBe('Aucun établissement dans cette zone');
    expect(named.showFrance).toBe(true);
  });

  it('says nothing is open now and when the first places open', () => {
    const firstOpening = firstOpeningOf(
      [
        place('Le Midi', [{ day: 3, opens: '12:00', closes: '14:00' }]),
        place('Le Fournil', [{ day: 3, opens: '07:30', closes: '13:00' }]),
        place(
          'Fermé pour travaux',
          [{ day: 3, opens: '06:00', closes: '13:00' }],
          [{ from: '2026-11-30', to: '2026-12-06', reason: 'Travaux' }],
        ),
      ],
      night,
    );
    const result = emptyResult({ ...base, openNow: true, firstOpening });
    expect(result.text).toBe('Rien n’est ouvert en ce moment');
    expect(result.detail).toBe('Les premiers ouvrent à 7 h 30.');
  });

  it('finds the first opening tomorrow or next week, past closures', () => {
    const tomorrow = firstOpeningOf(
      [place('Le Jeudi', [{ day: 4, opens: '11:45', closes: '14:00' }])],
      night,
    );
    expect(emptyResult({ ...base, openNow: true, firstOpening: tomorrow }).detail).toBe(
      'Les premiers ouvrent demain à 11 h 45.',
    );
    // Open on Tuesdays only: next Tuesday. A place closed today by a closure tells no opening: left out.
    const later = firstOpeningOf(
      [
        place('Le Mardi', [{ day: 2, opens: '07:00', closes: '10:00' }]),
        place(
          'En travaux',
          [{ day: 3, opens: '05:00', closes: '10:00' }],
          [{ from: '2026-12-02', to: '2026-12-02', reason: null }],
        ),
      ],
      night,
    );
    expect(emptyResult({ ...base, openNow: true, firstOpening: later }).detail).toBe(
      'Les premiers ouvrent mardi à 7 h.',
    );
    expect(firstOpeningOf([place('Sans horaires', [])], night)).toBeNull();
  });

  it('in a zone with nothing, zooms out or shows France; with results elsewhere, leads to them', () => {
    expect(emptyResult({ ...base, filtered: false, bounds: lyon })).toMatchObject({
      text: 'Aucun établissement dans cette zone — dézoomez pour en voir d’autres',
      showFrance: true,
    });
    expect(emptyResult({ ...base, bounds: lyon, matching: 3 })).toMatchObject({
      text: 'Aucun établissement dans cette zone pour cette recherche',
      showFrance: false,
      showResultsElsewhere: true,
    });
    expect(emptyResult({ ...base, bounds: lyon, matching: 3, openNow: true }).text).toBe(
      'Rien n’est ouvert dans cette zone en ce moment',
    );
  });
});

describe('emptyBoards', () => {
  const none = { loading: false, byCategory: false, byDish: false, maxPrice: undefined };

  it('says the price that left no board, and offers to take it off (« Moins de 15 € », issue 54)', () => {
    expect(emptyBoards({ ...none, maxPrice: 15 })).toEqual({
      text: 'Aucune ardoise du jour à moins de 15\u00a0€ dans cette zone.',
      removePrice: true,
    });
    expect(emptyBoards({ ...none, maxPrice: 13.5, byDish: true })).toEqual({
      text: 'Aucune ardoise du jour à moins de 13,50\u00a0€ dans cette zone pour ces filtres.',
      removePrice: true,
    });
    expect(emptyBoards({ ...none, maxPrice: 12, byCategory: true }).text).toBe(
      'Aucune ardoise du jour à moins de 12\u00a0€ dans cette zone pour ces filtres.',
    );
  });

  it('says what it said before without a price, and offers nothing while the boards are asked for', () => {
    expect(emptyBoards(none)).toEqual({
      text: 'Aucune ardoise du jour dans cette zone.',
      removePrice: false,
    });
    expect(emptyBoards({ ...none, byDish: true }).text).toBe(
      'Aucune ardoise du jour dans cette zone pour ces filtres — dézoomez ou retirez un filtre.',
    );
    expect(emptyBoards({ ...none, byCategory: true }).text).toBe(
      'Aucune ardoise du jour dans cette zone pour ces catégories.',
    );
    expect(emptyBoards({ ...none, loading: true, maxPrice: 15 })).toEqual({
      text: 'Recherche des ardoises…',
      removePrice: false,
    });
  });
});
