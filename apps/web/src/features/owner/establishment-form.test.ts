import { describe, expect, it } from 'vitest';
import {
  PatchEstablishmentBodySchema,
  type Establishment,
} from '@tables-voisines/contract/schemas/establishment';
import {
  checkEstablishment,
  establishmentFieldOf,
  establishmentResolver,
  establishmentSnapshot,
  photoToShow,
  toEstablishmentForm,
  toEstablishmentPatch,
  withNewHoursRow,
  withoutPhoto,
} from './establishment-form';
import { anEstablishment } from '../../test/factories';

const establishment: Establishment = anEstablishment({
  id: '6f1c2a7e-5b0d-4c39-8f5e-2d6b9a1e4c77',
  uri: 'chez-toto-a-lyon',
  name: 'Chez Toto',
  venueType: 'brasserie',
  phone: '04 78 00 00 00',
  website: 'https://chez-toto.fr',
  openingHours: [
    { day: 2, opens: '19:00', closes: '23:00' },
    { day: 1, opens: '12:00', closes: '14:30' },
    { day: 2, opens: '12:00', closes: '14:00' },
  ],
  priceRange: '€€',
  categories: ['1d3b8e9a-2f4c-4b6d-8e0a-7c5f3a1b9d22'],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

describe('the establishment form', () => {
  it('shows empty fields for what is missing and the week in reading order', () => {
    const form = toEstablishmentForm(establishment);
    expect(form).toMatchObject({
      description: '',
      email: '',
      priceRange: '€€',
      town: 'Lyon',
      street: '3 rue Mercière',
      photo: { kind: 'published' },
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

  it('puts an address or photo message under its own field', () => {
    expect(establishmentFieldOf('address.postcode', [])).toBe('postcode');
    expect(establishmentFieldOf('photo.url', [])).toBe('photo');
    expect(establishmentFieldOf('openingHours', [2, 0])).toBe('openingHours');
    expect(establishmentFieldOf('openingHours.1.closes', [2, 0])).toBe('openingHours.0.closes');
    const check = checkEstablishment({ ...toEstablishmentForm(establishment), town: ' ', name: '' });
    expect(!check.ok && check.errors).toEqual({
      name: 'Ce champ est obligatoire.',
      town: 'Ce champ est obligatoire.',
    });
  });

  it('puts an opening-hours message under the row that caused it, however the rows were reordered', () => {
    const form = toEstablishmentForm(establishment);
    // Tuesday lunch moved after dinner, with a closing time that does not exist: sent second of Tuesday,
    // shown first.
    const [monday, tuesdayLunch, tuesdayDinner] = form.openingHours;
    const moved = { ...tuesdayLunch!, opens: '23:30', closes: '25:00' };
    const values = { ...form, openingHours: [monday!, moved, tuesdayDinner!] };
    const check = checkEstablishment(values);
    expect(!check.ok && Object.keys(check.errors)).toEqual(['openingHours.1.closes']);

    // A row added re-sorts the week: the message follows its row, now after the new Tuesday one.
    const resorted = withNewHoursRow(values.openingHours, 2);
    expect(resorted.map((row) => `${row.day} ${row.opens}`)).toEqual([
      '1 12:00',
      '2 12:00',
      '2 19:00',
      '2 23:30',
    ]);
    const again = checkEstablishment({ ...values, openingHours: resorted });
    expect(!again.ok && again.errors['openingHours.3.closes']).toBe(
      'Heure invalide : le format HH:MM est attendu (de 00:00 à 23:59).',
    );
    // Two slots of a day that overlap: the later one is told, under its opening time.
    expect(!again.ok && again.errors['openingHours.1.opens']).toBe(undefined);
    const overlap = checkEstablishment({
      ...form,
      openingHours: [
        { day: 1, opens: '19:00', closes: '23:00' },
        { day: 1, opens: '12:00', closes: '20:00' },
      ],
    });
    expect(!overlap.ok && overlap.errors).toEqual({
      'openingHours.0.opens': 'Cette plage chevauche une autre plage du même jour.',
    });
  });

  it('gives react-hook-form the body to send, or the messages on its fields', async () => {
    const options = { fields: {}, shouldUseNativeValidation: false };
    const valid = await establishmentResolver(toEstablishmentForm(establishment), undefined, options);
    expect(valid.errors).toEqual({});
    expect(valid.values).toMatchObject({ name: 'Chez Toto', address: { town: 'Lyon' } });
    const form = toEstablishmentForm(establishment);
    const invalid = await establishmentResolver(
      { ...form, postcode: 'abc', openingHours: [{ day: 3, opens: '9', closes: '18:00' }] },
      undefined,
      options,
    );
    expect(invalid.values).toEqual({});
    expect(invalid.errors).toMatchObject({
      postcode: { type: 'validation', message: expect.any(String) },
      openingHours: [
        { opens: { message: 'Heure invalide : le format HH:MM est attendu (de 00:00 à 23:59).' } },
      ],
    });
  });

  it('publishes a new photo with the rest of the page, and never re-sends the published one', () => {
    const published = { url: 'https://photos.example.fr/devanture.jpg', isFacebookShared: true };
    const form = toEstablishmentForm({ ...establishment, photo: published });
    // The published photo, even one not uploaded through the site, is left as it is.
    expect(toEstablishmentPatch(form).body).not.toHaveProperty('photo');
    expect(photoToShow(form.photo, published)).toEqual({ url: published.url, unpublished: false });
    // A new photo: shown as not yet published, sent with the page.
    const uploaded = { ...form, photo: { kind: 'new' as const, url: '/media/0b7c.jpg' } };
    expect(toEstablishmentPatch(uploaded).body).toMatchObject({ photo: { url: '/media/0b7c.jpg' } });
    expect(photoToShow(uploaded.photo, published)).toEqual({ url: '/media/0b7c.jpg', unpublished: true });
    expect(establishmentSnapshot(uploaded)).not.toBe(establishmentSnapshot(form));
    // Taken off: `null` clears it.
    const removed = { ...form, photo: withoutPhoto(published) };
    expect(PatchEstablishmentBodySchema.parse(toEstablishmentPatch(removed).body).photo).toBeNull();
    expect(photoToShow(removed.photo, published)).toBeNull();
    // A new photo taken off where there was none: nothing left to publish.
    const none = toEstablishmentForm(establishment);
    expect(establishmentSnapshot({ ...none, photo: withoutPhoto(null) })).toBe(establishmentSnapshot(none));
  });

  it('counts a change typed then undone as nothing to publish', () => {
    const form = toEstablishmentForm(establishment);
    const edited = { ...form, description: 'Bouchon' };
    expect(establishmentSnapshot(edited)).not.toBe(establishmentSnapshot(form));
    expect(establishmentSnapshot({ ...edited, description: '' })).toBe(establishmentSnapshot(form));
    // The week in another order is the same week.
    const shuffled = { ...form, openingHours: [...form.openingHours].reverse() };
    expect(establishmentSnapshot(shuffled)).toBe(establishmentSnapshot(form));
  });

  it('sends « Fermetures exceptionnelles » with the page, « Jusqu’à nouvel ordre » as no end', () => {
    const form = toEstablishmentForm({
      ...establishment,
      closures: [{ from: '2026-08-03', to: null, reason: 'Travaux' }],
    });
    expect(form.closures).toEqual([
      { from: '2026-08-03', to: '', untilFurtherNotice: true, reason: 'Travaux' },
    ]);
    const added = {
      ...form,
      closures: [
        ...form.closures,
        { from: '2026-07-20', to: '2026-07-31', untilFurtherNotice: false, reason: 'Congés annuels' },
      ],
    };
    const check = checkEstablishment(added);
    expect(check.ok).toBe(true);
    // In the form's order, which the contract keeps so that its messages name the rows; the server stores
    // them by their first day.
    expect(check.ok && check.data.closures).toEqual([
      { from: '2026-08-03', to: null, reason: 'Travaux' },
      { from: '2026-07-20', to: '2026-07-31', reason: 'Congés annuels' },
    ]);
    expect(establishmentSnapshot(added)).not.toBe(establishmentSnapshot(form));
  });

  it('puts a closure’s message under the field of its row: the form’s, the schema’s, the server’s', () => {
    const form = toEstablishmentForm(establishment);
    const check = checkEstablishment({
      ...form,
      closures: [
        { from: '2026-09-10', to: '', untilFurtherNotice: true, reason: '' },
        { from: '2026-08-15', to: '2026-08-03', untilFurtherNotice: false, reason: '' },
        { from: '', to: '', untilFurtherNotice: false, reason: 'x'.repeat(121) },
      ],
    });
    expect(check).toEqual({
      ok: false,
      errors: {
        'closures.1.to': 'La fin de la fermeture ne peut précéder son début.',
        'closures.2.from': 'Indiquez le premier jour de la fermeture.',
        'closures.2.to': 'Indiquez le dernier jour, ou cochez «\u00a0Jusqu’à nouvel ordre\u00a0».',
        'closures.2.reason': expect.stringContaining('120'),
      },
    });
    const tooMany = checkEstablishment({
      ...form,
      closures: Array.from({ length: 21 }, () => ({
        from: '2026-08-03',
        to: '2026-08-15',
        untilFurtherNotice: false,
        reason: '',
      })),
    });
    expect(tooMany).toEqual({ ok: false, errors: { closures: 'Au plus 20 fermetures.' } });
    // The server's details name the sent entry, which is the form's row.
    expect(establishmentFieldOf('closures.0.to', [])).toBe('closures.0.to');
  });
});
