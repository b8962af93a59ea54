import { describe, expect, it } from 'vitest';
import {
  closureSentence,
  formatFrenchDate,
  monthsBefore,
  shouldPromptVerification,
  verifiedText,
} from './freshness';

describe('the freshness of a page', () => {
  it('says the day of the last verification in Paris, or that there was none', () => {
    expect(verifiedText('2026-11-03T10:00:00.000Z')).toBe('Informations vérifiées le 3 novembre 2026');
    // 23:30 UTC on 31 July is already 1 August in Paris.
    expect(formatFrenchDate('2026-07-31T23:30:00.000Z')).toBe('1er août 2026');
    expect(verifiedText(null)).toBe('Informations jamais vérifiées');
  });

  it('asks to verify a page unverified for more than 60 days, counting from its creation', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(shouldPromptVerification({ verifiedAt: null, createdAt: '2026-11-20T10:00:00Z' }, now)).toBe(
      false,
    );
    expect(shouldPromptVerification({ verifiedAt: null, createdAt: '2026-09-01T10:00:00Z' }, now)).toBe(true);
    expect(
      shouldPromptVerification(
        { verifiedAt: '2026-10-01T10:00:00Z', createdAt: '2025-01-01T10:00:00Z' },
        now,
      ),
    ).toBe(false);
    expect(
      shouldPromptVerification(
        { verifiedAt: '2026-09-27T11:00:00Z', createdAt: '2025-01-01T10:00:00Z' },
        now,
      ),
    ).toBe(true);
  });

  it('counts six months back to the same day, or the last day of a shorter month', () => {
    expect(monthsBefore('2026-11-27', 6)).toBe('2026-05-27');
    expect(monthsBefore('2026-03-15', 6)).toBe('2025-09-15');
    expect(monthsBefore('2026-08-31', 6)).toBe('2026-02-28');
    expect(monthsBefore('2028-08-31', 6)).toBe('2028-02-29');
  });

  it('writes a closure in a sentence for read-only screens', () => {
    expect(closureSentence({ from: '2026-08-03', to: '2026-08-15', reason: 'Congés annuels' })).toBe(
      'Du 3 au 15 août 2026 (Congés annuels)',
    );
    expect(closureSentence({ from: '2026-09-01', to: null, reason: null })).toBe(
      'À partir du 1er septembre 2026, jusqu’à nouvel ordre',
    );
    expect(closureSentence({ from: '2026-12-25', to: '2026-12-25', reason: null })).toBe(
      'Le 25 décembre 2026',
    );
  });
});
