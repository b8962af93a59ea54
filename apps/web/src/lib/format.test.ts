import { describe, expect, it } from 'vitest';
import {
  establishmentPhotoAlt,
  formatCount,
  formatDistance,
  formatEuros,
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

describe('numbers and days written without Intl (issue 55)', () => {
  const intlEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  const intlCount = new Intl.NumberFormat('fr-FR');
  const intlOneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  const intlDay = new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/Paris',
  });
  /** Prices in cents to 100,000 €, halves of a cent, negatives, and awkward doubles. */
  const amounts = [
    ...Array.from({ length: 20_000 }, (_, i) => i * 0.01),
    ...Array.from({ length: 2_000 }, (_, i) => i * 53.17),
    ...Array.from({ length: 2_000 }, (_, i) => i * 0.005),
    ...[
      1.005,
      2.675,
      1.255,
      0.145,
      1e6,
      99_999.995,
      123_456_789.12,
      -0,
      -0.004,
      -12.5,
      -1234.567,
      1e14 + 0.5,
    ],
  ];

  it('writes euros as Intl does', () => {
    const differing = amounts.filter((a) => formatEuros(a) !== intlEuros.format(a));
    expect(differing).toEqual([]);
    expect(formatEuros(1300)).toBe('1\u202f300,00\u00a0€');
  });

  it('writes counts and distances as Intl does', () => {
    const counts = [...Array.from({ length: 5_000 }, (_, i) => i * 37), 1_000, 10_000, 1_234_567, -2_000];
    expect(counts.filter((c) => formatCount(c) !== intlCount.format(c))).toEqual([]);
    for (let meters = 995; meters < 9_950; meters += 7) {
      const km = Math.round((meters / 1000) * 10) / 10;
      expect(formatDistance(meters)).toBe(`${intlOneDecimal.format(km)}\u00a0km`);
    }
  });

  it('writes every day of 1999 to 2031 as Intl does, « 1er » on the first of a month', () => {
    const differing: string[] = [];
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2032, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      const expected = intlDay.format(new Date(`${iso}T12:00:00+01:00`)).replace(/^(\S+ )1 /u, '$11er ');
      if (formatFrenchDay(iso) !== expected) differing.push(iso);
    }
    expect(differing).toEqual([]);
    expect(formatFrenchDay('2026-07-01')).toBe('mercredi 1er juillet');
  });
});
