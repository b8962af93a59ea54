import { describe, expect, it } from 'vitest';
import {
  establishmentPhotoAlt,
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
    expect(formatShortFrenchDateTime('2026-11-26T08:05:00Z')).toBe('26/11/2026 9 h 05');
    expect(formatFrenchDay('2026-11-01')).toBe('dimanche 1er novembre');
    expect(formatFrenchDay('2026-11-21')).toBe('samedi 21 novembre');
  });
});
