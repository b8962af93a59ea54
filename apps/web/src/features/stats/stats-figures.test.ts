import { describe, expect, it } from 'vitest';
import type { EstablishmentStats, StatDay } from '@tables-voisines/contract/schemas/stats';
import { changeText, isEmpty, longDay, periodFigures, shortDay, statsRange } from './stats-figures';

/* « Statistiques » (issue 53): the period read with the one before it, and how each total moved, in words. */

const day = (date: string, counts: Partial<StatDay> = {}): StatDay => ({
  date,
  view: 0,
  phone: 0,
  directions: 0,
  website: 0,
  share: 0,
  qr: 0,
  ...counts,
});

describe('the range read', () => {
  it('is twice the period, ending today, in Paris days', () => {
    expect(statsRange('2026-12-04', 7)).toEqual({ from: '2026-11-21', to: '2026-12-04' });
    expect(statsRange('2026-12-04', 30)).toEqual({ from: '2026-10-06', to: '2026-12-04' });
    expect(statsRange('2026-03-01', 90)).toEqual({ from: '2025-09-03', to: '2026-03-01' });
  });
});

describe('the figures of a period', () => {
  it('are its last days, their totals, and the period before’s totals', () => {
    const stats: EstablishmentStats = {
      from: '2026-11-27',
      to: '2026-12-04',
      totals: { view: 0, phone: 0, directions: 0, website: 0, share: 0, qr: 0 },
      days: [
        day('2026-11-27', { view: 1 }),
        day('2026-11-28', { view: 2, phone: 1 }),
        day('2026-11-29'),
        day('2026-11-30', { share: 5 }),
        day('2026-12-01', { view: 4, qr: 3 }),
        day('2026-12-02'),
        day('2026-12-03', { view: 1, directions: 2 }),
        day('2026-12-04', { view: 3, phone: 2, website: 1 }),
      ],
    };
    // A period of 4 days here is enough to see the split (the screens ask 7, 30 or 90).
    const figures = periodFigures(stats, 4 as 7);
    expect(figures.days.map((d) => d.date)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    expect(figures.totals).toEqual({ view: 8, phone: 2, directions: 2, website: 1, share: 0, qr: 3 });
    expect(figures.previous).toEqual({ view: 3, phone: 1, directions: 0, website: 0, share: 5, qr: 0 });
    expect(isEmpty(figures.totals)).toBe(false);
    expect(isEmpty({ view: 0, phone: 0, directions: 0, website: 0, share: 0, qr: 0 })).toBe(true);
  });
});

describe('how a total moved', () => {
  it('says the change in per cent against the period before', () => {
    expect(changeText(112, 100, 30)).toBe('+12\u202f% par rapport aux 30 jours précédents');
    expect(changeText(45, 60, 7)).toBe('−25\u202f% par rapport aux 7 jours précédents');
    expect(changeText(0, 8, 90)).toBe('−100\u202f% par rapport aux 90 jours précédents');
    expect(changeText(40, 2, 30)).toBe('+1\u202f900\u202f% par rapport aux 30 jours précédents');
  });

  it('is « stable » when it did not move (to the per cent), « nouveau » when there was nothing before', () => {
    expect(changeText(10, 10, 30)).toBe('stable');
    expect(changeText(1001, 1000, 30)).toBe('stable');
    expect(changeText(0, 0, 7)).toBe('stable');
    expect(changeText(3, 0, 7)).toBe('nouveau');
  });
});

describe('a day on the chart’s axis', () => {
  it('is short, in French', () => {
    expect(shortDay('2026-12-02')).toBe('2 déc.');
    expect(shortDay('2026-07-14')).toBe('14 juil.');
    // The first of a month is « 1er » on the axis and in the table (« mardi 1 décembre » before).
    expect(shortDay('2026-12-01')).toBe('1er déc.');
    expect(longDay('2026-12-01')).toBe('mardi 1er décembre');
    expect(longDay('2026-12-02')).toBe('mercredi 2 décembre');
  });
});
