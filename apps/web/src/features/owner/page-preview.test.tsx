// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anEstablishment } from '../../test/factories';
import { renderPage } from '../../test/render';
import { toEstablishmentForm } from './establishment-form';
import { PagePreview, previewClosures } from './page-preview';

/*
 * Issue 48: « Aperçu de votre page » shows the closures as the public page does, and a closure ending today
 * says when the place opens again, today's row of the hours « Fermé exceptionnellement ».
 */

// Wednesday 2 December 2026, 10:00 in Paris.
const NOW = new Date('2026-12-02T09:00:00Z');
const LUNCHES = [2, 3, 4, 5, 6].map((day) => ({ day, opens: '12:00', closes: '14:30' }));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function preview(closures: { from: string; to: string | null; reason: string | null }[]) {
  const values = toEstablishmentForm(
    anEstablishment({ name: 'Le Comptoir', openingHours: LUNCHES, closures }) as never,
  );
  return renderPage(<PagePreview values={values} photo={null} />);
}

describe('the owner’s page preview', () => {
  it('says a closure ending today, when the place opens again, and closes today in the hours', async () => {
    preview([{ from: '2026-11-30', to: '2026-12-02', reason: 'Travaux' }]);
    const section = await screen.findByRole('region', { name: 'Aperçu de votre page' });
    expect(within(section).getByTestId('opening-status').textContent).toBe(
      'Fermé aujourd’hui, réouverture jeudi à 12 h',
    );
    expect(within(section).getByTestId('closure-reason').textContent).toBe('Travaux');
    const today = within(section).getByRole('row', { name: /mercredi/ });
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.textContent).toContain('Fermé exceptionnellement');
    expect(within(section).getByRole('row', { name: /jeudi/ }).textContent).toContain('12 h – 14 h 30');
  });

  it('announces a closure to come, as the public page does', async () => {
    preview([{ from: '2026-12-07', to: '2026-12-12', reason: null }]);
    const section = await screen.findByRole('region', { name: 'Aperçu de votre page' });
    expect(within(section).getByTestId('closure-announcement').textContent).toBe(
      'Fermeture prévue du lundi 7 au samedi 12 décembre',
    );
  });

  it('leaves out the rows still being typed', () => {
    const row = { from: '2026-12-07', to: '', untilFurtherNotice: false, reason: '' };
    expect(previewClosures([row, { ...row, from: '' }, { ...row, to: '2026-12-01' }])).toEqual([]);
    expect(previewClosures([{ ...row, untilFurtherNotice: true, reason: ' Vente ' }])).toEqual([
      { from: '2026-12-07', to: null, reason: 'Vente' },
    ]);
  });
});
