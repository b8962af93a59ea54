import { describe, expect, it } from 'vitest';
import {
  PatchEstablishmentBodySchema,
  type Establishment,
} from '@tables-voisines/contract/schemas/establishment';
import { toEstablishmentForm, toEstablishmentPatch, establishmentFieldOf } from './establishment-form';

const establishment: Establishment = {
  id: '6f1c2a7e-5b0d-4c39-8f5e-2d6b9a1e4c77',
  uri: 'chez-toto-a-lyon',
  kind: 'restaurant',
  name: 'Chez Toto',
  venueType: 'brasserie',
  description: null,
  address: { street: '3 rue Mercière', postcode: '69002', town: 'Lyon' },
  location: { latitude: 45.76, longitude: 4.83 },
  phone: '04 78 00 00 00',
  email: null,
  website: 'https://chez-toto.fr',
  openingHours: [
    { day: 2, opens: '19:00', closes: '23:00' },
    { day: 1, opens: '12:00', closes: '14:30' },
    { day: 2, opens: '12:00', closes: '14:00' },
  ],
  priceRange: '€€',
  categories: ['1d3b8e9a-2f4c-4b6d-8e0a-7c5f3a1b9d22'],
  photo: null,
  restaurantOwner: null,
  disabled: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('the establishment form', () => {
  it('shows empty fields for what is missing and the week in reading order', () => {
    const form = toEstablishmentForm(establishment);
    expect(form).toMatchObject({
      description: '',
      email: '',
      priceRange: '€€',
      town: 'Lyon',
      street: '3 rue Mercière',
    });
    expect(form.openingHours).toEqual([
      { day: 1, opens: '12:00', closes: '14:30' },
      { day: 2, opens: '12:00', closes: '14:00' },
      { day: 2, opens: '19:00', closes: '23:00' },
    ]);
  });

  it('sends back a body the contract accepts, blank fields cleared', () => {
    const form = {
      ...toEstablishmentForm(establishment),
      phone: '  ',
      website: 'www.chez-toto.fr',
      description: 'Cuisine lyonnaise',
      postcode: '',
    };
    const parsed = PatchEstablishmentBodySchema.parse(toEstablishmentPatch(form));
    expect(parsed).toMatchObject({
      name: 'Chez Toto',
      phone: null,
      website: 'https://www.chez-toto.fr',
      description: 'Cuisine lyonnaise',
      address: { street: '3 rue Mercière', postcode: null, town: 'Lyon' },
      priceRange: '€€',
      categories: ['1d3b8e9a-2f4c-4b6d-8e0a-7c5f3a1b9d22'],
    });
    expect(parsed.openingHours).toHaveLength(3);
    // Only what an owner may change: never the page address, owner or visibility.
    expect(Object.keys(parsed)).not.toContain('uri');
    expect(Object.keys(parsed)).not.toContain('disabled');
    expect(Object.keys(parsed)).not.toContain('restaurantOwner');
  });

  it('puts an address message under its own field', () => {
    expect(establishmentFieldOf('address.postcode')).toBe('postcode');
    expect(establishmentFieldOf('openingHours.1.closes')).toBe('openingHours.1.closes');
  });
});
