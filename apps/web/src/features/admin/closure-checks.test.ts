import { describe, expect, it } from 'vitest';
import { PatchEstablishmentBodySchema } from '@tables-voisines/contract/schemas/establishment';
import { closuresOfForm, withClosureRowChecks } from './closure-checks';
import { zodValidator } from './form-errors';

const validate = withClosureRowChecks(
  zodValidator(PatchEstablishmentBodySchema, (values) => ({
    ...values,
    closures: closuresOfForm(values.closures),
  })),
);

describe('the back office’s closures', () => {
  it('sends the record’s shape as the contract reads it', () => {
    expect(
      closuresOfForm([
        { from: '2026-08-03', to: '2026-08-15', reason: ' Congés annuels ' },
        { from: '2026-09-01', to: null, reason: null },
      ]),
    ).toEqual([
      { from: '2026-08-03', to: '2026-08-15', reason: 'Congés annuels' },
      { from: '2026-09-01', to: null, reason: null },
    ]);
  });

  it('shows each message under its row’s field, the form’s own words first', () => {
    expect(validate({ closures: [{ from: '2026-08-03', to: '2026-08-15', reason: null }] })).toEqual({});
    expect(
      validate({
        closures: [
          { from: '2026-08-15', to: '2026-08-03', reason: null },
          { from: '', to: '', reason: null },
        ],
      }),
    ).toEqual({
      closures: {
        0: { to: 'La fin de la fermeture ne peut précéder son début.' },
        1: {
          from: 'Indiquez le premier jour de la fermeture.',
          to: 'Indiquez le dernier jour, ou cochez «\u00a0Jusqu’à nouvel ordre\u00a0».',
        },
      },
    });
  });

  it('says more than 20 on the list', () => {
    const many = Array.from({ length: 21 }, () => ({ from: '2026-08-03', to: null, reason: null }));
    expect(validate({ closures: many })).toEqual({ closures: 'Au plus 20 fermetures.' });
  });
});
