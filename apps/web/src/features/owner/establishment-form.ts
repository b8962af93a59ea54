import type { PublicEstablishment } from '@tables-voisines/contract/schemas/establishment';
import type { PriceRange, VenueType } from '@tables-voisines/contract/labels';

/*
 * "Ma page": the establishment as the form holds it (text fields as typed) and back to the body of
 * `PATCH /api/establishment/{id}`, checked by the contract's `PatchEstablishmentBodySchema`. Only the fields
 * an owner may edit (contract `OWNER_EDITABLE_ESTABLISHMENT_FIELDS`); the page address, owner and
 * visibility stay with the admins.
 */

export interface OpeningHoursRow {
  day: number;
  opens: string;
  closes: string;
  /**
   * Names the row for as long as the form lives: the week is re-sorted and rows are removed, so a message
   * keyed by a position would move to another row (`openingHours.{key}.closes`).
   */
  key: number;
}

let nextHoursKey = 0;
const withKey = ({ day, opens, closes }: Omit<OpeningHoursRow, 'key'>): OpeningHoursRow => ({
  day,
  opens,
  closes,
  key: nextHoursKey++,
});

export interface EstablishmentFormValues {
  name: string;
  venueType: VenueType;
  description: string;
  street: string;
  postcode: string;
  town: string;
  phone: string;
  email: string;
  website: string;
  priceRange: PriceRange | '';
  /** Category ids: what the place serves, shown on its page and used by the map's filters. */
  categories: string[];
  openingHours: OpeningHoursRow[];
}

export function toEstablishmentForm(e: PublicEstablishment): EstablishmentFormValues {
  return {
    name: e.name,
    venueType: e.venueType,
    description: e.description ?? '',
    street: e.address.street ?? '',
    postcode: e.address.postcode ?? '',
    town: e.address.town,
    phone: e.phone ?? '',
    email: e.email ?? '',
    website: e.website ?? '',
    priceRange: e.priceRange ?? '',
    categories: [...e.categories],
    openingHours: sortHours(e.openingHours.map(withKey)),
  };
}

/** Monday first, then by opening time: the order people read a week in. */
export function sortHours<Row extends Omit<OpeningHoursRow, 'key'>>(hours: readonly Row[]): Row[] {
  return [...hours].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens));
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value);

/**
 * The PATCH body (schema input): a blank optional field clears it (`null`); the address is sent whole, so the
 * form's view of it is the one kept. The opening hours go in reading order, which is not the form's once a
 * time was changed: `rowOfHours` gives, for each sent entry, the key of its form row.
 */
export function toEstablishmentPatch(values: EstablishmentFormValues) {
  const hours = sortHours(values.openingHours);
  return {
    body: {
      name: values.name,
      venueType: values.venueType,
      description: blankToNull(values.description),
      address: {
        street: blankToNull(values.street),
        postcode: blankToNull(values.postcode),
        town: values.town,
      },
      phone: blankToNull(values.phone),
      email: blankToNull(values.email),
      website: blankToNull(values.website),
      priceRange: values.priceRange === '' ? null : values.priceRange,
      categories: values.categories,
      openingHours: hours.map(({ day, opens, closes }) => ({ day, opens, closes })),
    },
    rowOfHours: hours.map(({ key }) => key),
  };
}

/**
 * The form field a server or schema path belongs to: `address.town` is the `town` field; the sent entry of
 * `openingHours.2.closes` is found back by `rowOfHours` (`toEstablishmentPatch`) and the message keyed by its
 * row, `openingHours.{key}.closes`, whatever place the row has in the form.
 */
export function establishmentFieldOf(path: string, rowOfHours: readonly number[]): string {
  if (path.startsWith('address.')) return path.slice('address.'.length);
  const hours = /^openingHours\.(\d+)(\..*)?$/.exec(path);
  const key = hours === null ? undefined : rowOfHours[Number(hours[1])];
  return key === undefined ? path : `openingHours.${key}${hours![2] ?? ''}`;
}

/** A new row for `day`: lunch by default, the usual first slot of a restaurant. */
export function newHoursRow(day: number): OpeningHoursRow {
  return withKey({ day, opens: '12:00', closes: '14:00' });
}
