import { describe, expect, it } from 'vitest';
import { hiddenPageText } from './hidden-page-notice';

describe('the hidden page notice', () => {
  it('says since when and why the team hid the page, in French', () => {
    expect(
      hiddenPageText(
        {
          disabled: true,
          disabledAt: '2026-11-26T20:22:00.000Z',
          disabledReason: 'Fermeture définitive signalée.',
        },
        'Tables Voisines',
      ),
    ).toEqual({
      since: 'L’équipe Tables Voisines l’a masquée le jeudi 26 novembre 2026 à 21 h 22',
      reason: 'Fermeture définitive signalée.',
    });
    expect(
      hiddenPageText({ disabled: true, disabledAt: null, disabledReason: '  ' }, 'Tables Voisines'),
    ).toEqual({
      since: 'L’équipe Tables Voisines l’a masquée',
      reason: null,
    });
    expect(
      hiddenPageText({ disabled: false, disabledAt: null, disabledReason: null }, 'Tables Voisines'),
    ).toBeNull();
  });
});
