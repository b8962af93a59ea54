import type { EstablishmentRow } from './establishments.queries';

/** Every field of the public view: what anonymous visitors and the public page get. */
export function toPublicEstablishment(row: EstablishmentRow) {
  return {
    id: row.id,
    uri: row.uri,
    kind: row.kind,
    name: row.name,
    venueType: row.venueType,
    description: row.description,
    address: { street: row.street, postcode: row.postcode, town: row.town },
    location: { latitude: row.latitude, longitude: row.longitude },
    phone: row.phone,
    email: row.email,
    website: row.website,
    openingHours: row.openingHours,
    priceRange: row.priceRange,
    categories: row.categoryIds,
    photo: row.photoUrl === null ? null : { url: row.photoUrl, isFacebookShared: row.photoIsFacebookShared },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The owner's view: the public view plus its link and state, never the claim code. */
export function toEstablishment(row: EstablishmentRow) {
  return { ...toPublicEstablishment(row), restaurantOwner: row.ownerId, disabled: row.disabled };
}

/** The administrators' view: everything, claim code included. */
export function toAdminEstablishment(row: EstablishmentRow) {
  return { ...toEstablishment(row), claimCode: row.claimCode };
}
