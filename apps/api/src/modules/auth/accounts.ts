import type { Permission } from '@tables-voisines/contract/schemas/permission';
import type { Db } from '../../db/client';
import type { AuthAccount } from '../../lib/auth-account';
import { findAdminById } from '../admins/admins.queries';
import { findOwnerById } from '../owners/owners.queries';

/** The account a token names, as it is now; `null` once deleted. What the auth plugin is given to load it. */
export async function loadAuthAccount(
  db: Db,
  role: AuthAccount['role'],
  id: string,
): Promise<AuthAccount | null> {
  if (role === 'admin') {
    const row = await findAdminById(db, id);
    return row === null
      ? null
      : {
          role: 'admin',
          id: row.id,
          username: row.username,
          permissions: row.permissions as Permission[],
          tokenVersion: row.tokenVersion,
        };
  }
  const row = await findOwnerById(db, id);
  return row === null
    ? null
    : {
        role: 'restaurant-owner',
        id: row.id,
        email: row.email,
        confirmed: row.confirmed,
        establishmentId: row.establishmentId,
        tokenVersion: row.tokenVersion,
      };
}
