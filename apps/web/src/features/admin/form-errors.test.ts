import { describe, expect, it } from 'vitest';
import { CreateGroupBodySchema } from '@tables-voisines/contract/schemas/group';
import { issuesToFieldErrors, zodValidator } from './form-errors';

describe('issuesToFieldErrors', () => {
  it('nests the server paths and keeps the first message per field', () => {
    expect(
      issuesToFieldErrors([
        { path: 'address.town', message: 'La ville est obligatoire.' },
        { path: 'address.town', message: 'second' },
        { path: 'openingHours.0.closes', message: 'Heure invalide' },
        { path: '', message: 'JSON mal formé' },
      ]),
    ).toEqual({
      address: { town: 'La ville est obligatoire.' },
      openingHours: { 0: { closes: 'Heure invalide' } },
      root: { serverError: 'JSON mal formé' },
    });
  });
});

describe('zodValidator', () => {
  const validate = zodValidator(CreateGroupBodySchema);

  it('answers no error for a valid body', () => {
    expect(validate({ name: 'Lyon', latitude: 45.76, longitude: 4.83, radius: 10 })).toEqual({});
  });

  it("answers the contract's French messages per field", () => {
    const errors = validate({ name: 'Lyon', latitude: 45.76, longitude: 4.83, radius: 500 });
    expect(errors).toEqual({ radius: 'Le rayon ne peut dépasser 200 km.' });
  });
});
