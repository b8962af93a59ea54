import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, changeText } from './history-text';

describe('a handled report in the history', () => {
  const admin = { role: 'admin' } as const;
  const owner = { role: 'restaurant-owner', ownerId: null } as const;

  it('says which report and what the team did with it, in French', () => {
    const change = (status: string) => ({
      field: 'report',
      from: { status: 'open', reason: 'hours' },
      to: { status, reason: 'hours' },
    });
    expect(changeText(change('resolved'), admin)).toBe('Signalement « Horaires erronés » marqué corrigé');
    expect(changeText(change('dismissed'), owner)).toBe('Signalement « Horaires erronés » écarté');
    expect(ACTION_LABELS.report).toBe('Signalement traité');
    const reopened = {
      field: 'report',
      from: { status: 'resolved', reason: 'hours' },
      to: { status: 'open', reason: 'hours' },
    };
    expect(changeText(reopened, admin)).toBe('Signalement « Horaires erronés » rouvert');
  });

  it('reads an entry that keeps the status alone', () => {
    expect(changeText({ field: 'report', from: 'open', to: 'resolved' }, admin)).toBe(
      'Signalement marqué corrigé',
    );
    expect(
      changeText({ field: 'report', from: null, to: { status: 'dismissed', reason: 'toString' } }, admin),
    ).toBe('Signalement écarté');
  });
});
