import { describe, expect, it } from 'vitest';
import { flatFieldErrors, isIssueList, serverFieldErrors, toNested } from './form-errors';

const validation = (details: unknown) => ({
  code: 'ValidationError',
  message: 'Certaines informations envoyées ne sont pas valides.',
  details,
});

describe('flatFieldErrors', () => {
  it('keeps the first message of each path, dotted, list indices included', () => {
    expect(
      flatFieldErrors([
        { path: 'dishes.2.price', message: 'Prix invalide.' },
        { path: 'dishes.2.price', message: 'second' },
        { path: ['address', 'town'], message: 'Ce champ est obligatoire.' },
        { path: ['items', 0, 'name'], message: 'Nom invalide.' },
        { path: '', message: 'JSON mal formé' },
      ]),
    ).toEqual({
      'dishes.2.price': 'Prix invalide.',
      'address.town': 'Ce champ est obligatoire.',
      'items.0.name': 'Nom invalide.',
      '': 'JSON mal formé',
    });
  });
});

describe('serverFieldErrors', () => {
  it("gives a ValidationError's details by path", () => {
    const error = validation([
      { path: 'items.1.category', message: 'Catégorie inconnue.' },
      { path: 'items.1.category', message: 'Second message ignoré.' },
    ]);
    expect(serverFieldErrors(error)).toEqual({ 'items.1.category': 'Catégorie inconnue.' });
  });

  it('puts the message of an error code that names a field under that field', () => {
    const error = { code: 'UriAlreadyUsed', message: 'Cette adresse de page est déjà utilisée.' };
    expect(serverFieldErrors(error, { UriAlreadyUsed: 'uri' })).toEqual({
      uri: 'Cette adresse de page est déjà utilisée.',
    });
    expect(serverFieldErrors(error)).toEqual({});
  });

  it('names no field for details that are not a list of { path, message }, nor for another code', () => {
    expect(serverFieldErrors(validation(undefined))).toEqual({});
    expect(serverFieldErrors(validation([{ path: 'a' }]))).toEqual({});
    expect(serverFieldErrors(validation({ allow: ['GET'] }))).toEqual({});
    expect(
      serverFieldErrors({
        code: 'InvalidToken',
        message: 'Lien invalide.',
        details: [{ path: 'token', message: 'Ce lien est invalide, a expiré ou a déjà servi.' }],
      }),
    ).toEqual({});
    expect(isIssueList([{ path: '', message: 'x' }])).toBe(true);
  });
});

describe('toNested', () => {
  it('nests the paths as react-admin takes them; the whole body is the form’s root error', () => {
    expect(
      toNested(
        serverFieldErrors(
          validation([
            { path: 'address.town', message: 'La ville est obligatoire.' },
            { path: 'address.town', message: 'second' },
            { path: 'openingHours.0.closes', message: 'Heure invalide' },
            { path: 'dishes.2.price', message: 'Prix invalide.' },
            { path: '', message: 'JSON mal formé' },
          ]),
        ),
      ),
    ).toEqual({
      address: { town: 'La ville est obligatoire.' },
      openingHours: { 0: { closes: 'Heure invalide' } },
      dishes: { 2: { price: 'Prix invalide.' } },
      root: { serverError: 'JSON mal formé' },
    });
  });

  it('puts the error of a list’s item under the list’s input, where the admin sees it', () => {
    // The API refuses an unknown category at `categories.1`: the categories input has no field per item.
    expect(
      toNested(
        flatFieldErrors([
          { path: 'categories.1', message: 'Catégorie inconnue.' },
          { path: 'categories.3', message: 'second' },
          { path: ['items', 0], message: 'Plat invalide' },
        ]),
      ),
    ).toEqual({ categories: 'Catégorie inconnue.', items: 'Plat invalide' });
  });

  it('gives the owners’ flat messages and the admins’ nested ones from the same answer', () => {
    const flat = serverFieldErrors(validation([{ path: 'dishes.2.price', message: 'Prix invalide.' }]));
    expect(flat).toEqual({ 'dishes.2.price': 'Prix invalide.' });
    expect(toNested(flat)).toEqual({ dishes: { 2: { price: 'Prix invalide.' } } });
  });
});
