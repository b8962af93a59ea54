import { getSimpleValidationResolver } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { CreateEstablishmentBodySchema } from '@tables-voisines/contract/schemas/establishment';
import { CreateGroupBodySchema } from '@tables-voisines/contract/schemas/group';
import { fieldErrorText, zodValidator } from './form-errors';

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

describe('toHttpError', () => {
  it('puts a validation detail or a one-field conflict under its field, with the French message', async () => {
    const { toHttpError } = await import('./data-provider');
    const { ApiError } = await import('../../lib/api-client');
    const validation = toHttpError(
      new ApiError('ValidationError', 'Certaines informations sont invalides.', 400, {
        code: 'ValidationError',
        message: 'Certaines informations sont invalides.',
        details: [{ path: 'address.postcode', message: 'Code postal invalide.' }],
      }),
    ) as { message: string; status: number; body: { errors: unknown } };
    expect(validation.status).toBe(400);
    expect(validation.body.errors).toEqual({ address: { postcode: 'Code postal invalide.' } });

    const conflict = toHttpError(
      new ApiError('UriAlreadyUsed', 'Cette adresse de page est déjà utilisée.', 409, {}),
    ) as { message: string; body: { errors: unknown } };
    expect(conflict.message).toBe('Cette adresse de page est déjà utilisée.');
    expect(conflict.body.errors).toEqual({ uri: 'Cette adresse de page est déjà utilisée.' });

    const unknownCategory = toHttpError(
      new ApiError('ValidationError', 'Certaines catégories n’existent pas.', 400, {
        code: 'ValidationError',
        message: 'Certaines catégories n’existent pas.',
        details: [{ path: 'categories.0', message: 'Catégorie inconnue.' }],
      }),
    ) as { body: { errors: unknown } };
    expect(unknownCategory.body.errors).toEqual({ categories: 'Catégorie inconnue.' });
  });
});

describe('fieldErrorText', () => {
  it('reads the words of a nested error from the form check, as react-admin hands it to the input', async () => {
    const resolve = getSimpleValidationResolver(zodValidator(CreateEstablishmentBodySchema));
    const { errors } = await resolve(
      {
        kind: 'restaurant',
        name: 'Chez Toto',
        venueType: 'restaurant',
        address: { town: 'Lyon' },
        location: { latitude: 45.76, longitude: 4.83 },
        openingHours: [
          { day: 2, opens: '12:00', closes: '12:00' },
          { day: 3, opens: '12:00', closes: '14:00' },
          { day: 3, opens: '13:00', closes: '22:00' },
        ],
      },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    const hours = errors.openingHours as unknown as Record<string, Record<string, unknown>>;
    // react-admin wraps each message in an object: rendered as is, it broke the page.
    expect(typeof (hours['0']?.closes as { message: unknown }).message).toBe('object');
    expect(fieldErrorText(hours['0']?.closes)).toBe(
      'L’heure de fermeture doit différer de l’heure d’ouverture.',
    );
    expect(fieldErrorText(hours['2']?.opens)).toBe('Cette plage chevauche une autre plage du même jour.');
    expect(fieldErrorText(hours['1']?.opens)).toBeUndefined();
  });

  it("reads the server's message set on a field, and nothing from a branch of nested errors", () => {
    expect(fieldErrorText({ type: 'server', message: 'Heure invalide' })).toBe('Heure invalide');
    expect(fieldErrorText({ 0: { closes: { type: 'server', message: 'Heure invalide' } } })).toBeUndefined();
    expect(fieldErrorText(undefined)).toBeUndefined();
  });
});
