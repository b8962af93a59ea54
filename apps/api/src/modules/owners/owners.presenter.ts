import type { PublicRestaurantOwner, RestaurantOwner } from '@tables-voisines/contract/schemas/account';
import type { OwnerRow } from './owners.queries';

/** Never the password hash, codes or tokens. */
export function toOwner(row: OwnerRow): RestaurantOwner {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    confirmed: row.confirmed,
    establishment: row.establishmentId,
    confirmationCodeSentAt: row.confirmed ? null : (row.codeSentAt?.toISOString() ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What anyone may know: which establishment an owner account is linked to. */
export function toPublicOwner(row: OwnerRow): PublicRestaurantOwner {
  return { id: row.id, establishment: row.establishmentId };
}
