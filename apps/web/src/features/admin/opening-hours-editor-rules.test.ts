import { describe, expect, it } from 'vitest';
import { flattenHours, hoursByDay, parseFrenchTime, rangeIndexesByDay } from './opening-hours-editor-rules';

describe('parseFrenchTime', () => {
  it.each([
    ['9h', '09:00'],
    ['9 h 30', '09:30'],
    ['21h05', '21:05'],
    ['09:30', '09:30'],
    ['9.30', '09:30'],
    ['0930', '09:30'],
    ['2100', '21:00'],
    ['7', '07:00'],
    [' 12H ', '12:00'],
    ['24h', '00:00'],
    ['0:00', '00:00'],
  ])('reads %j as %s', (text, expected) => {
    expect(parseFrenchTime(text)).toBe(expected);
  });

  it.each(['', 'midi', '25h', '12h60', '9h3', '12:345', '24h30', '-1'])('refuses %j', (text) => {
    expect(parseFrenchTime(text)).toBeNull();
  });
});

describe('hoursByDay / flattenHours', () => {
  const hours = [
    { day: 2, opens: '19:00', closes: '23:00' },
    { day: 2, opens: '12:00', closes: '14:30' },
    { day: 7, opens: '18:00', closes: '01:00' },
  ];

  it('lists the seven days, ranges sorted by opening time', () => {
    const days = hoursByDay(hours);
    expect(days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days[0]!.ranges).toEqual([]);
    expect(days[1]!.ranges).toEqual([
      { opens: '12:00', closes: '14:30' },
      { opens: '19:00', closes: '23:00' },
    ]);
    expect(days[6]!.ranges).toEqual([{ opens: '18:00', closes: '01:00' }]);
  });

  it('gives back the same entries', () => {
    expect(flattenHours(hoursByDay(hours))).toEqual([
      { day: 2, opens: '12:00', closes: '14:30' },
      { day: 2, opens: '19:00', closes: '23:00' },
      { day: 7, opens: '18:00', closes: '01:00' },
    ]);
    expect(hoursByDay(null).every((d) => d.ranges.length === 0)).toBe(true);
  });
});

describe('rangeIndexesByDay', () => {
  it('gives the index in the list of each range, in the order the days show them', () => {
    const hours = [
      { day: 3, opens: '19:00', closes: '22:00' },
      { day: 1, opens: '12:00', closes: '14:00' },
      { day: 3, opens: '12:00', closes: '14:00' },
    ];
    expect(rangeIndexesByDay(hours)).toEqual([[1], [], [2, 0], [], [], [], []]);
    expect(hoursByDay(hours)[2]?.ranges.map((r) => r.opens)).toEqual(['12:00', '19:00']);
  });
});
