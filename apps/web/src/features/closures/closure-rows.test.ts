import { describe, expect, it } from 'vitest';
import { ClosuresBodySchema } from '@tables-voisines/contract/schemas/establishment';
import {
  MISSING_FROM,
  MISSING_TO,
  canAddClosure,
  closureRowErrors,
  closureValuesOf,
  closuresBody,
  isPastClosure,
  newClosureRow,
  splitClosureRows,
  toClosureRows,
  withClosureRowErrors,
  withUntilFurtherNotice,
  type ClosureRow,
} from './closure-rows';

const row = (overrides: Partial<ClosureRow> = {}): ClosureRow => ({
  from: '2026-08-03',
  to: '2026-08-15',
  untilFurtherNotice: false,
  reason: '',
  ...overrides,
});

describe('the closures of a form', () => {
  it('shows a closure without an end as « Jusqu’à nouvel ordre », its « Au » empty', () => {
    expect(
      toClosureRows([
        { from: '2026-08-03', to: '2026-08-15', reason: 'Congés annuels' },
        { from: '2026-09-01', to: null, reason: null },
      ]),
    ).toEqual([
      { from: '2026-08-03', to: '2026-08-15', untilFurtherNotice: false, reason: 'Congés annuels' },
      { from: '2026-09-01', to: '', untilFurtherNotice: true, reason: '' },
    ]);
  });

  it('sends « Jusqu’à nouvel ordre » as no end, a blank reason as none, a reason trimmed', () => {
    expect(
      closuresBody([
        row({ reason: '  Congés annuels ' }),
        row({ from: '2026-09-01', to: '2026-09-04', untilFurtherNotice: true, reason: '   ' }),
      ]),
    ).toEqual([
      { from: '2026-08-03', to: '2026-08-15', reason: 'Congés annuels' },
      { from: '2026-09-01', to: null, reason: null },
    ]);
  });

  it('empties « Au » when « Jusqu’à nouvel ordre » is checked, and leaves it to fill when unchecked', () => {
    const checked = withUntilFurtherNotice(row(), true);
    expect(checked).toMatchObject({ untilFurtherNotice: true, to: '' });
    expect(withUntilFurtherNotice(checked, false)).toMatchObject({ untilFurtherNotice: false, to: '' });
  });

  it('starts a new closure today, its last day to choose', () => {
    expect(newClosureRow('2026-11-27')).toEqual({
      from: '2026-11-27',
      to: '',
      untilFurtherNotice: false,
      reason: '',
    });
  });

  it('asks for a first day, and for a last day unless « Jusqu’à nouvel ordre »', () => {
    expect(
      closureRowErrors([row(), row({ from: '', to: '' }), row({ to: '', untilFurtherNotice: true })]),
    ).toEqual({ '1.from': MISSING_FROM, '1.to': MISSING_TO });
  });

  it('lays its own words over the schema’s on the same field', () => {
    const rows = [row({ from: '' })];
    expect(
      withClosureRowErrors(
        {
          'closures.0.from': 'Date invalide : une date existante au format AAAA-MM-JJ est attendue.',
          name: 'x',
        },
        rows,
      ),
    ).toEqual({ 'closures.0.from': MISSING_FROM, name: 'x' });
  });

  it('gets the contract’s messages on the form’s row: an end before the start, more than 20', () => {
    const sent = closuresBody([row({ from: '2026-09-10', to: '2026-09-12' }), row({ to: '2026-08-01' })]);
    const result = ClosuresBodySchema.safeParse(sent);
    expect(result.success).toBe(false);
    // The second row of the form, although it starts first.
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['1.to', 'La fin de la fermeture ne peut précéder son début.'],
    ]);
    const many = ClosuresBodySchema.safeParse(closuresBody(Array.from({ length: 21 }, () => row())));
    expect(many.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['', 'Au plus 20 fermetures.'],
    ]);
  });

  it('offers « Ajouter une fermeture » up to 20', () => {
    expect(canAddClosure(Array.from({ length: 19 }, () => row()))).toBe(true);
    expect(canAddClosure(Array.from({ length: 20 }, () => row()))).toBe(false);
  });

  it('puts away under « Passées » only the saved closures that ended before today', () => {
    const today = '2026-11-27';
    const rows = [
      row({ from: '2026-08-03', to: '2026-08-15' }),
      row({ from: '2026-11-20', to: '2026-11-27' }),
      row({ from: '2026-10-01', to: '', untilFurtherNotice: true }),
      // Being typed: the year « 0002 » on the way to « 2026 ».
      row({ from: '2026-12-01', to: '0002-12-05' }),
    ];
    const saved = [
      { from: '2026-08-03', to: '2026-08-15', reason: null },
      { from: '2026-10-01', to: null, reason: null },
      { from: '2026-11-20', to: '2026-11-27', reason: null },
    ];
    expect(isPastClosure(rows[0]!, today)).toBe(true);
    expect(isPastClosure(rows[1]!, today)).toBe(false);
    expect(splitClosureRows(rows, today, saved)).toEqual({ current: [1, 2, 3], past: [0] });
  });

  it('keeps the record’s shape in the back office, the reason as typed', () => {
    const rows = [row({ reason: 'Congés ' }), row({ to: '', untilFurtherNotice: true }), row({ to: '' })];
    expect(closureValuesOf(rows)).toEqual([
      { from: '2026-08-03', to: '2026-08-15', reason: 'Congés ' },
      { from: '2026-08-03', to: null, reason: null },
      { from: '2026-08-03', to: '', reason: null },
    ]);
    expect(toClosureRows(closureValuesOf(rows))).toEqual([
      row({ reason: 'Congés ' }),
      row({ to: '', untilFurtherNotice: true }),
      row({ to: '' }),
    ]);
  });
});
