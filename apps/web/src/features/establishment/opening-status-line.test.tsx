import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OpeningStatusLine, WithWholeTimes } from './opening-status-line';

describe('the opening status line', () => {
  it('keeps every time whole, the text unchanged', () => {
    const html = renderToStaticMarkup(
      <WithWholeTimes text="Fermé aujourd’hui, réouverture vendredi à 11 h 45" />,
    );
    expect(html).toBe('Fermé aujourd’hui, réouverture vendredi à <span class="tv-nowrap">11 h 45</span>');
    expect(renderToStaticMarkup(<WithWholeTimes text="Fermé · ouvre à 9 h, ferme à minuit" />)).toBe(
      'Fermé · ouvre à <span class="tv-nowrap">9 h</span>, ferme à minuit',
    );
  });

  it('says a closure ending today with the reopening time whole (a phone broke « 11 h / 45 »)', () => {
    // Thursday 3 December 2026, 10:00 in Paris; open Friday from 11:45.
    const now = new Date('2026-12-03T09:00:00Z');
    const html = renderToStaticMarkup(
      <OpeningStatusLine
        hours={[{ day: 5, opens: '11:45', closes: '14:30' }]}
        closures={[{ from: '2026-12-03', to: '2026-12-03', reason: 'Travaux' }]}
        now={now}
      />,
    );
    expect(html).toContain(
      'Fermé aujourd’hui, réouverture vendredi à <span class="tv-nowrap">11 h 45</span>',
    );
  });
});
