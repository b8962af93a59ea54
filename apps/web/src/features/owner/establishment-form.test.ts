import { describe, expect, it } from 'vitest';
import {
  PatchEstablishmentBodySchema,
  type Establishment,
} from '@tables-voisines/contract/schemas/establishment';
import { checkForm } from './form-errors';
import {
  establishmentFieldOf,
  newHoursRow,
  sortHours,
  toEstablishmentForm,
  toEstablishmentPatch,
} from './establishment-form';

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
  disabledAt: null,
  disabledReason: null,
  previousUris: [],
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
    expect(form.openingHours.map(({ day, opens, closes }) => ({ day, opens, closes }))).toEqual([
      { day: 1, opens: '12:00', closes: '14:30' },
      { day: 2, opens: '12:00', closes: '14:00' },
      { day: 2, opens: '19:00', closes: '23:00' },
    ]);
    expect(new Set(form.openingHours.map((row) => row.key)).size).toBe(3);
  });

  it('sends back a body the contract accepts, blank fields cleared', () => {
    const form = {
      ...toEstablishmentForm(establishment),
      phone: '  ',
      website: 'www.chez-toto.fr',
      description: 'Cuisine lyonnaise',
      postcode: '',
    };
    const parsed = PatchEstablishmentBodySchema.parse(toEstablishmentPatch(form).body);
    expect(parsed).toMatchObject({
      name: 'Chez Toto',
      phone: null,
      website: 'https://www.chez-toto.fr',
      description: 'Cuisine lyonnaise',
      address: { street: '3 rue Mercière', postcode: null, town: 'Lyon' },
      priceRange: '€€',
      categories: ['1d3b8e9a-2f4c-4b6d-8e0a-7c5f3a1b9d22'],
    });
    expect(parsed.openingHours).toEqual([
      { day: 1, opens: '12:00', closes: '14:30' },
      { day: 2, opens: '12:00', closes: '14:00' },
      { day: 2, opens: '19:00', closes: '23:00' },
    ]);
    // Only what an owner may change: never the page address, owner or visibility.
    expect(Object.keys(parsed)).not.toContain('uri');
    expect(Object.keys(parsed)).not.toContain('disabled');
    expect(Object.keys(parsed)).not.toContain('restaurantOwner');
  });

  it('puts an address message under its own field', () => {
    expect(establishmentFieldOf('address.postcode', [])).toBe('postcode');
    expect(establishmentFieldOf('openingHours', [4, 2])).toBe('openingHours');
    expect(establishmentFieldOf('openingHours.1.closes', [4, 2])).toBe('openingHours.2.closes');
  });

  it('puts an opening-hours message under the row that caused it, however the rows were reordered', () => {
    const form = toEstablishmentForm(establishment);
    // Tuesday lunch moved after dinner, with a closing time that does not exist: sent second of Tuesday,
    // shown first.
    const [monday, tuesdayLunch, tuesdayDinner] = form.openingHours;
    const moved = { ...tuesdayLunch!, opens: '23:30', closes: '25:00' };
    const values = { ...form, openingHours: [monday!, moved, tuesdayDinner!] };
    const { body, rowOfHours } = toEstablishmentPatch(values);
    const check = checkForm(PatchEstablishmentBodySchema, body);
    expect(check.ok).toBe(false);
    const errors = Object.keys(!check.ok ? check.errors : {}).map((path) =>
      establishmentFieldOf(path, rowOfHours),
    );
    expect(errors).toEqual([`openingHours.${moved.key}.closes`]);

    // A row added re-sorts the week, one removed shifts it: the server's message still finds its row.
    const added = newHoursRow(1);
    const resorted = sortHours([...values.openingHours.filter((row) => row !== monday), added]);
    const sent = toEstablishmentPatch({ ...values, openingHours: resorted });
    const overlapAt = sent.body.openingHours.findIndex((h) => h.day === 2 && h.opens === '23:30');
    expect(establishmentFieldOf(`openingHours.${overlapAt}.opens`, sent.rowOfHours)).toBe(
      `openingHours.${moved.key}.opens`,
    );
    expect(new Set(sent.rowOfHours)).toEqual(new Set([added.key, moved.key, tuesdayDinner!.key]));
  });
});
