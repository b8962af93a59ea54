import { describe, expect, it } from 'vitest';
import {
  establishmentPhotoAlt,
  formatCount,
  formatDistance,
  formatFrenchDateTime,
  formatFrenchDay,
  formatShortFrenchDateTime,
} from './format';

describe('the text of an establishment’s photo', () => {
  it('never puts the name after « de », where French would contract or elide it', () => {
    expect(establishmentPhotoAlt('Le Bistrot')).toBe('Le Bistrot : photo de l’établissement');
    expect(establishmentPhotoAlt('Au 52')).toBe('Au 52 : photo de l’établissement');
    expect(establishmentPhotoAlt('Les Halles')).toBe('Les Halles : photo de l’établissement');
  });
});

describe('the dates of the change history', () => {
  it('writes the time as French typography does, in Paris', () => {
    expect(formatFrenchDateTime('2026-11-26T20:22:00Z')).toBe('jeudi 26 novembre 2026 à 21 h 22');
    expect(formatFrenchDateTime('2026-07-01T07:05:00Z')).toBe('mercredi 1er juillet 2026 à 9 h 05');
    // One in the morning is an hour, not the first of a month.
    expect(formatFrenchDateTime('2026-11-28T00:15:00Z')).toBe('samedi 28 novembre 2026 à 1 h 15');
    expect(formatFrenchDateTime('2026-12-01T00:30:00Z')).toBe('mardi 1er décembre 2026 à 1 h 30');
    expect(formatShortFrenchDateTime('2026-11-26T08:05:00Z')).toBe('26/11/2026 9 h 05');
    expect(formatFrenchDay('2026-11-01')).toBe('dimanche 1er novembre');
    expect(formatFrenchDay('2026-11-21')).toBe('samedi 21 novembre');
  });
});

describe('distances to places nearby', () => {
  it('says metres to 10 m, then kilometres with one decimal under 10 km, in French', () => {
    expect(formatDistance(348)).toBe('350\u00a0m');
    expect(formatDistance(4)).toBe('10\u00a0m');
    expect(formatDistance(994)).toBe('990\u00a0m');
    expect(formatDistance(996)).toBe('1\u00a0km');
    expect(formatDistance(1234)).toBe('1,2\u00a0km');
    expect(formatDistance(9960)).toBe('10\u00a0km');
    expect(formatDistance(12_400)).toBe('12\u00a0km');
  });
});

describe('counts', () => {
  it('groups thousands with a narrow no-break space, as French writes « 2 000 caractères »', () => {
    expect(formatCount(2000)).toBe('2\u202f000');
    expect(formatCount(14)).toBe('14');
  });
});
