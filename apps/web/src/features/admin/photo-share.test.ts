import { describe, expect, it } from 'vitest';
import type { EstablishmentHistoryEntry } from '@tables-voisines/contract/schemas/establishment';
import { lastShareWasDryRun } from './photo-share';

const entry = (
  action: EstablishmentHistoryEntry['action'],
  facebookPost?: string,
): EstablishmentHistoryEntry => ({
  id: crypto.randomUUID(),
  at: '2026-11-27T10:00:00.000Z',
  action,
  actor: { role: 'admin', id: null, name: 'chef' },
  changes:
    facebookPost === undefined
      ? [{ field: 'name', from: 'A', to: 'B' }]
      : [
          { field: 'photo.isFacebookShared', from: false, to: true },
          { field: 'facebookPost', from: null, to: facebookPost },
        ],
});

describe('lastShareWasDryRun', () => {
  it('says a share that published nothing was a trial, whatever came after it', () => {
    expect(lastShareWasDryRun([entry('update'), entry('share', 'dry-run'), entry('create')])).toBe(true);
  });

  it('trusts the latest share: a real post after a trial is a real post, and the other way round', () => {
    expect(lastShareWasDryRun([entry('share', '1234_5678'), entry('share', 'dry-run')])).toBe(false);
    expect(lastShareWasDryRun([entry('share', 'dry-run'), entry('share', '1234_5678')])).toBe(true);
  });

  it('is no trial without any share, or before the history is read', () => {
    expect(lastShareWasDryRun([entry('update')])).toBe(false);
    expect(lastShareWasDryRun(undefined)).toBe(false);
  });
});
