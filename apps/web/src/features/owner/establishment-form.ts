import {
  PatchEstablishmentBodySchema,
  type PatchEstablishmentBody,
  type Photo,
  type PublicEstablishment,
} from '@tables-voisines/contract/schemas/establishment';
import type { PriceRange, VenueType } from '@tables-voisines/contract/labels';
import { closuresBody, toClosureRows, withClosureRowErrors, type ClosureRow } from '../closures/closure-rows';
import { contractResolver } from './contract-resolver';
import { checkForm, type FormCheck } from './form-errors';

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
}

/**
 * The photo as the form holds it: the one published (or none), a new one uploaded but not yet published,
 * or the published one taken off. A new photo is stored when uploaded, and only set on the page when the
 * form is published.
 */
export type PhotoChoice = { kind: 'published' } | { kind: 'new'; url: string } | { kind: 'removed' };

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
  /** « Fermetures exceptionnelles », in the form's order (`features/closures`). */
  closures: ClosureRow[];
  photo: PhotoChoice;
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
    openingHours: sortHours(e.openingHours.map(({ day, opens, closes }) => ({ day, opens, closes }))),
    closures: toClosureRows(e.closures),
    photo: { kind: 'published' },
  };
}

/** Monday first, then by opening time: the order people read a week in. */
export function sortHours<Row extends OpeningHoursRow>(hours: readonly Row[]): Row[] {
  return [...hours].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens));
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value);

/**
 * The PATCH body (schema input): a blank optional field clears it (`null`); the address is sent whole, so the
 * form's view of it is the one kept; the photo only when it changes; the closures whole, as rows are. The opening hours go in reading order,
 * which is not the form's once a time was changed: `rowOfHours` gives, for each sent entry, the index of its
 * form row.
 */
export function toEstablishmentPatch(values: EstablishmentFormValues) {
  const hours = sortHours(values.openingHours.map((row, index) => ({ ...row, index })));
  const photo =
    values.photo.kind === 'new'
      ? { photo: { url: values.photo.url } }
      : values.photo.kind === 'removed'
        ? { photo: null }
        : {};
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
      // The whole list, in the form's order: a message about `closures.1.to` is about its second row.
      closures: closuresBody(values.closures),
      ...photo,
    },
    rowOfHours: hours.map(({ index }) => index),
  };
}

/**
 * The form field a server or schema path belongs to: `address.town` is the `town` field, `photo.url` the
 * photo; the sent entry of `openingHours.2.closes` is found back by `rowOfHours` (`toEstablishmentPatch`),
 * whatever place the row has in the form.
 */
export function establishmentFieldOf(path: string, rowOfHours: readonly number[]): string {
  if (path.startsWith('address.')) return path.slice('address.'.length);
  if (path === 'photo.url') return 'photo';
  const hours = /^openingHours\.(\d+)(\..*)?$/.exec(path);
  const row = hours === null ? undefined : rowOfHours[Number(hours[1])];
  return row === undefined ? path : `openingHours.${row}${hours![2] ?? ''}`;
}

/** The form checked by the contract's schema: the body to send, or messages keyed by form field. */
export function checkEstablishment(values: EstablishmentFormValues): FormCheck<PatchEstablishmentBody> {
  const { body, rowOfHours } = toEstablishmentPatch(values);
  const check = checkForm(PatchEstablishmentBodySchema, body);
  const schemaErrors = check.ok
    ? {}
    : Object.fromEntries(
        Object.entries(check.errors).map(([path, message]) => [
          establishmentFieldOf(path, rowOfHours),
          message,
        ]),
      );
  const errors = withClosureRowErrors(schemaErrors, values.closures);
  if (check.ok && Object.keys(errors).length === 0) return check;
  return { ok: false, errors };
}

/** react-hook-form's resolver of « Ma page ». */
export const establishmentResolver = contractResolver(checkEstablishment);

/**
 * What publishing would change, to compare with what is published: a change typed then undone, or a form
 * the server wrote its own way (`www.…` → `https://www.…`) once published, is nothing to publish.
 */
export function establishmentSnapshot(values: EstablishmentFormValues): string {
  return JSON.stringify(toEstablishmentPatch(values).body);
}

/** A new row for `day`, lunch by default (the usual first slot of a restaurant), in reading order. */
export function withNewHoursRow(rows: readonly OpeningHoursRow[], day: number): OpeningHoursRow[] {
  return sortHours([...rows, { day, opens: '12:00', closes: '14:00' }]);
}

/** « Retirer la photo »: the published one taken off, or none again when there was none. */
export function withoutPhoto(published: Photo): PhotoChoice {
  return published === null ? { kind: 'published' } : { kind: 'removed' };
}

/** The photo the page would show once published, and whether it is not published yet. */
export function photoToShow(
  choice: PhotoChoice,
  published: Photo,
): { url: string; unpublished: boolean } | null {
  if (choice.kind === 'new') return { url: choice.url, unpublished: true };
  if (choice.kind === 'removed' || published === null) return null;
  return { url: published.url, unpublished: false };
}
