import { describe, expect, it } from 'vitest';
import { addDays, addYears, msUntilNextParisMidnight, parisDay, parisWallClock } from './paris-time';

const at = (iso: string): Date => new Date(iso);
const HOUR = 3_600_000;

describe('parisDay', () => {
  it('turns to the next day at midnight Paris time in summer (UTC+2)', () => {
    expect(parisDay(at('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(parisDay(at('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
    expect(parisDay(at('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
  });

  it('turns to the next day at midnight Paris time in winter (UTC+1)', () => {
    expect(parisDay(at('2026-01-10T22:59:59Z'))).toBe('2026-01-10');
    expect(parisDay(at('2026-01-10T23:00:00Z'))).toBe('2026-01-11');
    expect(parisDay(at('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });

  it('answers each instant for its own minute, back and forth over midnight', () => {
    expect(parisDay(at('2026-01-10T22:59:00Z'))).toBe('2026-01-10');
    expect(parisDay(at('2026-01-10T23:00:00.001Z'))).toBe('2026-01-11');
    expect(parisDay(at('2026-01-10T22:59:59.999Z'))).toBe('2026-01-10');
    expect(parisDay(at('2026-01-10T22:59:01Z'))).toBe('2026-01-10');
  });

  it('turns at 23:50:39 UTC in the days of Paris mean time, within a UTC minute', () => {
    // Paris was 9 min 21 s ahead of UTC until 1911: one UTC minute holds the end of a day and the start of
    // the next, which the last answer kept for its minute must not hide.
    expect(parisDay(at('1900-01-01T23:50:30Z'))).toBe('1900-01-01');
    expect(parisDay(at('1900-01-01T23:50:45Z'))).toBe('1900-01-02');
    expect(parisDay(at('0001-01-01T12:00:00Z'))).toBe('0001-01-01');
  });
});

describe('addDays and addYears', () => {
  it('count calendar days over months, leap days and years below 100', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('0099-06-15', -50)).toBe('0049-06-15');
  });
});

describe('msUntilNextParisMidnight', () => {
  it('counts to the next Paris midnight in summer and in winter', () => {
    expect(msUntilNextParisMidnight(at('2026-07-14T21:00:00Z'))).toBe(HOUR);
    expect(msUntilNextParisMidnight(at('2026-07-14T22:00:00Z'))).toBe(24 * HOUR);
    expect(msUntilNextParisMidnight(at('2026-01-10T22:30:00Z'))).toBe(HOUR / 2);
    expect(msUntilNextParisMidnight(at('2026-01-10T23:00:00.001Z'))).toBe(24 * HOUR - 1);
  });

  it('counts a 23-hour day in March and a 25-hour day in October', () => {
    // Paris midnight starting 29 March 2026 is 23:00 UTC the day before; the next is 22:00 UTC on the 29th.
    expect(msUntilNextParisMidnight(at('2026-03-28T23:00:00Z'))).toBe(23 * HOUR);
    expect(msUntilNextParisMidnight(at('2026-10-24T22:00:00Z'))).toBe(25 * HOUR);
  });
});

describe('Paris time without Intl (issue 55)', () => {
  /** The wall clock of an instant in Paris as the time zone database says, through Intl (the reference). */
  const tzdata = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Paris',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  function tzdataWallClock(instant: number): number {
    const f: Record<string, number> = {};
    for (const part of tzdata.formatToParts(new Date(instant))) f[part.type] = Number(part.value);
    return Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!);
  }

  it('agrees with the time zone database every six hours and a second around each change, 1995 to 2100', () => {
    const differences: string[] = [];
    const check = (instant: number) => {
      if (parisWallClock(new Date(instant)).getTime() !== tzdataWallClock(instant)) {
        differences.push(new Date(instant).toISOString());
      }
    };
    let checked = 0;
    for (let t = Date.UTC(1995, 0, 1); t < Date.UTC(2101, 0, 1); t += 6 * 3_600_000) {
      check(t);
      checked += 1;
    }
    for (let year = 1995; year <= 2100; year += 1) {
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (const delta of [-3_600_000, -1000, 0, 1000, 3_600_000]) check(change + delta);
        checked += 5;
      }
    }
    expect(checked).toBeGreaterThan(150_000);
    expect(differences).toEqual([]);
  });

  it('makes no Intl object for a day, a midnight or a week time from 1996 to 2099', () => {
    const made: string[] = [];
    const real = Intl.DateTimeFormat;
    Intl.DateTimeFormat = new Proxy(real, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made.push(JSON.stringify(args));
        return Reflect.construct(target, args) as Intl.DateTimeFormat;
      },
    });
    try {
      const instant = new Date('2031-07-14T21:59:30Z');
      expect(parisDay(instant)).toBe('2031-07-14');
      expect(parisWallClock(instant).toISOString()).toBe('2031-07-14T23:59:30.000Z');
      expect(msUntilNextParisMidnight(instant)).toBe(30_000);
    } finally {
      Intl.DateTimeFormat = real;
    }
    expect(made).toEqual([]);
  });
});
