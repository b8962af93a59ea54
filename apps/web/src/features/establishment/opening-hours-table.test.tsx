import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OpeningHoursTable } from './opening-hours-table';

describe('the week’s opening hours on a page', () => {
  // Friday 4 December 2026, noon in Paris.
  const now = new Date('2026-12-04T11:00:00Z');
  const hours = [
    { day: 5, opens: '12:00', closes: '14:00' },
    { day: 5, opens: '19:00', closes: '21:30' },
    { day: 6, opens: '07:30', closes: '00:00' },
  ];

  it('keeps each slot on one line and breaks only between slots', () => {
    const html = renderToStaticMarkup(<OpeningHoursTable hours={hours} now={now} />);
    const friday = /<th scope="row">vendredi.*?<\/tr>/s.exec(html)?.[0] ?? '';
    expect(friday).toContain('<span class="tv-nowrap">12 h – 14 h</span>');
    expect(friday).toContain('<span class="tv-nowrap">19 h – 21 h 30</span>');
  });

  it('says « minuit » for a slot ending at midnight, and « Fermé » for a day without slots', () => {
    const html = renderToStaticMarkup(<OpeningHoursTable hours={hours} now={now} />);
    expect(html).toContain('7 h 30 – minuit');
    expect(html).not.toContain('0 h<');
    expect(/<th scope="row">lundi<\/th><td>Fermé<\/td>/.test(html)).toBe(true);
  });
});
