import type { Admin } from '@tables-voisines/contract/schemas/account';
import type { Permission } from '@tables-voisines/contract/schemas/permission';
import type { AdminRow } from './admins.queries';

/** Never the password hash. */
export function toAdmin(row: AdminRow): Admin {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    permissions: row.permissions as Permission[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
