import { describe, expect, it } from 'vitest';
import {
  describeOpeningStatus,
  findOverlappingHours,
  formatFrenchEndTime,
  formatFrenchTime,
  formatTimeRange,
  openingStatus,
  parisWeekTime,
} from './opening-hours';

// 2025-11-21 is a Friday (day 5); Paris is UTC+1 in November, UTC+2 in July.
const paris = (isoLocal: string, offset = '+01:00') => new Date(`${isoLocal}${offset}`);

const lunchAndDinner = [
  { day: 5, opens: '12:00', closes: '14:30' },
  { day: 5, opens: '19:00', closes: '23:00' },
  { day: 6, opens: '19:00', closes: '02:00' },
];

describe('parisWeekTime', () => {
  it('reads the day and time in Europe/Paris, whatever the machine time zone', () => {
    expect(parisWeekTime(new Date('2025-11-21T23:30:00Z'))).toEqual({ day: 6, minutes: 30 });
    expect(parisWeekTime(new Date('2025-07-06T22:15:00Z'))).toEqual({ day: 1, minutes: 15 });
  });

  it('answers each instant for its own minute, across the clock change and back and forth', () => {
    // 29 March 2026: at 01:00 UTC Paris goes from 01:59 (UTC+1) to 03:00 (UTC+2).
    const at = (iso: string) => parisWeekTime(new Date(iso));
    expect(at('2026-03-29T00:59:00Z')).toEqual({ day: 7, minutes: 119 });
    expect(at('2026-03-29T00:59:59.999Z')).toEqual({ day: 7, minutes: 119 });
    expect(at('2026-03-29T01:00:00Z')).toEqual({ day: 7, minutes: 180 });
    expect(at('2026-03-29T00:59:30Z')).toEqual({ day: 7, minutes: 119 });
    // A Sunday 23:59 then the Monday after, in Paris (UTC+1 in November).
    expect(at('2026-11-22T22:59:10Z')).toEqual({ day: 7, minutes: 1439 });
    expect(at('2026-11-22T23:00:00Z')).toEqual({ day: 1, minutes: 0 });
    // An answer changed by its caller does not change the next one.
    const first = at('2026-11-22T23:00:05Z');
    first.day = 4;
    expect(at('2026-11-22T23:00:06Z')).toEqual({ day: 1, minutes: 0 });
  });
});

describe('openingStatus', () => {
  it('is open during a slot, with its closing time', () => {
    expect(openingStatus(lunchAndDinner, paris('2025-11-21T13:00'))).toEqual({
      open: true,
      closesAt: '14:30',
    });
  });

  it('is closed between two slots, with the next opening the same day', () => {
    expect(openingStatus(lunchAndDinner, paris('2025-11-21T15:00'))).toEqual({
      open: false,
      opensAt: { day: 5, time: '19:00' },
    });
  });

  it('closes at the closing minute and opens at the opening minute', () => {
    expect(openingStatus(lunchAndDinner, paris('2025-11-21T14:30')).open).toBe(false);
    expect(openingStatus(lunchAndDinner, paris('2025-11-21T12:00')).open).toBe(true);
  });

  it('runs past midnight when it closes earlier than it opens', () => {
    expect(openingStatus(lunchAndDinner, paris('2025-11-23T01:30'))).toEqual({
      open: true,
      closesAt: '02:00',
    });
    expect(openingStatus(lunchAndDinner, paris('2025-11-23T02:00')).open).toBe(false);
  });

  it('runs past Sunday midnight into Monday', () => {
    const sunday = [{ day: 7, opens: '20:00', closes: '01:00' }];
    expect(openingStatus(sunday, paris('2025-11-24T00:30'))).toEqual({ open: true, closesAt: '01:00' });
    expect(openingStatus(sunday, paris('2025-11-24T02:00'))).toEqual({
      open: false,
      opensAt: { day: 7, time: '20:00' },
    });
  });

  it('treats a closing at 00:00 as midnight and joins a slot that goes on after midnight', () => {
    const late = [
      { day: 5, opens: '18:00', closes: '00:00' },
      { day: 6, opens: '00:00', closes: '03:00' },
    ];
    expect(openingStatus(late, paris('2025-11-21T23:00'))).toEqual({ open: true, closesAt: '03:00' });
  });

  it('finds the next opening in the following week', () => {
    const mondayLunch = [{ day: 1, opens: '12:00', closes: '14:00' }];
    expect(openingStatus(mondayLunch, paris('2025-11-21T13:00'))).toEqual({
      open: false,
      opensAt: { day: 1, time: '12:00' },
    });
  });

  it('is closed with no next opening when there are no hours', () => {
    expect(openingStatus([], paris('2025-11-21T13:00'))).toEqual({ open: false });
  });

  it('follows summer time', () => {
    expect(openingStatus(lunchAndDinner, new Date('2025-07-04T10:30:00Z')).open).toBe(true);
    expect(openingStatus(lunchAndDinner, new Date('2025-07-04T12:45:00Z')).open).toBe(false);
  });
});

describe('French wording', () => {
  it('writes times the French way', () => {
    expect(formatFrenchTime('14:30')).toBe('14 h 30');
    expect(formatFrenchTime('09:05')).toBe('9 h 05');
    expect(formatFrenchTime('12:00')).toBe('12 h');
    expect(formatFrenchTime('00:00')).toBe('0 h');
    expect(formatFrenchTime('00:30')).toBe('0 h 30');
    expect(formatFrenchEndTime('00:00')).toBe('minuit');
    expect(formatFrenchEndTime('24:00')).toBe('minuit');
    expect(formatFrenchEndTime('23:30')).toBe('23 h 30');
    expect(formatTimeRange({ opens: '19:30', closes: '00:00' })).toBe('19 h 30 – minuit');
  });

  it.each([
    ['2025-11-21T13:00', 'Ouvert maintenant · ferme à 14 h 30'],
    ['2025-11-21T15:00', 'Fermé · ouvre à 19 h'],
    ['2025-11-21T23:30', 'Fermé · ouvre demain à 19 h'],
    ['2025-11-23T12:00', 'Fermé · ouvre vendredi à 12 h'],
  ])('describes the status at %s (Paris) in a short sentence: %s', (local, sentence) => {
    const at = paris(local);
    expect(describeOpeningStatus(openingStatus(lunchAndDinner, at), at)).toBe(sentence);
  });

  it('says « ferme à minuit », not « 0 h »', () => {
    const evening = [{ day: 5, opens: '19:00', closes: '00:00' }];
    const at = paris('2025-11-21T22:00');
    expect(describeOpeningStatus(openingStatus(evening, at), at)).toBe('Ouvert maintenant · ferme à minuit');
  });

  it('says just « Fermé » when closed with no next opening', () => {
    expect(describeOpeningStatus({ open: false }, paris('2025-11-21T13:00'))).toBe('Fermé');
  });
});

describe('findOverlappingHours', () => {
  const range = (day: number, opens: string, closes: string) => ({ day, opens, closes });

  it('finds nothing in lunch and dinner, ranges that only touch, or an evening past midnight', () => {
    expect(findOverlappingHours(lunchAndDinner)).toEqual([]);
    expect(findOverlappingHours([range(1, '12:00', '14:00'), range(1, '14:00', '18:00')])).toEqual([]);
    // Monday past midnight, then Tuesday from 2 a.m.; Sunday past midnight, then Monday at noon.
    expect(
      findOverlappingHours([
        range(1, '19:00', '02:00'),
        range(2, '02:00', '14:00'),
        range(7, '20:00', '01:00'),
      ]),
    ).toEqual([]);
    // Early on Monday is not Monday evening: the evening range runs into Tuesday.
    expect(findOverlappingHours([range(1, '18:00', '01:00'), range(1, '00:30', '02:00')])).toEqual([]);
  });

  it('names the range that opens while another of the same day is open, whatever the order', () => {
    expect(findOverlappingHours([range(1, '12:00', '14:00'), range(1, '13:00', '22:00')])).toEqual([
      { index: 1, other: 0, sameDay: true },
    ]);
    expect(findOverlappingHours([range(1, '13:00', '22:00'), range(1, '12:00', '14:00')])).toEqual([
      { index: 0, other: 1, sameDay: true },
    ]);
    // Inside another one, or opening at the same time: the second of the pair.
    expect(findOverlappingHours([range(3, '08:00', '23:00'), range(3, '12:00', '14:00')])).toEqual([
      { index: 1, other: 0, sameDay: true },
    ]);
    expect(findOverlappingHours([range(3, '12:00', '14:00'), range(3, '12:00', '13:00')])).toEqual([
      { index: 1, other: 0, sameDay: true },
    ]);
    // Closing at midnight runs to the end of the day.
    expect(findOverlappingHours([range(5, '19:00', '00:00'), range(5, '23:00', '23:30')])).toEqual([
      { index: 1, other: 0, sameDay: true },
    ]);
  });

  it('counts a range past midnight into the next day, Sunday night into Monday', () => {
    expect(findOverlappingHours([range(5, '19:00', '02:00'), range(6, '01:00', '03:00')])).toEqual([
      { index: 1, other: 0, sameDay: false },
    ]);
    expect(findOverlappingHours([range(1, '00:00', '03:00'), range(7, '22:00', '01:00')])).toEqual([
      { index: 0, other: 1, sameDay: false },
    ]);
  });
});
