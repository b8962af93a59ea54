import { describe, expect, it } from 'vitest';
import { SignUpBodySchema } from '@tables-voisines/contract/schemas/account';
import { PatchEstablishmentBodySchema } from '@tables-voisines/contract/schemas/establishment';
import { ApiError } from '../../lib/api-client';
import { checkForm, formFailure } from './form-errors';

describe('checkForm', () => {
  it('gives the parsed body when the form is valid', () => {
    // Kept as typed; only the address is read as the schema reads it (trimmed, lower case).
    const asTyped = { password: 'un mot de passe solide', firstName: 'Jeanne', lastName: 'Martin' };
    const check = checkForm(SignUpBodySchema, { ...asTyped, email: ' Jeanne@Exemple.FR ' });
    expect(check).toEqual({ ok: true, data: { ...asTyped, email: 'jeanne@exemple.fr' } });
  });

  it('puts the first French message of each field under it, nested paths dotted', () => {
    const check = checkForm(SignUpBodySchema, {
      email: 'pas-une-adresse',
      password: 'court',
      firstName: '',
      lastName: 'Martin',
    });
    expect(check).toEqual({
      ok: false,
      errors: {
        email: 'Adresse e-mail invalide.',
        password: 'Le mot de passe doit contenir au moins 10 caractères.',
        firstName: 'Ce champ est obligatoire.',
      },
    });
    const hours = checkForm(PatchEstablishmentBodySchema, {
      openingHours: [{ day: 1, opens: '12:00', closes: '25:00' }],
      address: { town: '' },
    });
    expect(hours.ok).toBe(false);
    expect(!hours.ok && hours.errors).toMatchObject({
      'openingHours.0.closes': 'Heure invalide : le format HH:MM est attendu (de 00:00 à 23:59).',
      'address.town': 'Ce champ est obligatoire.',
    });
  });
});

describe('formFailure', () => {
  it("shows the server's per-field messages of a ValidationError", () => {
    const error = new ApiError('ValidationError', 'Certains plats ont une catégorie inconnue.', 400, {
      code: 'ValidationError',
      message: 'Certains plats ont une catégorie inconnue.',
      details: [
        { path: 'items.1.category', message: 'Catégorie inconnue.' },
        { path: 'items.1.category', message: 'Second message ignoré.' },
      ],
    });
    expect(formFailure(error)).toEqual({
      fields: { 'items.1.category': 'Catégorie inconnue.' },
      message: null,
    });
  });

  it('says a problem with the whole body over the form, as the fields’ messages', () => {
    const error = new ApiError(
      'ValidationError',
      'Certaines informations envoyées ne sont pas valides.',
      400,
      {
        code: 'ValidationError',
        message: 'Certaines informations envoyées ne sont pas valides.',
        details: [
          { path: '', message: 'Le corps de la requête n’est pas du texte UTF-8 valide.' },
          { path: 'items.2.price', message: 'Prix invalide.' },
        ],
      },
    );
    expect(formFailure(error)).toEqual({
      fields: {
        '': 'Le corps de la requête n’est pas du texte UTF-8 valide.',
        'items.2.price': 'Prix invalide.',
      },
      message: 'Certaines informations envoyées ne sont pas valides.',
    });
    const empty = new ApiError(
      'ValidationError',
      'Certaines informations envoyées ne sont pas valides.',
      400,
      {
        code: 'ValidationError',
        message: 'Certaines informations envoyées ne sont pas valides.',
        details: [],
      },
    );
    expect(formFailure(empty)).toEqual({
      fields: {},
      message: 'Certaines informations envoyées ne sont pas valides.',
    });
  });

  it('puts an error code that names a field under that field', () => {
    const error = new ApiError('EmailAlreadyUsed', 'Cette adresse e-mail est déjà utilisée.', 409, {
      code: 'EmailAlreadyUsed',
      message: 'Cette adresse e-mail est déjà utilisée.',
    });
    expect(formFailure(error, { EmailAlreadyUsed: 'email' })).toEqual({
      fields: { email: 'Cette adresse e-mail est déjà utilisée.' },
      message: null,
    });
    expect(formFailure(error)).toEqual({ fields: {}, message: 'Cette adresse e-mail est déjà utilisée.' });
  });

  it('never shows the client’s English fallback or a network error as such', () => {
    const bare = new ApiError('UnexpectedError', 'Request failed with status code 502', 502, null);
    expect(formFailure(bare).message).toBe('Une erreur inattendue est survenue. Veuillez réessayer.');
    const offline = new ApiError('UnexpectedError', 'Failed to fetch', 0);
    expect(formFailure(offline).message).toBe(
      'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.',
    );
    expect(formFailure(new TypeError('x is undefined')).message).toBe(
      'Une erreur inattendue est survenue. Veuillez réessayer.',
    );
  });
});
