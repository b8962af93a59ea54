import { describe, expect, it } from 'vitest';
import {
  activeClosure,
  closureAnnouncementText,
  closureStatusText,
  currentAndFutureClosures,
  formatFrenchDate,
  isClosedOn,
  upcomingClosure,
  verifiedText,
  type Closure,
} from './closures';
import { describeOpeningStatus, openingStatus } from './opening-hours';

const closure = (from: string, to: string | null, reason: string | null = null): Closure => ({
  from,
  to,
  reason,
});

// 2026-08-15 is a Saturday; Paris is UTC+2 in August, UTC+1 in November.
const summer = closure('2026-08-03', '2026-08-15', 'Congés annuels');
/** Lunch on weekdays, a late evening on Saturdays running to 02:00. */
const hours = [
  ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '12:00', closes: '14:30' })),
  { day: 6, opens: '19:00', closes: '02:00' },
];

describe('French dates', () => {
  it('says the weekday, the day and the month, the year only when it is not this year', () => {
    expect(formatFrenchDate('2026-08-15', '2026-07-01')).toBe('samedi 15 août');
    expect(formatFrenchDate('2026-06-01', '2026-05-20')).toBe('lundi 1er juin');
    expect(formatFrenchDate('2027-01-07', '2026-12-20')).toBe('jeudi 7 janvier 2027');
    expect(formatFrenchDate('2025-12-31', '2026-01-02')).toBe('mercredi 31 décembre 2025');
  });

  it('says a closure in progress, with its last day or without one', () => {
    expect(closureStatusText(summer, '2026-08-10')).toBe('Fermé exceptionnellement jusqu’au samedi 15 août');
    expect(closureStatusText(closure('2026-08-03', null, 'Travaux'), '2026-08-10')).toBe(
      'Fermé exceptionnellement',
    );
    expect(closureStatusText(closure('2026-12-20', '2027-01-07'), '2026-12-24')).toBe(
      'Fermé exceptionnellement jusqu’au jeudi 7 janvier 2027',
    );
  });

  it('announces a closure to come, its reason in parentheses', () => {
    expect(closureAnnouncementText(summer, '2026-07-25')).toBe(
      'Fermeture prévue du lundi 3 au samedi 15 août (Congés annuels)',
    );
    expect(closureAnnouncementText(closure('2026-08-03', '2026-08-15'), '2026-07-25')).toBe(
      'Fermeture prévue du lundi 3 au samedi 15 août',
    );
    expect(closureAnnouncementText(closure('2026-08-03', null), '2026-07-25')).toBe(
      'Fermeture prévue à partir du lundi 3 août',
    );
    expect(closureAnnouncementText(closure('2026-07-27', '2026-08-15'), '2026-07-20')).toBe(
      'Fermeture prévue du lundi 27 juillet au samedi 15 août',
    );
    expect(closureAnnouncementText(closure('2026-12-28', '2027-01-02'), '2026-12-20')).toBe(
      'Fermeture prévue du lundi 28 décembre au samedi 2 janvier 2027',
    );
    expect(closureAnnouncementText(closure('2026-09-01', '2026-09-01', ' Inventaire '), '2026-08-25')).toBe(
      'Fermeture prévue le mardi 1er septembre (Inventaire)',
    );
  });

  it('says when the information was verified, on the Paris day', () => {
    expect(verifiedText('2026-11-03T10:00:00.000Z')).toBe('Informations vérifiées le 3 novembre 2026');
    // 23:30 UTC on 30 November is 00:30 on 1 December in Paris.
    expect(verifiedText('2026-11-30T23:30:00.000Z')).toBe('Informations vérifiées le 1er décembre 2026');
    expect(verifiedText(null)).toBeNull();
  });

  it('keeps the closures in progress or to come', () => {
    const past = closure('2026-07-01', '2026-07-14');
    const open = closure('2026-06-01', null);
    expect(currentAndFutureClosures([past, summer, open], '2026-08-15')).toEqual([summer, open]);
    expect(currentAndFutureClosures([past, summer, open], '2026-08-16')).toEqual([open]);
  });
});

describe('a closure ending today (issue 48)', () => {
  // Wednesday 2 December 2026, 10:00 in Paris; lunch from Tuesday to Saturday.
  const wednesday = new Date('2026-12-02T09:00:00Z');
  const lunches = [2, 3, 4, 5, 6].map((day) => ({ day, opens: '12:00', closes: '14:30' }));

  it('says it is closed today and when it opens again, from its hours', () => {
    const status = openingStatus(lunches, wednesday, [closure('2026-11-30', '2026-12-02')]);
    expect(status.reopensAt).toEqual({ day: 4, time: '12:00' });
    expect(describeOpeningStatus(status, wednesday)).toBe('Fermé aujourd’hui, réouverture jeudi à 12 h');
  });

  it('skips the days it never opens, and a week or more away gives the date', () => {
    const mondays = [{ day: 1, opens: '19:00', closes: '23:00' }];
    const status = openingStatus(mondays, wednesday, [closure('2026-12-01', '2026-12-02')]);
    expect(describeOpeningStatus(status, wednesday)).toBe('Fermé aujourd’hui, réouverture lundi à 19 h');
    const weekly = [{ day: 3, opens: '12:00', closes: '14:00' }];
    const again = openingStatus(weekly, wednesday, [closure('2026-12-02', '2026-12-02')]);
    expect(describeOpeningStatus(again, wednesday)).toBe(
      'Fermé aujourd’hui, réouverture le mercredi 9 décembre à 12 h',
    );
  });

  it('says the next closure when another starts tomorrow, and « Fermé aujourd’hui » without hours', () => {
    const next = closure('2026-12-03', '2026-12-05');
    const status = openingStatus(lunches, wednesday, [closure('2026-11-30', '2026-12-02'), next]);
    expect(describeOpeningStatus(status, wednesday)).toBe(
      'Fermé exceptionnellement jusqu’au samedi 5 décembre',
    );
    const none = openingStatus([], wednesday, [closure('2026-11-30', '2026-12-02')]);
    expect(describeOpeningStatus(none, wednesday)).toBe('Fermé aujourd’hui');
  });
});

describe('open now, with closures', () => {
  it('is closed until the last minute of the last day in Paris, not a minute more (summer time)', () => {
    // Saturday 15 August 23:59 in Paris: the evening would be open, the closure's last day is not over.
    const lastMinute = new Date('2026-08-15T21:59:00Z');
    expect(isClosedOn([summer], lastMinute)).toBe(true);
    // Its last day: the reopening, the Saturday evening that runs on past midnight (issue 48).
    expect(openingStatus(hours, lastMinute, [summer])).toEqual({
      open: false,
      closure: summer,
      reopensAt: { day: 7, time: '00:00' },
    });
    expect(describeOpeningStatus(openingStatus(hours, lastMinute, [summer]), lastMinute)).toBe(
      'Fermé aujourd’hui, réouverture dimanche à 0 h',
    );
    const friday = new Date('2026-08-14T10:00:00Z');
    expect(describeOpeningStatus(openingStatus(hours, friday, [summer]), friday)).toBe(
      'Fermé exceptionnellement jusqu’au samedi 15 août',
    );
    // Sunday 16 August 00:00: the closure is over, and the Saturday evening is still running.
    const midnight = new Date('2026-08-15T22:00:00Z');
    expect(isClosedOn([summer], midnight)).toBe(false);
    expect(openingStatus(hours, midnight, [summer])).toEqual({ open: true, closesAt: '02:00' });
  });

  it('ends a closure at midnight in Paris in winter time too (UTC+1)', () => {
    const saturday = closure('2026-11-16', '2026-11-21');
    expect(openingStatus(hours, new Date('2026-11-21T22:59:00Z'), [saturday]).open).toBe(false);
    expect(openingStatus(hours, new Date('2026-11-21T23:00:00Z'), [saturday])).toEqual({
      open: true,
      closesAt: '02:00',
    });
  });

  it('ends a closure at midnight on the night the clocks go back', () => {
    // Saturday 24 October 2026, the night summer time ends: Paris is still UTC+2 at midnight.
    const october = closure('2026-10-19', '2026-10-24');
    expect(openingStatus(hours, new Date('2026-10-24T21:59:00Z'), [october]).open).toBe(false);
    expect(openingStatus(hours, new Date('2026-10-24T22:00:00Z'), [october]).open).toBe(true);
  });

  it('opens a day the closure starts on not at all, even in its weekly hours', () => {
    // Monday 3 August 12:30 in Paris, lunch time.
    const lunch = new Date('2026-08-03T10:30:00Z');
    expect(openingStatus(hours, lunch).open).toBe(true);
    expect(openingStatus(hours, lunch, [summer])).toEqual({ open: false, closure: summer });
  });

  it('closes an evening at midnight when the next day is closed', () => {
    // Saturday 1 August 22:00 in Paris: open till 02:00, but Sunday 2 August is closed.
    const evening = new Date('2026-08-01T20:00:00Z');
    expect(openingStatus(hours, evening, [closure('2026-08-02', '2026-08-15')])).toEqual({
      open: true,
      closesAt: '00:00',
    });
    expect(openingStatus(hours, evening, [summer])).toEqual({ open: true, closesAt: '02:00' });
  });

  it('gives the next opening after the closure, with its date when a week or more away', () => {
    // Saturday 1 August 14:00 in Paris: the weekday lunches of 3-15 August are skipped.
    const saturday = new Date('2026-08-01T12:00:00Z');
    const status = openingStatus(hours, saturday, [summer]);
    expect(status).toEqual({ open: false, opensAt: { day: 6, time: '19:00' } });
    // Weekday lunches only: from Sunday 2 August the next one is Monday 17.
    const lunches = hours.filter((h) => h.day <= 5);
    const sunday = new Date('2026-08-02T08:00:00Z');
    expect(openingStatus(lunches, sunday, [summer])).toEqual({
      open: false,
      opensAt: { day: 1, time: '12:00', date: '2026-08-17' },
    });
    expect(describeOpeningStatus(openingStatus(lunches, sunday, [summer]), sunday)).toBe(
      'Fermé · ouvre le lundi 17 août à 12 h',
    );
    // A short closure: the weekday is enough.
    const tuesday = closure('2026-08-04', '2026-08-04');
    expect(openingStatus(hours, new Date('2026-08-03T13:00:00Z'), [tuesday])).toEqual({
      open: false,
      opensAt: { day: 3, time: '12:00' },
    });
  });

  it('reads overlapping closures as one, the longest one said', () => {
    const first = closure('2026-08-03', '2026-08-10');
    const second = closure('2026-08-08', '2026-08-20', 'Travaux');
    const ninth = new Date('2026-08-09T10:00:00Z');
    expect(activeClosure([first, second], '2026-08-09')).toBe(second);
    expect(openingStatus(hours, ninth, [first, second])).toEqual({ open: false, closure: second });
    expect(describeOpeningStatus(openingStatus(hours, ninth, [first, second]), ninth)).toBe(
      'Fermé exceptionnellement jusqu’au jeudi 20 août',
    );
    // From Sunday 2 August: Monday 3 falls in the first, 11 August in the second, Friday 21 is open.
    const lunches = hours.filter((h) => h.day <= 5);
    expect(openingStatus(lunches, new Date('2026-08-02T08:00:00Z'), [first, second])).toEqual({
      open: false,
      opensAt: { day: 5, time: '12:00', date: '2026-08-21' },
    });
  });

  it('is closed until further notice with `to: null`, now and from the day it starts', () => {
    const forever = closure('2026-08-03', null, 'Travaux');
    const later = new Date('2027-03-01T11:00:00Z');
    expect(openingStatus(hours, later, [forever])).toEqual({ open: false, closure: forever });
    expect(describeOpeningStatus(openingStatus(hours, later, [forever]), later)).toBe(
      'Fermé exceptionnellement',
    );
    // Before it starts: no opening to announce past it.
    expect(openingStatus(hours, new Date('2026-08-02T08:00:00Z'), [forever])).toEqual({ open: false });
    // Announced from 14 days before.
    expect(upcomingClosure([forever], '2026-07-20')).toBe(forever);
    expect(upcomingClosure([forever], '2026-07-19')).toBeNull();
  });

  it('says a closure even without weekly hours, and ignores past ones', () => {
    const now = new Date('2026-08-10T10:00:00Z');
    expect(openingStatus([], now, [summer])).toEqual({ open: false, closure: summer });
    const past = closure('2026-07-01', '2026-07-14');
    expect(openingStatus(hours, now, [past])).toEqual(openingStatus(hours, now));
    expect(openingStatus(hours, now, [past]).open).toBe(true);
  });

  it('opens again at 00:00 the day after a closure when an evening runs through midnight', () => {
    // Closed on Saturday 8 August only; Friday 7 at 15:00 the next opening is Sunday 00:00, the evening
    // that began on Saturday being still on.
    const saturdayOnly = closure('2026-08-08', '2026-08-08');
    expect(openingStatus(hours, new Date('2026-08-07T13:00:00Z'), [saturdayOnly])).toEqual({
      open: false,
      opensAt: { day: 7, time: '00:00' },
    });
  });
});
