import { canOnEvery, type AppAbility } from '@tables-voisines/contract/permissions';
import type { FastifyReply } from 'fastify';
import type { Auth } from '../../lib/auth-account';
import { etagOf } from '../../writes/preconditions';
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
    closures: row.closures,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    priceRange: row.priceRange,
    categories: row.categoryIds,
    photo: row.photoUrl === null ? null : { url: row.photoUrl, isFacebookShared: row.photoIsFacebookShared },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The owner's view: the public view plus its link, its visibility and its earlier addresses; no claim code. */
export function toEstablishment(row: EstablishmentRow) {
  return {
    ...toPublicEstablishment(row),
    restaurantOwner: row.ownerId,
    disabled: row.disabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    closedForGood: row.closedForGoodAt !== null,
    previousUris: row.previousUris,
  };
}

/**
 * The view of administrators allowed to change every establishment: everything, claim code and the only
 * address it is mailed to included.
 */
export function toAdminEstablishment(row: EstablishmentRow) {
  return { ...toEstablishment(row), claimCode: row.claimCode, claimEmail: row.claimEmail };
}

/**
 * The full view for a caller: the claim code only to those who may change every establishment (it links
 * an owner to the page); an admin who may only read gets the owner's view.
 */
export function presenterFor(ability: AppAbility) {
  return canOnEvery(ability, 'update', 'establishment') ? toAdminEstablishment : toEstablishment;
}

/** Admins who may change every establishment see the claim code; an owner, or an admin who may only read, not. */
export function presentEstablishmentFor(auth: Auth, row: EstablishmentRow) {
  return presenterFor(auth.ability)(row);
}

/** A record as answered to a signed-in caller, with its `ETag` (what `If-Match` compares with). */
export function sendEstablishment(reply: FastifyReply, auth: Auth, row: EstablishmentRow) {
  reply.header('etag', etagOf(row)).header('cache-control', 'private, no-store');
  return presentEstablishmentFor(auth, row);
}
